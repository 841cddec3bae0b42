import type { DB } from '../db/database.js';
import type { Loaders } from '../graphql/context.js';
import { createSettingsLoaders } from '../modules/settings/settings.loaders.js';
import { createCatalogLoaders } from '../modules/catalog/catalog.loaders.js';
import { createCustomerLoaders } from '../modules/customers/customer.loaders.js';
import { createInventoryLoaders } from '../modules/inventory/inventory.loaders.js';
import { createOrderLoaders } from '../modules/orders/order.loaders.js';
import { createDraftLoaders } from '../modules/drafts/draft.loaders.js';
import { createStaffLoaders } from '../modules/staff/staff.loaders.js';
import { createDiscountLoaders } from '../modules/discounts/discount.loaders.js';
import { createWebhookLoaders } from '../modules/webhooks/webhook.loaders.js';
import { createReturnLoaders } from '../modules/returns/return.loaders.js';
import { createInvoiceLoaders } from '../modules/documents/invoice.loaders.js';

/**
 * Every module's batch loaders for one request (each module keeps its own beside its repository
 * and adds their type to `Loaders`), made fresh for every request so nothing cached outlives it.
 */
export function createLoaders(db: DB): Loaders {
  return {
    ...createSettingsLoaders(db),
    ...createCatalogLoaders(db),
    ...createCustomerLoaders(db),
    ...createInventoryLoaders(db),
    ...createOrderLoaders(db),
    ...createDraftLoaders(db),
    ...createStaffLoaders(db),
    ...createDiscountLoaders(db),
    ...createWebhookLoaders(db),
    ...createReturnLoaders(db),
    ...createInvoiceLoaders(db),
  };
}
