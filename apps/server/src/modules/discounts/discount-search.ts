import { sql, type RawBuilder } from 'kysely';
import {
  DISCOUNT_APPLIES_TO,
  DISCOUNT_KINDS,
  DISCOUNT_STATUSES,
  type Comparison,
  type SearchFields,
  type UserError,
} from '@stockroom/domain';
import { escapeLike, searchCondition, SQL_OPS } from '../../lib/search-sql.js';

/** What `discounts(query:)` understands (SPEC §7.4). Alias: d = discounts. */
export const DISCOUNT_SEARCH_FIELDS: SearchFields = {
  status: { kind: 'enum', values: DISCOUNT_STATUSES },
  kind: { kind: 'enum', values: DISCOUNT_KINDS },
  applies_to: { kind: 'enum', values: DISCOUNT_APPLIES_TO },
  code: { kind: 'text' },
  usage_count: { kind: 'number', integer: true },
  created_at: { kind: 'date' },
  starts_at: { kind: 'date' },
  ends_at: { kind: 'date' },
};

const like = (v: string) => escapeLike(v.toLowerCase());

/** Codes starting with the word, whatever the case (served by discounts_code_key). */
function codePrefix(word: string): RawBuilder<boolean> {
  return sql<boolean>`lower(d.code) like ${like(word) + '%'}`;
}

const EXPIRED = sql<boolean>`((d.ends_at is not null and d.ends_at <= now())
  or (d.usage_limit is not null and d.usage_count >= d.usage_limit))`;

/** SPEC §4 derived status, as discountStatus() in the domain decides it, on the database's clock. */
export function statusSql(status: string): RawBuilder<boolean> {
  switch (status) {
    case 'DISABLED':
      return sql<boolean>`d.disabled_at is not null`;
    case 'EXPIRED':
      return sql<boolean>`(d.disabled_at is null and ${EXPIRED})`;
    case 'SCHEDULED':
      return sql<boolean>`(d.disabled_at is null and not ${EXPIRED} and d.starts_at > now())`;
    default:
      return sql<boolean>`(d.disabled_at is null and not ${EXPIRED} and d.starts_at <= now())`;
  }
}

function field(name: string, op: Comparison, value: unknown): RawBuilder<boolean> {
  const cmp = sql.raw(SQL_OPS[op]);
  switch (name) {
    case 'status':
      return statusSql(String(value));
    case 'kind':
      return sql<boolean>`d.kind = ${String(value)}`;
    case 'applies_to':
      return sql<boolean>`d.applies_to = ${String(value)}`;
    case 'usage_count':
      return sql<boolean>`d.usage_count ${cmp} ${value}`;
    case 'created_at':
      return sql<boolean>`d.created_at ${cmp} ${value}`;
    case 'starts_at':
      return sql<boolean>`d.starts_at ${cmp} ${value}`;
    case 'ends_at':
      return sql<boolean>`d.ends_at ${cmp} ${value}`;
    default:
      return codePrefix(String(value));
  }
}

export function discountSearchCondition(
  query: string | null | undefined,
): { condition: RawBuilder<boolean> | null } | { errors: UserError[] } {
  return searchCondition(query, { fields: DISCOUNT_SEARCH_FIELDS, text: codePrefix, field });
}
