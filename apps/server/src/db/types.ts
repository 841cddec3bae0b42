import type { Json, Timestamp } from './columns.js';
import type { SettingsTables } from '../modules/settings/settings.tables.js';
import type { StaffTables } from '../modules/staff/staff.tables.js';
import type { AuditTables } from '../modules/audit/audit.tables.js';
import type { InventoryTables } from '../modules/inventory/inventory.tables.js';
import type { CatalogTables } from '../modules/catalog/catalog.tables.js';
import type { CustomerTables } from '../modules/customers/customer.tables.js';
import type { ShippingTables } from '../modules/shipping/shipping.tables.js';
import type { OrderTables } from '../modules/orders/order.tables.js';
import type { DraftTables } from '../modules/drafts/draft.tables.js';
import type { DiscountTables } from '../modules/discounts/discount.tables.js';
import type { EventTables } from '../modules/events/events.tables.js';
import type { JobTables } from '../modules/jobs/jobs.tables.js';
import type { ImportTables } from '../modules/imports/imports.tables.js';
import type { WebhookTables } from '../modules/webhooks/webhooks.tables.js';
import type { NotificationTables } from '../modules/notifications/notifications.tables.js';
import type { ReturnTables } from '../modules/returns/returns.tables.js';
import type { DocumentTables } from '../modules/documents/documents.tables.js';
import type { InvoiceTables } from '../modules/documents/invoice.tables.js';
import type { ViewTables } from '../modules/views/views.tables.js';

/**
 * The whole database as Kysely sees it: each module declares its own tables beside its repository
 * (`modules/<area>/<area>.tables.ts`); this composes them.
 */

export interface IdempotencyKeyTable {
  scope: string;
  key: string;
  request_hash: string;
  response: Json<unknown>;
  created_at: Timestamp;
}

export interface Database
  extends
    SettingsTables,
    StaffTables,
    AuditTables,
    InventoryTables,
    CatalogTables,
    CustomerTables,
    ShippingTables,
    OrderTables,
    DraftTables,
    DiscountTables,
    EventTables,
    JobTables,
    ImportTables,
    WebhookTables,
    NotificationTables,
    ReturnTables,
    DocumentTables,
    InvoiceTables,
    ViewTables {
  idempotency_keys: IdempotencyKeyTable;
}
