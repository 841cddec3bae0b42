import { sql, type RawBuilder } from 'kysely';
import {
  RETURN_REASONS,
  RETURN_STATUSES,
  type Comparison,
  type SearchFields,
  type UserError,
} from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import {
  cappedCount,
  mapPage,
  sortedPage,
  type Count,
  type Page,
  type PageArgs,
} from '../../lib/pagination.js';
import { prefixWords, searchCondition, SQL_OPS } from '../../lib/search-sql.js';
import { returnRow, type Return } from './return.model.js';

/**
 * What `returns(query:)` understands (issue #31; alias r = returns, o = its order): status:,
 * order: (the order's number), reason: (a line's), created: / created_at:, to_settle:true (received
 * in part or whole and not settled). A word is an order number or the start of a word of the
 * customer's name or email.
 */
export const RETURN_SEARCH_FIELDS: SearchFields = {
  status: { kind: 'enum', values: RETURN_STATUSES },
  order: { kind: 'number', integer: true },
  reason: { kind: 'enum', values: RETURN_REASONS },
  created: { kind: 'date' },
  created_at: { kind: 'date' },
  to_settle: { kind: 'boolean' },
};

const TO_SETTLE = sql<boolean>`(r.settled_at is null and r.received_quantity > 0 and r.status in ('PARTIALLY_RECEIVED', 'RECEIVED'))`;

function field(name: string, op: Comparison, value: unknown): RawBuilder<boolean> {
  const o = sql.raw(SQL_OPS[op]);
  switch (name) {
    case 'status':
      return sql<boolean>`r.status = ${String(value)}`;
    case 'order':
      return sql<boolean>`o.number ${o} ${Number(value)}`;
    case 'reason':
      return sql<boolean>`exists (select 1 from return_lines rl where rl.return_id = r.id and rl.reason = ${String(value)})`;
    case 'to_settle':
      return value ? TO_SETTLE : sql<boolean>`not ${TO_SETTLE}`;
    default:
      // created / created_at: `value` is SQL for an instant (lib/search-sql).
      return sql<boolean>`r.created_at ${o} ${value}`;
  }
}

function text(word: string, prefix: string): RawBuilder<boolean> {
  const bare = (
    prefix && word.startsWith(prefix) ? word.slice(prefix.length) : word.replace(/^#/, '')
  ).replace(/-R\d+$/i, '');
  const parts: RawBuilder<boolean>[] = [];
  if (/^\d{1,15}$/.test(bare)) parts.push(sql<boolean>`o.number = ${Number(bare)}`);
  const words = prefixWords(sql`(coalesce(o.customer_name, '') || ' ' || coalesce(o.email, ''))`, word);
  if (words) parts.push(words);
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` or `)})` : sql<boolean>`false`;
}

export function returnSearchCondition(
  query: string | null | undefined,
  orderPrefix: string,
): { condition: RawBuilder<boolean> | null } | { errors: UserError[] } {
  return searchCondition(query, { fields: RETURN_SEARCH_FIELDS, text: (w) => text(w, orderPrefix), field });
}

const NEWEST = { expression: 'r.created_at', cast: 'timestamptz', descending: true } as const;

function listQuery(db: Executor, condition: RawBuilder<boolean> | null) {
  const q = db
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(returnRow.columnsOf('r'));
  return condition ? q.where(condition) : q;
}

export async function pageReturns(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  reverse: boolean,
  args: PageArgs,
): Promise<Page<Return>> {
  return mapPage(await sortedPage(listQuery(db, condition), NEWEST, 'r.id', reverse, args), returnRow.of);
}

export function countReturns(db: Executor, condition: RawBuilder<boolean> | null): Promise<Count> {
  return cappedCount(db, listQuery(db, condition));
}
