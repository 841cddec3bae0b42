import { sql, type RawBuilder } from 'kysely';
import {
  decodeIdOf,
  EMAIL_MESSAGE_STATUSES,
  NOTIFICATION_TEMPLATE_KINDS,
  type Comparison,
  type SearchFields,
  type UserError,
} from '@stockroom/domain';
import { escapeLike, searchCondition } from '../../lib/search-sql.js';

/** What `emailMessages(query:)` understands: status:, to:, order: (#1001, 1001 or its ID), kind:. */
const EMAIL_SEARCH_FIELDS: SearchFields = {
  status: { kind: 'enum', values: EMAIL_MESSAGE_STATUSES },
  kind: { kind: 'enum', values: NOTIFICATION_TEMPLATE_KINDS },
  to: { kind: 'text' },
  order: { kind: 'text' },
};

const like = (v: string) => escapeLike(v.toLowerCase());

function text(word: string): RawBuilder<boolean> {
  return sql<boolean>`(lower(m.to_address) like ${like(word) + '%'} or lower(m.subject) like ${'%' + like(word) + '%'})`;
}

function orderCondition(value: string): RawBuilder<boolean> {
  const id = decodeIdOf('Order', value);
  if (id) return sql<boolean>`m.order_id = ${id}`;
  const digits = /(\d+)\s*$/.exec(value)?.[1];
  if (!digits || digits.length > 9) return sql<boolean>`false`;
  return sql<boolean>`m.order_id in (select o.id from orders o where o.number = ${Number(digits)})`;
}

function field(name: string, _op: Comparison, value: unknown): RawBuilder<boolean> {
  const v = String(value);
  if (name === 'status') return sql<boolean>`m.status = ${v}`;
  if (name === 'kind') return sql<boolean>`m.kind = ${v}`;
  if (name === 'order') return orderCondition(v);
  return sql<boolean>`lower(m.to_address) = ${v.toLowerCase()}`;
}

export function emailSearchCondition(
  query: string | null | undefined,
): { condition: RawBuilder<boolean> | null } | { errors: UserError[] } {
  return searchCondition(query, { fields: EMAIL_SEARCH_FIELDS, text, field });
}
