import { sql, type RawBuilder } from 'kysely';
import {
  AVAILABLE_SQL,
  MOVEMENT_REASONS,
  STOCKED_SQL,
  type Comparison,
  type SearchFields,
} from '@stockroom/domain';
import { containsPattern, searchCondition, SQL_OPS } from '../../lib/search-sql.js';

/**
 * Stock levels (aliases: l level, v variant). Conditions read only these two: the list's count
 * leaves out the joins to the product and the location (level.repository.ts).
 */
export const LEVEL_SEARCH_FIELDS: SearchFields = {
  sku: { kind: 'text' },
  location: { kind: 'text' },
  vendor: { kind: 'text' },
  available: { kind: 'number', integer: true },
  on_hand: { kind: 'number', integer: true },
  committed: { kind: 'number', integer: true },
  low_stock: { kind: 'boolean' },
};

/** Movements (aliases: m movement, v variant, p product, loc location). */
export const MOVEMENT_SEARCH_FIELDS: SearchFields = {
  sku: { kind: 'text' },
  location: { kind: 'text' },
  reason: { kind: 'enum', values: MOVEMENT_REASONS },
  staff: { kind: 'text' },
  created_at: { kind: 'date' },
};

const lower = (v: unknown) => String(v).toLowerCase();
const AVAILABLE = sql.raw(AVAILABLE_SQL('l'));
/**
 * The domain's low-stock rule (isLowStock, SPEC §10): at a location that stocks the variant,
 * available at or below the variant's threshold, else the store's. Home's count is this search's.
 */
const LOW_STOCK = sql<boolean>`(${AVAILABLE} <= coalesce(v.low_stock_threshold, (select low_stock_threshold from store_settings where id = 1)) and ${sql.raw(STOCKED_SQL('l'))})`;

function levelField(field: string, op: Comparison, value: unknown): RawBuilder<boolean> {
  const cmp = sql.raw(SQL_OPS[op]);
  switch (field) {
    case 'sku':
      return sql<boolean>`lower(v.sku) = ${lower(value)}`;
    case 'location':
      return sql<boolean>`l.location_id in (select id from locations where lower(name) = ${lower(value)})`;
    case 'vendor':
      return sql<boolean>`v.product_id in (select id from products where lower(vendor) = ${lower(value)})`;
    case 'available':
      return sql<boolean>`${AVAILABLE} ${cmp} ${value}`;
    case 'on_hand':
      return sql<boolean>`l.on_hand ${cmp} ${value}`;
    case 'committed':
      return sql<boolean>`l.committed ${cmp} ${value}`;
    default:
      return value ? LOW_STOCK : sql<boolean>`not ${LOW_STOCK}`;
  }
}

function movementField(field: string, op: Comparison, value: unknown): RawBuilder<boolean> {
  const cmp = sql.raw(SQL_OPS[op]);
  switch (field) {
    case 'sku':
      return sql<boolean>`lower(v.sku) = ${lower(value)}`;
    case 'location':
      return sql<boolean>`lower(loc.name) = ${lower(value)}`;
    case 'reason':
      return sql<boolean>`m.reason = ${value}`;
    case 'staff':
      return sql<boolean>`(lower(m.staff_name) = ${lower(value)} or m.staff_id in (select id from staff where lower(email) = ${lower(value)}))`;
    default:
      return sql<boolean>`m.created_at ${cmp} ${value}`;
  }
}

/**
 * A free word: somewhere in the product title, the SKU or the variant title. Asked as the variants
 * that match, each column on its own, so each is read from its trigram index (migration 390)
 * instead of testing every level's row; the same rows as `lower(p.title) like … or lower(v.sku)
 * like … or lower(v.title) like …`.
 */
function text(word: string): RawBuilder<boolean> {
  const like = containsPattern(word.toLowerCase());
  return sql<boolean>`v.id in (
    select tv.id from product_variants tv where lower(tv.sku) like ${like} or lower(tv.title) like ${like}
    union all
    select tv.id from product_variants tv join products tp on tp.id = tv.product_id where lower(tp.title) like ${like})`;
}

export const levelSearchCondition = (q: string | null | undefined) =>
  searchCondition(q, { fields: LEVEL_SEARCH_FIELDS, text, field: levelField });
export const movementSearchCondition = (q: string | null | undefined) =>
  searchCondition(q, { fields: MOVEMENT_SEARCH_FIELDS, text, field: movementField });
