import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { levelRow, movementRow, type InventoryLevel, type InventoryMovement } from './inventory.model.js';
import type { LevelKey } from './level.repository.js';

/** A variant as an inventory import's row finds it: by SKU, or by its product's handle and its option values. */
export interface ImportVariant {
  id: string;
  sku: string | null;
  title: string;
  optionValues: string[];
  trackInventory: boolean;
  handle: string;
}

/** The variants with these SKUs or of products with these handles (case-insensitive), in one query. */
export async function importVariants(
  db: Executor,
  skus: readonly string[],
  handles: readonly string[],
): Promise<ImportVariant[]> {
  const s = [...new Set(skus.map((x) => x.toLowerCase()))];
  const h = [...new Set(handles.map((x) => x.toLowerCase()))];
  if (!s.length && !h.length) return [];
  const rows = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.sku', 'v.title', 'v.option_values', 'v.track_inventory', 'p.handle'])
    .where((eb) =>
      eb.or([
        ...(s.length ? [eb(sql<string>`lower(v.sku)`, 'in', s)] : []),
        ...(h.length ? [eb(sql<string>`lower(p.handle)`, 'in', h)] : []),
      ]),
    )
    .execute();
  return rows.map((r) => ({
    id: r.id,
    sku: r.sku,
    title: r.title,
    optionValues: r.option_values,
    trackInventory: r.track_inventory,
    handle: r.handle,
  }));
}

/** The levels of these variant × location pairs that exist, in one query. */
export async function importLevels(db: Executor, pairs: readonly LevelKey[]): Promise<InventoryLevel[]> {
  if (!pairs.length) return [];
  const wanted = new Set(pairs.map((p) => `${p.variantId}/${p.locationId}`));
  const rows = await db
    .selectFrom('inventory_levels')
    .selectAll()
    .where('variant_id', 'in', [...new Set(pairs.map((p) => p.variantId))])
    .where('location_id', 'in', [...new Set(pairs.map((p) => p.locationId))])
    .execute();
  return rows.map(levelRow.of).filter((l) => wanted.has(`${l.variantId}/${l.locationId}`));
}

/** The movements of the same level after this one, oldest first. */
export async function movementsAfter(
  db: Executor,
  movement: InventoryMovement,
): Promise<InventoryMovement[]> {
  const at = sql<Date>`(select created_at from inventory_movements where id = ${movement.id})`;
  const rows = await db
    .selectFrom('inventory_movements')
    .selectAll()
    .where('variant_id', '=', movement.variantId)
    .where('location_id', '=', movement.locationId)
    .where('id', '!=', movement.id)
    .where((eb) =>
      eb.or([eb('created_at', '>', at), eb.and([eb('created_at', '=', at), eb('id', '>', movement.id)])]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(movementRow.of);
}
