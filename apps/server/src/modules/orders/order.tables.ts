import type {
  FulfillmentRecordStatus,
  OrderSource,
  OrderStatus,
  TransactionKind,
  TransactionStatus,
} from '@stockroom/domain';
import type { Generated, Selectable } from 'kysely';
import type { Timestamp, Json, AddressJson } from '../../db/columns.js';

export interface OrderTable {
  id: string;
  number: Generated<number>;
  status: Generated<OrderStatus>;
  payment_status: Generated<string>;
  fulfillment_status: Generated<string>;
  customer_id: string | null;
  email: string | null;
  phone: string | null;
  currency_code: string;
  subtotal: Generated<number>;
  shipping_total: Generated<number>;
  tax_total: Generated<number>;
  discount_total: Generated<number>;
  total: Generated<number>;
  total_paid: Generated<number>;
  total_refunded: Generated<number>;
  shipping_address: Json<AddressJson | null>;
  billing_address: Json<AddressJson | null>;
  source: Generated<OrderSource>;
  idempotency_key: string | null;
  note: string | null;
  tags: Generated<string[]>;
  cancelled_at: Timestamp | null;
  cancel_reason: string | null;
  closed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
  /** The customer's name as placed (customer, else shipping address); scrubbed on erase. */
  customer_name: string | null;
  /** The rate chosen at placement; no foreign key, since rates may be deleted later. */
  shipping_rate_id: string | null;
  shipping_name: string | null;
  /** The rate's price before a free-shipping discount; shipping_total is after it. */
  shipping_price: Generated<number>;
  shipping_tax: Generated<number>;
  discount_code: string | null;
  /** The discount the code was, while it exists (a used discount can't be deleted). */
  discount_id: Generated<string | null>;
  /** Σ line quantities, kept for the list. */
  items_count: Generated<number>;
  /** The store setting when the order was placed: whether line prices already hold their tax. */
  prices_include_tax: Generated<boolean>;
  /** Staff member or API token owner who placed it; null for the system (seed, import). */
  created_by: string | null;
  /**
   * Credit of returns applied to the items their exchanges added (migration 300): no money moved;
   * what the customer pays is total − exchange_credit.
   */
  exchange_credit: Generated<number>;
  /**
   * The tax rate the order was placed at, percent as text ("8.875"); null when none applied
   * (migration 320): an edit taxes new lines at it.
   */
  tax_rate: Generated<string | null>;
}

export interface OrderLineTable {
  id: string;
  order_id: string;
  product_id: string | null;
  variant_id: string | null;
  product_title: string;
  variant_title: string;
  sku: string | null;
  unit_price: number;
  quantity: number;
  discount: Generated<number>;
  tax: Generated<number>;
  fulfilled_quantity: Generated<number>;
  refunded_quantity: Generated<number>;
  /** Units credited with money by returns' settlements (migration 290): a refund can't pay for them again. */
  return_credited_quantity: Generated<number>;
  position: Generated<number>;
  /** Where the line's stock is committed; null when the variant does not track stock. */
  location_id: string | null;
  taxable: Generated<boolean>;
  /** A custom item: no product, no stock (drafts). */
  custom: Generated<boolean>;
  /** The catalog price when staff overrode it (drafts); null otherwise. */
  original_unit_price: number | null;
  price_override_reason: string | null;
  /** The return whose exchange added this line (migration 300); null for lines placed with the order. */
  return_id: Generated<string | null>;
  /** Whether the line ships (a custom item an edit adds may not; migration 320). */
  requires_shipping: Generated<boolean>;
}

export interface OrderTransactionTable {
  id: string;
  order_id: string;
  kind: TransactionKind;
  status: Generated<TransactionStatus>;
  amount: number;
  gateway: Generated<string>;
  reference: string | null;
  /** The authorization a CAPTURE or VOID acts on; the payment a REFUND gives back. */
  parent_id: string | null;
  staff_id: string | null;
  /** Who did it, as shown on the timeline (staff name, "API token …", "system"). */
  actor_name: string | null;
  created_at: Timestamp;
}

export interface FulfillmentTable {
  id: string;
  order_id: string;
  /** 1, 2 … within the order: fulfillment #1001-F2. */
  position: number;
  location_id: string;
  status: Generated<FulfillmentRecordStatus>;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  staff_id: string | null;
  created_at: Timestamp;
  cancelled_at: Timestamp | null;
}

export interface FulfillmentLineTable {
  fulfillment_id: string;
  order_line_id: string;
  quantity: number;
}

export interface RefundTable {
  id: string;
  order_id: string;
  amount: number;
  shipping_amount: Generated<number>;
  reason: string | null;
  transaction_id: string | null;
  staff_id: string | null;
  /** Who made the refund: a person's name, or the API token's (migration 130). */
  staff_name: string | null;
  created_at: Timestamp;
}

export interface RefundLineTable {
  refund_id: string;
  order_line_id: string;
  quantity: number;
  /** restocked_quantity > 0. */
  restock: Generated<boolean>;
  /** Units of this line that went back to stock through this refund (migration 130). */
  restocked_quantity: Generated<number>;
  location_id: string | null;
}

export interface OrderCommentTable {
  id: string;
  order_id: string;
  staff_id: string | null;
  staff_name: string | null;
  body: string;
  created_at: Timestamp;
}

/** This module's tables, as Kysely sees them. */
export interface OrderTables {
  orders: OrderTable;
  order_lines: OrderLineTable;
  order_transactions: OrderTransactionTable;
  fulfillments: FulfillmentTable;
  fulfillment_lines: FulfillmentLineTable;
  refunds: RefundTable;
  refund_lines: RefundLineTable;
  order_comments: OrderCommentTable;
}

export type OrderRow = Selectable<OrderTable>;
export type OrderLineRow = Selectable<OrderLineTable>;
export type OrderTransactionRow = Selectable<OrderTransactionTable>;
export type FulfillmentRow = Selectable<FulfillmentTable>;
export type FulfillmentLineRow = Selectable<FulfillmentLineTable>;
export type OrderCommentRow = Selectable<OrderCommentTable>;
export type RefundRow = Selectable<RefundTable>;
export type RefundLineRow = Selectable<RefundLineTable>;
