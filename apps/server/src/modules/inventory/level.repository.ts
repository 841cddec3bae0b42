import { sql, type OperationNodeSource, type RawBuilder } from 'kysely';
import { AVAILABLE_SQL } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import type { InventoryLevelRow } from './inventory.tables.js';
import { levelRow, type InventoryLevel } from './inventory.model.js';
import { variantRow } from '../catalog/catalog.model.js';
import type { NewMovement } from './movement.repository.js';
import {
  cappedCount,
  keysetPage,
  mapPage,
  type Count,
  type Page,
  type PageArgs,
  type SortChoice,
} from '../../lib/pagination.js';

export interface LevelKey {
  variantId: string;
  locationId: string;
}

/** Creates the levels of these pairs that do not exist yet (at zero). */
export async function ensureLevels(db: Executor, pairs: readonly LevelKey[]): Promise<void> {
  if (!pairs.length) return;
  await db
    .insertInto('inventory_levels')
    .values(pairs.map((p) => ({ variant_id: p.variantId, location_id: p.locationId })))
    .onConflict((oc) => oc.columns(['variant_id', 'location_id']).doNothing())
    .execute();
}

/** Every active location's level of these variants (the tracked ones), at zero where missing. */
export async function ensureLevelsOfVariants(db: Executor, variantIds: readonly string[]): Promise<void> {
  if (!variantIds.length) return;
  await sql`
    insert into inventory_levels (variant_id, location_id)
    select v.id, l.id from product_variants v cross join locations l
    where v.id = any(${[...variantIds]}::uuid[]) and v.track_inventory and l.active
    on conflict (variant_id, location_id) do nothing`.execute(db);
}

/** Every tracked variant's level at this location, at zero where missing (a new or reopened location). */
export async function ensureLevelsAtLocation(db: Executor, locationId: string): Promise<void> {
  await sql`
    insert into inventory_levels (variant_id, location_id)
    select v.id, ${locationId}::uuid from product_variants v where v.track_inventory
    on conflict (variant_id, location_id) do nothing`.execute(db);
}

/**
 * Removes the levels at this location that never held anything: zero, nothing committed, no
 * movement (a location being closed; its levels with history stay, for the ledger).
 */
export async function deleteUnusedLevelsAt(db: Executor, locationId: string): Promise<void> {
  await sql`
    delete from inventory_levels l
    where l.location_id = ${locationId} and l.on_hand = 0 and l.committed = 0
      and not exists (
        select 1 from inventory_movements m where m.variant_id = l.variant_id and m.location_id = l.location_id)`.execute(
    db,
  );
}

/**
 * The levels of these pairs (each once), in (variant, location) order: a join on two arrays, so the
 * statement is planned the same for 2 pairs or 2,000 (a row-value IN list of 500 pairs took longer
 * to plan than to run, a chunk of an import sends several).
 */
function levelsOfPairs(pairs: readonly LevelKey[]) {
  const seen = new Set<string>();
  const variantIds: string[] = [];
  const locationIds: string[] = [];
  for (const p of pairs) {
    const key = `${p.variantId}/${p.locationId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    variantIds.push(p.variantId);
    locationIds.push(p.locationId);
  }
  return sql`select l.* from inventory_levels l
    join unnest(${variantIds}::uuid[], ${locationIds}::uuid[]) as k(variant_id, location_id)
      on l.variant_id = k.variant_id and l.location_id = k.location_id
    order by l.variant_id, l.location_id`;
}

/**
 * Locks the levels of these pairs (the caller sorts them by variant, then location) and then the
 * product_stock rows of the given variants' products (those that track stock), by product id, in
 * one statement: the global order is levels before products, so concurrent stock changes queue
 * instead of deadlocking. Answers the levels that exist (the caller creates missing ones).
 */
export async function lockLevelsAndProducts(
  db: Executor,
  pairs: readonly LevelKey[],
  productsOf: readonly string[],
): Promise<InventoryLevel[]> {
  if (!pairs.length) return [];
  const levels = levelsOfPairs(pairs);
  if (!productsOf.length) {
    const { rows } = await sql<InventoryLevelRow>`${levels} for update of l`.execute(db);
    return rows.map(levelRow.of);
  }
  // The products' CTE reads every level first (its count), so no product is locked before every
  // level is; each CTE locks its rows in its ORDER BY order.
  const { rows } = await sql<InventoryLevelRow>`
    with levels as materialized (
      ${levels} for update of l
    ), products as materialized (
      select ps.product_id from product_stock ps
      where ps.product_id in (
          select v.product_id from product_variants v
          where v.id = any(${[...productsOf]}::uuid[]) and v.track_inventory)
        and (select count(*) from levels) >= 0
      order by ps.product_id for update of ps
    )
    select levels.* from levels where (select count(*) from products) >= 0`.execute(db);
  return rows.map(levelRow.of);
}

/**
 * Writes a stock change under the locks lockLevelsAndProducts took, in one statement: each level's
 * new quantities and the ledger entries. Entries are stamped by the statement's clock rather than the transaction's: a command
 * that waited for a level's lock is stamped after the one it waited for, so the ledger's order by
 * time is the order the changes were applied in. `alongside`: more writes of the caller's (the
 * products' units available, an order's lines) sent in the same statement. Answers the levels as written and that stamp.
 */
export async function writeStockChange(
  db: Executor,
  levels: readonly (LevelKey & { onHand: number; committed: number })[],
  movements: readonly NewMovement[],
  alongside: readonly OperationNodeSource[] = [],
): Promise<{ levels: InventoryLevel[]; stampedAt: Date }> {
  if (!levels.length) {
    for (const write of alongside) await sql`${write}`.execute(db);
    return { levels: [], stampedAt: new Date() };
  }
  const values = sql.join(
    levels.map(
      (l) => sql`(${l.variantId}::uuid, ${l.locationId}::uuid, ${l.onHand}::int, ${l.committed}::int)`,
    ),
  );
  const ledger = movements.length
    ? sql`, ledger as (
        insert into inventory_movements (id, variant_id, location_id, on_hand_delta, committed_delta,
          on_hand_after, committed_after, reason, note, staff_id, staff_name, transfer_id, order_id, created_at)
        values ${sql.join(
          movements.map(
            (m) =>
              sql`(${m.id}::uuid, ${m.variantId}::uuid, ${m.locationId}::uuid, ${m.onHandDelta}::int, ${m.committedDelta}::int, ${m.onHandAfter}::int, ${m.committedAfter}::int, ${m.reason}, ${m.note}, ${m.staffId}::uuid, ${m.staffName}, ${m.transferId}::uuid, ${m.orderId}::uuid, statement_timestamp())`,
          ),
        )}
      )`
    : sql``;
  const { rows } = await sql<InventoryLevelRow & { stamped_at: Date }>`
    with levels as (
      update inventory_levels l
      set on_hand = x.on_hand, committed = x.committed, updated_at = now(), version = l.version + 1
      from (values ${values}) as x(variant_id, location_id, on_hand, committed)
      where l.variant_id = x.variant_id and l.location_id = x.location_id
      returning l.*
    )${ledger}${sql.join(
      alongside.map((write, i) => sql`, ${sql.ref(`alongside_${i}`)} as (${write})`),
      sql``,
    )}
    select levels.*, statement_timestamp() as stamped_at from levels`.execute(db);
  return { levels: rows.map(levelRow.of), stampedAt: rows[0]?.stamped_at ?? new Date() };
}

/** Which of these levels (variant, location) have ever moved: the ledger half of isStocked. */
export async function levelsWithMovements(db: Executor, pairs: readonly LevelKey[]): Promise<Set<string>> {
  if (!pairs.length) return new Set();
  const keys = sql.join(pairs.map((p) => sql`(${p.variantId}::uuid, ${p.locationId}::uuid)`));
  const { rows } = await sql<{ variant_id: string; location_id: string }>`
    select k.variant_id, k.location_id from (values ${keys}) as k(variant_id, location_id)
    where exists (
      select 1 from inventory_movements m where m.variant_id = k.variant_id and m.location_id = k.location_id)`.execute(
    db,
  );
  return new Set(rows.map((r) => `${r.variant_id}:${r.location_id}`));
}

/** Units available of these products (product_stock); a product none of whose variants track stock has none. */
export async function availableOfProducts(
  db: Executor,
  productIds: readonly string[],
): Promise<{ productId: string; available: number }[]> {
  if (!productIds.length) return [];
  const rows = await db
    .selectFrom('product_stock')
    .select(['product_id', 'total_available'])
    .where('product_id', 'in', productIds)
    .execute();
  return rows.map((r) => ({ productId: r.product_id, available: r.total_available }));
}

/** Locks the levels of these pairs, in (variant, location) order so concurrent callers queue instead of deadlocking. */
export async function lockLevelRows(db: Executor, pairs: readonly LevelKey[]): Promise<InventoryLevel[]> {
  if (!pairs.length) return [];
  const { rows } = await sql<InventoryLevelRow>`${levelsOfPairs(pairs)} for update of l`.execute(db);
  return rows.map(levelRow.of);
}

export async function findLevel(db: Executor, id: string): Promise<InventoryLevel | null> {
  const row = await db.selectFrom('inventory_levels').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? levelRow.of(row) : null;
}

/** The levels of these variants, each variant's by its locations' fulfillment priority, then name. */
export async function levelsByVariantIds(
  db: Executor,
  variantIds: readonly string[],
): Promise<InventoryLevel[]> {
  const rows = await db
    .selectFrom('inventory_levels as l')
    .innerJoin('locations as loc', 'loc.id', 'l.location_id')
    .selectAll('l')
    .where('l.variant_id', 'in', variantIds)
    .orderBy('l.variant_id')
    .orderBy('loc.fulfillment_priority')
    .orderBy(sql`lower(loc.name)`)
    .orderBy('loc.id')
    .execute();
  return rows.map(levelRow.of);
}

/** What a location holds in all, its levels locked when asked (so no stock arrives meanwhile). */
export async function levelTotalsAtLocation(
  db: Executor,
  locationId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<{ onHand: number; committed: number }> {
  let q = db
    .selectFrom('inventory_levels')
    .select(['on_hand', 'committed'])
    .where('location_id', '=', locationId);
  if (opts.forUpdate) q = q.forUpdate();
  const rows = await q.execute();
  return rows.reduce((t, r) => ({ onHand: t.onHand + r.on_hand, committed: t.committed + r.committed }), {
    onHand: 0,
    committed: 0,
  });
}

/** The variant facts stock rules need: whether it tracks stock, may be oversold, and what to call it. */
const stockVariantRow = variantRow.pick([
  'id',
  'sku',
  'title',
  'track_inventory',
  'allow_backorder',
] as const);
export type StockVariant = ReturnType<typeof stockVariantRow.of>;

export async function findStockVariants(db: Executor, ids: readonly string[]): Promise<StockVariant[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('product_variants')
    .select(stockVariantRow.columns)
    .where('id', 'in', ids)
    .execute();
  return rows.map(stockVariantRow.of);
}

// ---- The stock levels list (aliases: l level, v variant, p product, loc location) ----

export const LEVEL_SORTS = {
  PRODUCT_TITLE: {
    description: 'A to Z.',
    // lower(p.title) || ' ' || lpad(v.position::text, 5, '0') || ' ' || the location's priority and
    // name, kept on the level (migrations 016 and 170): a variant's rows follow its locations' priority
    expression: 'l.product_sort_key',
    cast: 'text',
    descending: false,
  },
  SKU: {
    description: 'A to Z.',
    // Rows of one SKU (a variant at each location) follow the locations' priority too.
    expression: "coalesce(lower(v.sku), '') || ' ' || l.product_sort_key",
    cast: 'text',
    descending: false,
  },
  AVAILABLE: {
    description: 'Fewest first.',
    expression: AVAILABLE_SQL('l'),
    cast: 'integer',
    descending: false,
  },
  UPDATED_AT: {
    description: 'Most recent first.',
    expression: 'l.updated_at',
    cast: 'timestamptz',
    descending: true,
  },
} as const satisfies Record<string, SortChoice>;

export type LevelSortKey = keyof typeof LEVEL_SORTS;

/** The levels the list holds: those of variants that track stock (the list and its count agree). */
function trackedLevels(db: Executor) {
  return db
    .selectFrom('inventory_levels as l')
    .innerJoin('product_variants as v', 'v.id', 'l.variant_id')
    .where('v.track_inventory', '=', true);
}

function levelListQuery(db: Executor, condition: RawBuilder<boolean> | null) {
  let q = trackedLevels(db)
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('locations as loc', 'loc.id', 'l.location_id')
    .select(levelRow.columnsOf('l'))
    .select(['p.title as product_title', 'v.position as variant_position', 'v.sku']);
  if (condition) q = q.where(condition);
  return q;
}

/** One keyset page of the tracked levels matching `condition`. */
export async function pageLevels(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  sortKey: LevelSortKey,
  reverse: boolean,
  args: PageArgs,
): Promise<Page<InventoryLevel>> {
  const key = LEVEL_SORTS[sortKey];
  const page = await keysetPage(
    levelListQuery(db, condition),
    { ...key, idColumn: 'l.id' },
    key.descending !== reverse,
    args,
  );
  return mapPage(page, levelRow.of);
}

/**
 * `cap: null` counts every match (an export's total); lists stop at COUNT_LIMIT. A level's product
 * and location always exist (not-null foreign keys) and the search reads only the level and its
 * variant (inventory-search.ts), so the count joins the variant alone: up to 10,000 rows, each
 * joined twice less.
 */
export function countLevels(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  cap?: number | null,
): Promise<Count> {
  let q = trackedLevels(db).select('l.id');
  if (condition) q = q.where(condition);
  return cappedCount(db, q, cap);
}
