import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { InventoryMovementRow } from './inventory.tables.js';
import { cappedCount, keysetPage, type Count, type Page, type PageArgs } from '../../lib/pagination.js';

export type NewMovement = Omit<InventoryMovementRow, 'created_at'>;

/**
 * Writes ledger entries stamped by the database clock. The statement's time rather than the
 * transaction's: a command that waited for a level's lock is stamped after the one it waited for,
 * so the ledger's order by time is the order the changes were applied in.
 */
export function insertMovements(
  db: Executor,
  movements: readonly NewMovement[],
): Promise<InventoryMovementRow[]> {
  if (!movements.length) return Promise.resolve([]);
  return db
    .insertInto('inventory_movements')
    .values(movements.map((m) => ({ ...m, created_at: sql<Date>`statement_timestamp()` })))
    .returningAll()
    .execute();
}

export async function findMovement(db: Executor, id: string): Promise<InventoryMovementRow | null> {
  return (
    (await db.selectFrom('inventory_movements').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
  );
}

export function findMovementsByIds(db: Executor, ids: readonly string[]): Promise<InventoryMovementRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('inventory_movements').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

// ---- The ledger list, newest first (aliases: m movement, v variant, p product, loc location) ----

export interface MovementFilter {
  condition: RawBuilder<boolean> | null;
  variantId: string | null;
}

function movementListQuery(db: Executor, filter: MovementFilter) {
  let q = db
    .selectFrom('inventory_movements as m')
    .innerJoin('product_variants as v', 'v.id', 'm.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('locations as loc', 'loc.id', 'm.location_id')
    .selectAll('m');
  if (filter.variantId !== null) q = q.where('m.variant_id', '=', filter.variantId);
  if (filter.condition) q = q.where(filter.condition);
  return q;
}

export function pageMovements(
  db: Executor,
  filter: MovementFilter,
  args: PageArgs,
): Promise<Page<InventoryMovementRow>> {
  const sort = {
    expression: 'm.created_at',
    cast: 'timestamptz',
    idColumn: 'm.id',
    value: (r: InventoryMovementRow) => r.created_at,
  } as const;
  return keysetPage(movementListQuery(db, filter), sort, true, args);
}

export function countMovements(db: Executor, filter: MovementFilter): Promise<Count> {
  return cappedCount(db, movementListQuery(db, filter));
}
