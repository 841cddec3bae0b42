import { sql, type RawBuilder } from 'kysely';
import {
  AVAILABLE_SQL,
  parseMoney,
  PRODUCT_STATUSES,
  type Comparison,
  type SearchFields,
} from '@stockroom/domain';
import { containsPattern, searchCondition, SQL_OPS, stemmedMatch } from '../../lib/search-sql.js';

/** `stock:` — in: units available; low: some variant at or below its low-stock threshold; out: none. */
export const PRODUCT_STOCK_STATES = ['in', 'low', 'out'] as const;

/** What `products(query:)` understands (SPEC §7.4); the list box offers the same names. */
export const PRODUCT_SEARCH_FIELDS: SearchFields = {
  status: { kind: 'enum', values: PRODUCT_STATUSES },
  tag: { kind: 'text' },
  vendor: { kind: 'text' },
  product_type: { kind: 'text' },
  category: { kind: 'text' },
  collection: { kind: 'text' },
  sku: { kind: 'text' },
  barcode: { kind: 'text' },
  handle: { kind: 'text' },
  title: { kind: 'text' },
  price: { kind: 'money' },
  inventory: { kind: 'number', integer: true },
  stock: { kind: 'enum', values: PRODUCT_STOCK_STATES },
  created_at: { kind: 'date' },
  updated_at: { kind: 'date' },
};

const AVAILABLE = sql.raw(AVAILABLE_SQL('l'));

/** Units available of one variant `v` across locations. */
const VARIANT_AVAILABLE = sql`(select coalesce(sum(${AVAILABLE}), 0) from inventory_levels l where l.variant_id = v.id)`;
/** Units available across the product's variants that track stock. */
const PRODUCT_AVAILABLE = sql`(select coalesce(sum(${AVAILABLE}), 0) from product_variants v
  join inventory_levels l on l.variant_id = v.id where v.product_id = p.id and v.track_inventory)`;
const TRACKS_STOCK = sql`exists (select 1 from product_variants v where v.product_id = p.id and v.track_inventory)`;

/** A product's stock state (PRODUCT_STOCK_STATES); products that track no stock are in none. */
function stockCondition(state: string): RawBuilder<boolean> {
  if (state === 'out') return sql<boolean>`(${TRACKS_STOCK} and ${PRODUCT_AVAILABLE} <= 0)`;
  if (state === 'in') return sql<boolean>`${PRODUCT_AVAILABLE} > 0`;
  return sql<boolean>`(${PRODUCT_AVAILABLE} > 0 and exists (select 1 from product_variants v
    where v.product_id = p.id and v.track_inventory and ${VARIANT_AVAILABLE}
      <= coalesce(v.low_stock_threshold, (select low_stock_threshold from store_settings where id = 1))))`;
}

/**
 * Free words match the start of any word of title, handle, vendor, type, SKUs and barcodes, in any
 * form ("scarves" finds a scarf): the search text's vector, kept on the row (migration 400).
 */
function textCondition(word: string): RawBuilder<boolean> {
  return stemmedMatch(sql`p.search_vector`, word) ?? sql<boolean>`true`;
}

function fieldCondition(
  field: string,
  op: Comparison,
  value: unknown,
  currency: string,
): RawBuilder<boolean> {
  const cmp = sql.raw(SQL_OPS[op]);
  switch (field) {
    case 'status':
      return sql<boolean>`p.status = ${value}`;
    case 'tag':
      return sql<boolean>`p.tag_keys @> array[${(value as string).toLowerCase()}]::text[]`;
    case 'vendor':
      return sql<boolean>`lower(p.vendor) = ${(value as string).toLowerCase()}`;
    case 'product_type':
      return sql<boolean>`lower(p.product_type) = ${(value as string).toLowerCase()}`;
    case 'handle':
      return sql<boolean>`p.handle = ${(value as string).toLowerCase()}`;
    case 'title':
      return sql<boolean>`p.title ilike ${containsPattern(value as string)}`;
    case 'sku':
      return sql<boolean>`exists (select 1 from product_variants v where v.product_id = p.id and lower(v.sku) = ${(value as string).toLowerCase()})`;
    case 'barcode':
      return sql<boolean>`exists (select 1 from product_variants v where v.product_id = p.id and v.barcode = ${value})`;
    case 'category':
      return sql<boolean>`p.category_id in (select c.id from categories c where c.handle = ${(value as string).toLowerCase()} or lower(c.name) = ${(value as string).toLowerCase()})`;
    case 'collection':
      return sql<boolean>`exists (select 1 from collection_products cp join collections c on c.id = cp.collection_id
        where cp.product_id = p.id and (c.handle = ${(value as string).toLowerCase()} or lower(c.title) = ${(value as string).toLowerCase()}))`;
    case 'price': {
      const minor = parseMoney(value as string, currency) ?? 0;
      if (op === 'eq')
        return sql<boolean>`exists (select 1 from product_variants v where v.product_id = p.id and v.price = ${minor})`;
      // Some variant's price satisfies it: above a bound means the highest does, below means the lowest does.
      return op === 'gt' || op === 'gte'
        ? sql<boolean>`p.max_price ${cmp} ${minor}`
        : sql<boolean>`p.min_price ${cmp} ${minor}`;
    }
    case 'inventory':
      // Units available across locations, over the variants that track stock.
      return sql<boolean>`${PRODUCT_AVAILABLE} ${cmp} ${value}`;
    case 'stock':
      return stockCondition(value as string);
    case 'created_at':
      return sql<boolean>`p.created_at ${cmp} ${value}`;
    case 'updated_at':
      return sql<boolean>`p.updated_at ${cmp} ${value}`;
    default:
      throw new Error(`unhandled product search field ${field}`);
  }
}

/** The SQL condition for a product search, or the userErrors that explain why it is not one. */
export function productSearchCondition(query: string | null | undefined, currency: string) {
  return searchCondition(query, {
    fields: PRODUCT_SEARCH_FIELDS,
    text: textCondition,
    field: (name, op, value) => fieldCondition(name, op, value, currency),
  });
}
