import { sql, type RawBuilder } from 'kysely';
import {
  checkSearch,
  decodeIdOf,
  FULFILLMENT_STATUSES,
  ORDER_STATUSES,
  parseMoney,
  parseSearch,
  PAYMENT_STATUSES,
  type CheckedNode,
  type Comparison,
  type SearchFields,
  type UserError,
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
  discount: { kind: 'text' },
};

/** The words of the customer's name and email, as the `orders_search_idx` index holds them. */
export const ORDER_SEARCH_TEXT = sql`coalesce(o.customer_name, '') || ' ' || coalesce(o.email, '')`;

/**
 * Orders with a line of this SKU (any case), through `order_lines_sku_idx`. Written as `= any(array
 * (…))` so that beside the other tests of a free word, under OR, it is one more index scan (of the
 * primary key) in a bitmap OR; `in (select …)` there would test every order in turn.
 */
const withSku = (sku: string) =>
  sql<boolean>`o.id = any(array(select l.order_id from order_lines l where lower(l.sku) = ${sku.toLowerCase()}))`;

/**
 * A free word: an order number (`1001`, `#1001`, or with the store's prefix), an email, the start
 * of a word of the customer's name or email, or a SKU. Each part has its own index.
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
      // Archived: closed orders and archived cancelled ones (a cancelled order stays CANCELLED).
      return v === 'CLOSED'
        ? sql<boolean>`(o.status = 'CLOSED' or (o.status = 'CANCELLED' and o.closed_at is not null))`
        : sql<boolean>`o.status = ${v}`;
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
      // Where the order's stock is committed, or where any of its shipments left from; by id or
      // name. Every order of a location would make a large set to gather, so each order is tested
      // by an index probe of its own few lines as the list walks (a scalar subquery, which the
      // planner cannot turn into that set the way it does an EXISTS).
      const id = decodeIdOf('Location', v);
      const place = id
        ? sql`${id}::uuid`
        : sql`(select id from locations where lower(name) = ${v.toLowerCase()})`;
      return sql<boolean>`((select true from order_lines l where l.order_id = o.id and l.location_id = ${place} limit 1)
        or (select true from fulfillments f where f.order_id = o.id and f.location_id = ${place} limit 1))`;
    }
    case 'discount': {
      // By the discount's id or its code now (through orders_discount_idx).
      const id = decodeIdOf('Discount', v);
      return id
        ? sql<boolean>`o.discount_id = ${id}`
        : sql<boolean>`o.discount_id = (select d.id from discounts d where lower(d.code) = ${v.toLowerCase()})`;
    }
    default:
      return sql<boolean>`o.id in (select l.order_id from order_lines l where lower(l.sku) = ${v.toLowerCase()})`;
  }
}

/** Status columns are never null, so a negated test of one can say `<>` and match partial indexes. */
const STATUS_COLUMNS: Record<string, RawBuilder<unknown>> = {
  status: sql.raw('o.status'),
  payment_status: sql.raw('o.payment_status'),
  fulfillment_status: sql.raw('o.fulfillment_status'),
};

/**
 * Conditions implied by the search, added so the planner can prove a tab's partial index applies:
 * `-fulfillment_status:fulfilled` compiles to `not coalesce(…, false)`, which PostgreSQL cannot
 * match with `orders_open_unfulfilled_idx`'s `fulfillment_status <> 'FULFILLED'`.
 */
function indexHints(node: CheckedNode | null): RawBuilder<boolean>[] {
  const terms = node?.type === 'and' ? node.children : node ? [node] : [];
  return terms.flatMap((t) => {
    if (t.type !== 'not' || t.child.type !== 'field' || typeof t.child.value !== 'string') return [];
    const column = STATUS_COLUMNS[t.child.field];
    return column ? [sql<boolean>`${column} <> ${t.child.value}`] : [];
  });
}

/** Fields that pick out a few orders through their own index; the rest narrow a walk of the sort. */
const NEEDLE_FIELDS = new Set(['tag', 'email', 'customer_id', 'sku', 'discount']);

export interface OrderSearch {
  condition: RawBuilder<boolean> | null;
  /** Whether the search looks for particular orders (words, SKU, tag, customer…), see order-list.service. */
  needle: boolean;
}

/** The SQL condition of an order search, or userErrors on `query` saying why it is not one. */
export function orderSearchCondition(
  query: string | null | undefined,
  currency: string,
  prefix: string,
): OrderSearch | { errors: UserError[] } {
  let needle = false;
  const result = searchCondition(query, {
    fields: ORDER_SEARCH_FIELDS,
    text: (word) => {
      needle = true;
      return text(word, prefix);
    },
    field: (name, op, value) => {
      if (NEEDLE_FIELDS.has(name)) needle = true;
      return field(name, op, value, currency);
    },
  });
  if ('errors' in result) return result;
  if (!result.condition) return { condition: null, needle: false };
  // The search is known to parse and check: the same steps again give its tree.
  const checked = checkSearch(parseSearch(query ?? ''), ORDER_SEARCH_FIELDS);
  const hints = checked.ok ? indexHints(checked.node) : [];
  const condition = hints.length
    ? sql<boolean>`(${sql.join([result.condition, ...hints], sql` and `)})`
    : result.condition;
  return { condition, needle };
}
