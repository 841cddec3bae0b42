import { sql, type RawBuilder } from 'kysely';
import {
  decodeIdOf,
  DRAFT_ORDER_STATUSES,
  type Comparison,
  type SearchFields,
  type UserError,
} from '@stockroom/domain';
import { prefixWords, searchCondition, SQL_OPS } from '../../lib/search-sql.js';

/** What `draftOrders(query:)` understands (SPEC §7.4). Alias: d = draft_orders. */
export const DRAFT_SEARCH_FIELDS: SearchFields = {
  status: { kind: 'enum', values: DRAFT_ORDER_STATUSES },
  created_at: { kind: 'date' },
  updated_at: { kind: 'date' },
  customer_id: { kind: 'text' },
};

/** The words of the customer's name and email, as `draft_orders_search_idx` holds them. */
const DRAFT_SEARCH_TEXT = sql`coalesce(d.customer_name, '') || ' ' || coalesce(d.email, '')`;

/** A free word: the draft's name (#D12, D12, 12), an email, or the start of a word of its customer's name or email. */
function text(word: string): RawBuilder<boolean> {
  const bare = word.replace(/^#?d?/i, '');
  const parts: RawBuilder<boolean>[] = [];
  if (/^\d{1,15}$/.test(bare)) parts.push(sql<boolean>`d.number = ${Number(bare)}`);
  if (word.includes('@')) parts.push(sql<boolean>`lower(d.email) = ${word.toLowerCase()}`);
  const words = word.includes('@') ? null : prefixWords(sql`(${DRAFT_SEARCH_TEXT})`, word);
  if (words) parts.push(words);
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` or `)})` : sql<boolean>`false`;
}

function field(name: string, op: Comparison, value: unknown): RawBuilder<boolean> {
  const cmp = sql.raw(SQL_OPS[op]);
  switch (name) {
    case 'status':
      return sql<boolean>`d.status = ${String(value)}`;
    case 'created_at':
      return sql<boolean>`d.created_at ${cmp} ${value}`;
    case 'updated_at':
      return sql<boolean>`d.updated_at ${cmp} ${value}`;
    default: {
      const id = decodeIdOf('Customer', String(value));
      return id ? sql<boolean>`d.customer_id = ${id}` : sql<boolean>`false`;
    }
  }
}

export function draftSearchCondition(
  query: string | null | undefined,
): { condition: RawBuilder<boolean> | null } | { errors: UserError[] } {
  return searchCondition(query, { fields: DRAFT_SEARCH_FIELDS, text, field });
}
