import type { DB } from '../db/database.js';
import type { Shop } from '../modules/settings/settings.model.js';
import { getSettingsCached } from '../modules/settings/settings.repository.js';
import { createCatalogLoaders } from '../modules/catalog/catalog.loaders.js';
import { createCustomerLoaders } from '../modules/customers/customer.loaders.js';
import { createInventoryLoaders } from '../modules/inventory/inventory.loaders.js';
import { createOrderLoaders } from '../modules/orders/order.loaders.js';
import { createDraftLoaders } from '../modules/drafts/draft.loaders.js';
import { createStaffLoaders } from '../modules/staff/staff.loaders.js';
import { createDiscountLoaders } from '../modules/discounts/discount.loaders.js';

/**
 * Every module's batch loaders for one request (each module keeps its own beside its repository),
 * made fresh for every request so nothing cached outlives it.
 */
export function createLoaders(db: DB) {
  let settings: Promise<Shop> | undefined;
  let read: Shop | undefined;
  const shop = () =>
    (settings ??= getSettingsCached(db).then((s) => {
      read = s;
      return s;
    }));
  return {
    /** Store settings, read once per request (currency for every money field). */
    shop,
    /** The settings once this request has read them (so a money field needs no promise). */
    shopNow: (): Shop | undefined => read,
    ...createCatalogLoaders(db),
    ...createCustomerLoaders(db),
    ...createInventoryLoaders(db),
    ...createOrderLoaders(db),
    ...createDraftLoaders(db),
    ...createStaffLoaders(db),
    ...createDiscountLoaders(db),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
