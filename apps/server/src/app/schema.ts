import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { builder } from '../graphql/builder.js';
import { applyAuth } from '../graphql/auth.js';
// Each module adds its types and fields to the builder when imported.
import '../modules/settings/settings.schema.js';
import '../modules/documents/document-settings.schema.js';
import '../modules/documents/invoice.schema.js';
import '../modules/staff/staff.schema.js';
import '../modules/staff/auth.schema.js';
import '../modules/catalog/product.schema.js';
import '../modules/catalog/product-commands.schema.js';
import '../modules/catalog/category-collection.schema.js';
import '../modules/catalog/media.schema.js';
import '../modules/catalog/filter-values.schema.js';
import '../modules/catalog/product-events.schema.js';
import '../modules/inventory/inventory.schema.js';
import '../modules/inventory/variant-bulk.schema.js';
import '../modules/customers/customer.schema.js';
import '../modules/customers/customer-events.schema.js';
import '../modules/customers/customer-bulk.schema.js';
import '../modules/shipping/shipping.schema.js';
import '../modules/audit/audit.schema.js';
import '../modules/undo/undo.schema.js';
import '../modules/orders/order.schema.js';
import '../modules/orders/order-create.schema.js';
import '../modules/orders/order-actions.schema.js';
import '../modules/orders/order-list.schema.js';
import '../modules/orders/order-refund.schema.js';
import '../modules/orders/order-lines-edit.schema.js';
import '../modules/drafts/draft.schema.js';
import '../modules/orders/customer-activity.schema.js';
import '../modules/orders/customer-erase.schema.js';
import '../modules/discounts/discount.schema.js';
import '../modules/orders/order-discount.schema.js';
import '../modules/staff/api-token.schema.js';
import '../modules/staff/staff-admin.schema.js';
import '../modules/analytics/analytics.schema.js';
import '../modules/search/search.schema.js';
import '../modules/events/live.schema.js';
import '../modules/events/store-live.schema.js';
import '../modules/orders/order-live.schema.js';
import '../modules/catalog/product-live.schema.js';
import '../modules/inventory/inventory-live.schema.js';
import '../modules/jobs/job.schema.js';
import '../modules/jobs/job-live.schema.js';
import '../modules/imports/import.schema.js';
import '../modules/webhooks/webhook.schema.js';
import '../modules/webhooks/webhook-commands.schema.js';
import '../modules/notifications/notifications.schema.js';
import '../modules/returns/return.schema.js';
import '../modules/returns/return-commands.schema.js';
import '../modules/views/saved-view.schema.js';
import { plugVariantStock } from '../modules/catalog/variant-stock.js';
import { inventoryVariantStock } from '../modules/inventory/catalog-stock.js';
import { plugSavedViewSearchFields } from '../modules/views/saved-view-search.js';
import { PRODUCT_SEARCH_FIELDS } from '../modules/catalog/product-search.repository.js';
import { ORDER_SEARCH_FIELDS } from '../modules/orders/order-search.js';
import { DRAFT_SEARCH_FIELDS } from '../modules/drafts/draft-search.js';
import { CUSTOMER_SEARCH_FIELDS } from '../modules/customers/customer-search.js';
import { LEVEL_SEARCH_FIELDS } from '../modules/inventory/inventory-search.js';
import { DISCOUNT_SEARCH_FIELDS } from '../modules/discounts/discount-search.js';
import { RETURN_SEARCH_FIELDS } from '../modules/returns/return-list.repository.js';

// Catalog sits below inventory: what it asks of its variants' stock, inventory answers.
plugVariantStock(inventoryVariantStock);
// Saved views check their search by each list's own fields.
plugSavedViewSearchFields({
  PRODUCTS: PRODUCT_SEARCH_FIELDS,
  ORDERS: ORDER_SEARCH_FIELDS,
  DRAFT_ORDERS: DRAFT_SEARCH_FIELDS,
  CUSTOMERS: CUSTOMER_SEARCH_FIELDS,
  INVENTORY: LEVEL_SEARCH_FIELDS,
  DISCOUNTS: DISCOUNT_SEARCH_FIELDS,
  RETURNS: RETURN_SEARCH_FIELDS,
});

let built: GraphQLSchema | undefined;

/** The served schema: every field wrapped with its permission check (built once per process). */
export function buildSchema(): GraphQLSchema {
  built ??= applyAuth(builder.toSchema());
  return built;
}

/** SDL committed as apps/server/schema.graphql; a test fails when it is stale. */
export function printedSchema(): string {
  return printSchema(lexicographicSortSchema(buildSchema()));
}
