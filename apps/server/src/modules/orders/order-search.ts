import { sql, type RawBuilder } from 'kysely';
import {
  decodeIdOf,
  FULFILLMENT_STATUSES,
  ORDER_STATUSES,
  parseMoney,
  PAYMENT_STATUSES,
  type Comparison,
  type SearchFields,
} from '@stockroom/domain';
import { prefixWords, searchCondition, SQL_OPS } from '../../lib/search-sql.js';

/** What `orders(query:)` understands (SPEC §7.4). Alias: o = orders. */
export const ORDER_SEARCH_FIELDS: SearchFields = {
  status: { kind: 'enum', values: ORDER_STATUSES },
  payment_status: { kind: 'enum', values: PAYMENT_STATUSES },
  fulfillment_status: { kind: 'enum', values: FULFILLMENT_STATUSES },
  source: { kind: 'enum', values: ['API', 'DRAFT', 'IMPORT', 'DEMO'] },
  created_at: { kind: 'date' },
  updated_at: { kind: 'date' },
  total: { kind: 'money' },
  number: { kind: 'number', integer: true },
  tag: { kind: 'text' },
  email: { kind: 'text' },
  customer_id: { kind: 'text' },
  location: { kind: 'text' },
  sku: { kind: 'text' },
};

/** The words of the customer's name and email, as the `orders_search_idx` index holds them. */
export const ORDER_SEARCH_TEXT = sql`coalesce(o.customer_name, '') || ' ' || coalesce(o.email, '')`;

/** Orders with a line of this SKU (any case), through `order_lines_sku_idx`. */
const withSku = (sku: string) =>
  sql<boolean>`o.id in (select l.order_id from order_lines l where lower(l.sku) = ${sku.toLowerCase()})`;

/**
 * A free word: an order number (`1001`, `#1001`, or with the store's prefix), an email, the start
 * of a word of the customer's name or email, or a SKU.
 */
function text(word: string, prefix: string): RawBuilder<boolean> {
  const bare = prefix && word.startsWith(prefix) ? word.slice(prefix.length) : word.replace(/^#/, '');
  const parts: RawBuilder<boolean>[] = [];
  if (/^\d{1,15}$/.test(bare)) parts.push(sql<boolean>`o.number = ${Number(bare)}`);
  if (word.includes('@')) parts.push(sql<boolean>`lower(o.email) = ${word.toLowerCase()}`);
  const words = prefixWords(sql`(${ORDER_SEARCH_TEXT})`, word);
  if (words && !word.includes('@')) parts.push(words);
  parts.push(withSku(word));
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

function field(name: string, op: Comparison, value: unknown, currency: string): RawBuilder<boolean> {
  const cmp = sql.raw(SQL_OPS[op]);
  const v = String(value);
  switch (name) {
    case 'status':
      return sql<boolean>`o.status = ${v}`;
    case 'payment_status':
      return sql<boolean>`o.payment_status = ${v}`;
    case 'fulfillment_status':
      return sql<boolean>`o.fulfillment_status = ${v}`;
    case 'source':
      return sql<boolean>`o.source = ${v}`;
    case 'created_at':
      return sql<boolean>`o.created_at ${cmp} ${value}`;
    case 'updated_at':
      return sql<boolean>`o.updated_at ${cmp} ${value}`;
    case 'total':
      return sql<boolean>`o.total ${cmp} ${parseMoney(v, currency) ?? 0}`;
    case 'number':
      return sql<boolean>`o.number ${cmp} ${value}`;
    case 'tag':
      return sql<boolean>`lower_tags(o.tags) @> array[${v.toLowerCase()}]::text[]`;
    case 'email':
      return sql<boolean>`lower(o.email) = ${v.toLowerCase()}`;
    case 'customer_id': {
      const id = decodeIdOf('Customer', v);
      return id ? sql<boolean>`o.customer_id = ${id}` : sql<boolean>`false`;
    }
    case 'location': {
      // Where the order's stock is committed, or where any of its shipments left from.
      const id = decodeIdOf('Location', v);
      const places = id
        ? sql`select ${id}::uuid`
        : sql`select id from locations where lower(name) = ${v.toLowerCase()}`;
      return sql<boolean>`(o.id in (select l.order_id from order_lines l where l.location_id in (${places}))
        or o.id in (select f.order_id from fulfillments f where f.location_id in (${places})))`;
    }
    default:
      return withSku(v);
  }
}

/** The SQL condition of an order search, or userErrors on `query` saying why it is not one. */
export function orderSearchCondition(query: string | null | undefined, currency: string, prefix: string) {
  return searchCondition(query, {
    fields: ORDER_SEARCH_FIELDS,
    text: (word) => text(word, prefix),
    field: (name, op, value) => field(name, op, value, currency),
  });
}
