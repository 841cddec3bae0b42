import { sql, type RawBuilder } from 'kysely';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_SUBSCRIPTION_STATUSES,
  WEBHOOK_TOPICS,
  type Comparison,
  type SearchFields,
  type UserError,
} from '@stockroom/domain';
import { containsPattern, searchCondition, SQL_OPS } from '../../lib/search-sql.js';

/** What `webhookSubscriptions(query:)` understands (alias w): words of the URL; topic:, status:. */
const SUBSCRIPTION_FIELDS: SearchFields = {
  topic: { kind: 'enum', values: WEBHOOK_TOPICS },
  status: { kind: 'enum', values: WEBHOOK_SUBSCRIPTION_STATUSES },
  url: { kind: 'text' },
};

export function subscriptionSearchCondition(
  query: string | null | undefined,
): { condition: RawBuilder<boolean> | null } | { errors: UserError[] } {
  return searchCondition(query, {
    fields: SUBSCRIPTION_FIELDS,
    text: (word) => sql<boolean>`w.url ilike ${containsPattern(word)}`,
    field: (name, _op, value) =>
      name === 'url'
        ? sql<boolean>`w.url ilike ${containsPattern(String(value))}`
        : sql<boolean>`${sql.ref(`w.${name}`)} = ${String(value)}`,
  });
}

/**
 * What `webhookDeliveries(query:)` understands (alias d): status:failed, topic:, test:true,
 * attempts:>3, status_code:500, created_at:>-1d; words match the response excerpt or error.
 */
const DELIVERY_FIELDS: SearchFields = {
  status: { kind: 'enum', values: WEBHOOK_DELIVERY_STATUSES },
  topic: { kind: 'enum', values: WEBHOOK_TOPICS },
  test: { kind: 'boolean' },
  attempts: { kind: 'number', integer: true },
  status_code: { kind: 'number', integer: true },
  created_at: { kind: 'date' },
};

function deliveryField(name: string, op: Comparison, value: unknown): RawBuilder<boolean> {
  const o = sql.raw(SQL_OPS[op]);
  switch (name) {
    case 'status':
    case 'topic':
      return sql<boolean>`${sql.ref(`d.${name}`)} = ${String(value)}`;
    case 'test':
      return sql<boolean>`d.test = ${Boolean(value)}`;
    case 'attempts':
      return sql<boolean>`d.attempts ${o} ${Number(value)}`;
    case 'status_code':
      return sql<boolean>`d.last_status_code ${o} ${Number(value)}`;
    default:
      // created_at: `value` is SQL for an instant (lib/search-sql dateCondition).
      return sql<boolean>`d.created_at ${o} ${value}`;
  }
}

export function deliverySearchCondition(
  query: string | null | undefined,
): { condition: RawBuilder<boolean> | null } | { errors: UserError[] } {
  return searchCondition(query, {
    fields: DELIVERY_FIELDS,
    text: (word) =>
      sql<boolean>`(d.last_excerpt ilike ${containsPattern(word)} or d.last_error ilike ${containsPattern(word)})`,
    field: deliveryField,
  });
}
