import DataLoader from 'dataloader';
import { sql } from 'kysely';
import type { DB } from '../db/database.js';
import type { CategoryRow, CollectionRow, CustomerAddressRow, CustomerRow, InventoryLevelRow, LocationRow, MediaRow, ProductRow, RoleRow, SessionRow, StaffRow, StoreSettingsRow, VariantRow } from '../db/types.js';
import { findProductsByIds, findVariantsByIds, variantsOfProducts } from '../modules/catalog/product.repository.js';
import { getSettingsCached } from '../modules/settings/settings.repository.js';
import { findStaffByIds, rolesByStaffIds } from '../modules/staff/staff.repository.js';
import { liveSessionsOfStaff } from '../modules/staff/session.repository.js';

function byId<T extends { id: string }>(ids: readonly string[], rows: T[]): (T | null)[] {
  const map = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => map.get(id) ?? null);
}

/** The rows of each id, in the rows' order (one pass, not a filter per id). */
function grouped<T>(ids: readonly string[], rows: T[], key: (row: T) => string | null): T[][] {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return ids.map((id) => map.get(id) ?? []);
}

/** Made fresh for every request, so nothing cached outlives it. */
export function createLoaders(db: DB) {
  let settings: Promise<StoreSettingsRow> | undefined;
  return {
    /** Store settings, read once per request (currency for every money field). */
    shop: () => (settings ??= getSettingsCached(db)),
    productById: new DataLoader<string, ProductRow | null>(async (ids) => byId(ids, await findProductsByIds(db, ids))),
    variantById: new DataLoader<string, VariantRow | null>(async (ids) => byId(ids, await findVariantsByIds(db, ids))),
    categoryById: new DataLoader<string, CategoryRow | null>(async (ids) =>
      byId(ids, await db.selectFrom('categories').selectAll().where('id', 'in', ids).execute()),
    ),
    categoryProductCount: new DataLoader<string, number>(async (ids) => {
      const rows = await db
        .selectFrom('products')
        .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('category_id', 'in', ids)
        .groupBy('category_id')
        .execute();
      return ids.map((id) => Number(rows.find((r) => r.category_id === id)?.n ?? 0));
    }),
    collectionById: new DataLoader<string, CollectionRow | null>(async (ids) =>
      byId(ids, await db.selectFrom('collections').selectAll().where('id', 'in', ids).execute()),
    ),
    collectionsByProductId: new DataLoader<string, CollectionRow[]>(async (ids) => {
      const rows = await db
        .selectFrom('collection_products as cp')
        .innerJoin('collections as c', 'c.id', 'cp.collection_id')
        .selectAll('c')
        .select('cp.product_id')
        .where('cp.product_id', 'in', ids)
        .orderBy('c.title')
        .execute();
      return grouped(ids, rows, (r) => r.product_id).map((list) => list.map(({ product_id: _p, ...c }) => c));
    }),
    customerById: new DataLoader<string, CustomerRow | null>(async (ids) =>
      byId(ids, await db.selectFrom('customers').selectAll().where('id', 'in', ids).execute()),
    ),
    addressesByCustomerId: new DataLoader<string, CustomerAddressRow[]>(async (ids) => {
      const rows = await db.selectFrom('customer_addresses').selectAll().where('customer_id', 'in', ids).orderBy('position').orderBy('id').execute();
      return grouped(ids, rows, (r) => r.customer_id);
    }),
    locationById: new DataLoader<string, LocationRow | null>(async (ids) =>
      byId(ids, await db.selectFrom('locations').selectAll().where('id', 'in', ids).execute()),
    ),
    levelsByVariantId: new DataLoader<string, InventoryLevelRow[]>(async (ids) => {
      const rows = await db
        .selectFrom('inventory_levels as l')
        .innerJoin('locations as loc', 'loc.id', 'l.location_id')
        .selectAll('l')
        .where('l.variant_id', 'in', ids)
        .orderBy('loc.fulfillment_priority')
        .execute();
      return grouped(ids, rows, (r) => r.variant_id);
    }),
    availableByProductId: new DataLoader<string, number | null>(async (ids) => {
      const rows = await db
        .selectFrom('product_variants as v')
        .leftJoin('inventory_levels as l', 'l.variant_id', 'v.id')
        .select(['v.product_id', sql<number>`coalesce(sum(l.on_hand - l.committed), 0)::int`.as('available')])
        .where('v.product_id', 'in', ids)
        .where('v.track_inventory', '=', true)
        .groupBy('v.product_id')
        .execute();
      return ids.map((id) => rows.find((r) => r.product_id === id)?.available ?? null);
    }),
    mediaByProductId: new DataLoader<string, MediaRow[]>(async (ids) => {
      const rows = await db.selectFrom('product_media').selectAll().where('product_id', 'in', ids).orderBy('position').orderBy('id').execute();
      return grouped(ids, rows, (r) => r.product_id);
    }),
    variantsByProductId: new DataLoader<string, VariantRow[]>(async (ids) => {
      const rows = await variantsOfProducts(db, ids);
      return grouped(ids, rows, (r) => r.product_id);
    }),
    staffById: new DataLoader<string, StaffRow | null>(async (ids) => byId(ids, await findStaffByIds(db, ids))),
    rolesById: new DataLoader<string, RoleRow | null>(async (ids) =>
      byId(ids, await db.selectFrom('roles').selectAll().where('id', 'in', ids).execute()),
    ),
    rolesByStaffId: new DataLoader<string, RoleRow[]>(async (ids) => {
      const map = await rolesByStaffIds(db, ids);
      return ids.map((id) => map.get(id) ?? []);
    }),
    sessionsByStaffId: new DataLoader<string, SessionRow[]>(async (ids) => {
      const rows = await liveSessionsOfStaff(db, ids);
      return grouped(ids, rows, (r) => r.staff_id);
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
