import type { Selectable } from 'kysely';
import { tableRow, type Camel } from '../../db/row.js';
import type { DraftOrderLineTable, DraftOrderTable } from './draft.tables.js';

/**
 * Drafts' domain objects: what the drafts repository hands the rest of the server, derived from the
 * tables (db/row.ts).
 */

export const draftOrderRow = tableRow<DraftOrderTable>()(
  [
    'id',
    'number',
    'status',
    'customer_id',
    'customer_name',
    'email',
    'phone',
    'shipping_address',
    'billing_address',
    'shipping_rate_id',
    'shipping_title',
    'discount_code',
    'shipping_price',
    'note',
    'tags',
    'items_count',
    'total',
    'order_id',
    'completed_at',
    'created_by',
    'created_at',
    'updated_at',
    'version',
  ] as const,
  { json: ['shipping_address', 'billing_address'] },
);
export type DraftOrder = Camel<Selectable<DraftOrderTable>>;

export const draftOrderLineRow = tableRow<DraftOrderLineTable>()([
  'id',
  'draft_order_id',
  'position',
  'variant_id',
  'custom',
  'title',
  'price',
  'price_override_reason',
  'quantity',
  'taxable',
] as const);
export type DraftOrderLine = Camel<Selectable<DraftOrderLineTable>>;
