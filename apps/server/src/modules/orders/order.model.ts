import type { Selectable } from 'kysely';
import { tableRow, type Camel } from '../../db/row.js';
import type {
  FulfillmentLineTable,
  FulfillmentTable,
  OrderCommentTable,
  OrderLineTable,
  OrderTable,
  OrderTransactionTable,
  RefundLineTable,
  RefundTable,
} from './order.tables.js';

/**
 * Orders' domain objects: what their repositories hand the rest of the server, derived from the
 * tables (db/row.ts). Amounts are in minor units of the order's currency; only repositories and
 * this file know the column names.
 */

export const orderRow = tableRow<OrderTable>()(
  [
    'id',
    'number',
    'status',
    'payment_status',
    'fulfillment_status',
    'customer_id',
    'email',
    'phone',
    'currency_code',
    'subtotal',
    'shipping_total',
    'tax_total',
    'discount_total',
    'total',
    'total_paid',
    'total_refunded',
    'shipping_address',
    'billing_address',
    'source',
    'idempotency_key',
    'note',
    'tags',
    'cancelled_at',
    'cancel_reason',
    'closed_at',
    'created_at',
    'updated_at',
    'version',
    'customer_name',
    'shipping_rate_id',
    'shipping_name',
    'shipping_price',
    'shipping_tax',
    'discount_code',
    'discount_id',
    'items_count',
    'prices_include_tax',
    'created_by',
    'exchange_credit',
    'tax_rate',
  ] as const,
  // character(3): ISO 4217 without the padding.
  { fix: { currency_code: (code) => code.trim() }, json: ['shipping_address', 'billing_address'] },
);
export type Order = Camel<Selectable<OrderTable>>;

export const orderLineRow = tableRow<OrderLineTable>()([
  'id',
  'order_id',
  'product_id',
  'variant_id',
  'product_title',
  'variant_title',
  'sku',
  'unit_price',
  'quantity',
  'discount',
  'tax',
  'fulfilled_quantity',
  'refunded_quantity',
  'return_credited_quantity',
  'position',
  'location_id',
  'taxable',
  'custom',
  'original_unit_price',
  'price_override_reason',
  'return_id',
  'requires_shipping',
] as const);
export type OrderLine = Camel<Selectable<OrderLineTable>>;

export const orderTransactionRow = tableRow<OrderTransactionTable>()([
  'id',
  'order_id',
  'kind',
  'status',
  'amount',
  'gateway',
  'reference',
  'parent_id',
  'staff_id',
  'actor_name',
  'created_at',
] as const);
export type OrderTransaction = Camel<Selectable<OrderTransactionTable>>;

export const fulfillmentRow = tableRow<FulfillmentTable>()([
  'id',
  'order_id',
  'position',
  'location_id',
  'status',
  'carrier',
  'tracking_number',
  'tracking_url',
  'staff_id',
  'created_at',
  'cancelled_at',
] as const);
export type Fulfillment = Camel<Selectable<FulfillmentTable>>;

export const fulfillmentLineRow = tableRow<FulfillmentLineTable>()([
  'fulfillment_id',
  'order_line_id',
  'quantity',
] as const);
export type FulfillmentLine = Camel<Selectable<FulfillmentLineTable>>;

export const refundRow = tableRow<RefundTable>()([
  'id',
  'order_id',
  'amount',
  'shipping_amount',
  'reason',
  'transaction_id',
  'staff_id',
  'staff_name',
  'created_at',
] as const);
export type Refund = Camel<Selectable<RefundTable>>;

export const refundLineRow = tableRow<RefundLineTable>()([
  'refund_id',
  'order_line_id',
  'quantity',
  'restock',
  'restocked_quantity',
  'location_id',
] as const);
export type RefundLine = Camel<Selectable<RefundLineTable>>;

export const orderCommentRow = tableRow<OrderCommentTable>()([
  'id',
  'order_id',
  'staff_id',
  'staff_name',
  'body',
  'created_at',
] as const);
export type OrderComment = Camel<Selectable<OrderCommentTable>>;
