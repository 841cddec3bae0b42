import type { RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import { movementRow, type InventoryMovement } from './inventory.model.js';
import {
  cappedCount,
  keysetPage,
  mapPage,
  type Count,
  type Page,
  type PageArgs,
} from '../../lib/pagination.js';

export type NewMovement = Omit<InventoryMovement, 'createdAt'>;

export async function findMovement(db: Executor, id: string): Promise<InventoryMovement | null> {
  const row = await db.selectFrom('inventory_movements').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? movementRow.of(row) : null;
}

export async function findMovementsByIds(db: Executor, ids: readonly string[]): Promise<InventoryMovement[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('inventory_movements')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows.map(movementRow.of);
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

export async function pageMovements(
  db: Executor,
  filter: MovementFilter,
  args: PageArgs,
): Promise<Page<InventoryMovement>> {
  const sort = {
    expression: 'm.created_at',
    cast: 'timestamptz',
    idColumn: 'm.id',
  } as const;
  return mapPage(await keysetPage(movementListQuery(db, filter), sort, true, args), movementRow.of);
}

export function countMovements(db: Executor, filter: MovementFilter): Promise<Count> {
  return cappedCount(db, movementListQuery(db, filter));
}
