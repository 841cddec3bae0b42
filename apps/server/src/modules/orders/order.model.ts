import type {
  DraftOrderStatus,
  FulfillmentRecordStatus,
  OrderSource,
  OrderStatus,
  TransactionKind,
  TransactionStatus,
} from '@stockroom/domain';
import type { AddressJson } from '../../db/columns.js';
import { snakeCase } from '../../lib/case.js';
import type {
  DraftOrderLineRow,
  DraftOrderRow,
  FulfillmentLineRow,
  FulfillmentRow,
  OrderCommentRow,
  OrderLineRow,
  OrderRow,
  OrderTransactionRow,
  RefundLineRow,
  RefundRow,
} from './order.tables.js';

export type { TransactionKind };

/**
 * Orders' domain objects: what their repositories hand the rest of the server. Amounts are in
 * minor units of the order's currency; only repositories and this file know the column names.
 */
export interface Order {
  id: string;
  number: number;
  status: OrderStatus;
  paymentStatus: string;
  fulfillmentStatus: string;
  customerId: string | null;
  email: string | null;
  phone: string | null;
  /** ISO 4217, no padding. */
  currencyCode: string;
  subtotal: number;
  shippingTotal: number;
  taxTotal: number;
  discountTotal: number;
  total: number;
  totalPaid: number;
  totalRefunded: number;
  shippingAddress: AddressJson | null;
  billingAddress: AddressJson | null;
  source: OrderSource;
  idempotencyKey: string | null;
  note: string | null;
  tags: string[];
  cancelledAt: Date | null;
  cancelReason: string | null;
  closedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  customerName: string | null;
  shippingRateId: string | null;
  shippingName: string | null;
  shippingPrice: number;
  shippingTax: number;
  discountCode: string | null;
  discountId: string | null;
  itemsCount: number;
  pricesIncludeTax: boolean;
  createdBy: string | null;
}

export interface OrderLine {
  id: string;
  orderId: string;
  productId: string | null;
  variantId: string | null;
  productTitle: string;
  variantTitle: string;
  sku: string | null;
  unitPrice: number;
  quantity: number;
  discount: number;
  tax: number;
  fulfilledQuantity: number;
  refundedQuantity: number;
  position: number;
  locationId: string | null;
  taxable: boolean;
  custom: boolean;
  originalUnitPrice: number | null;
  priceOverrideReason: string | null;
}

export interface OrderTransaction {
  id: string;
  orderId: string;
  kind: TransactionKind;
  status: TransactionStatus;
  amount: number;
  gateway: string;
  reference: string | null;
  parentId: string | null;
  staffId: string | null;
  actorName: string | null;
  createdAt: Date;
}

export interface Fulfillment {
  id: string;
  orderId: string;
  position: number;
  locationId: string;
  status: FulfillmentRecordStatus;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  staffId: string | null;
  createdAt: Date;
  cancelledAt: Date | null;
}

export interface FulfillmentLine {
  fulfillmentId: string;
  orderLineId: string;
  quantity: number;
}

export interface Refund {
  id: string;
  orderId: string;
  amount: number;
  shippingAmount: number;
  reason: string | null;
  transactionId: string | null;
  staffId: string | null;
  staffName: string | null;
  createdAt: Date;
}

export interface RefundLine {
  refundId: string;
  orderLineId: string;
  quantity: number;
  restock: boolean;
  /** Units that went back to stock: released reservations and restocked shipped units. */
  restockedQuantity: number;
  locationId: string | null;
}

export interface OrderComment {
  id: string;
  orderId: string;
  staffId: string | null;
  staffName: string | null;
  body: string;
  createdAt: Date;
}

export interface DraftOrder {
  id: string;
  number: number;
  status: DraftOrderStatus;
  customerId: string | null;
  customerName: string | null;
  email: string | null;
  phone: string | null;
  shippingAddress: AddressJson | null;
  billingAddress: AddressJson | null;
  shippingRateId: string | null;
  shippingTitle: string | null;
  discountCode: string | null;
  shippingPrice: number | null;
  note: string | null;
  tags: string[];
  itemsCount: number;
  total: number;
  orderId: string | null;
  completedAt: Date | null;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface DraftOrderLine {
  id: string;
  draftOrderId: string;
  position: number;
  variantId: string | null;
  custom: boolean;
  title: string | null;
  price: number | null;
  priceOverrideReason: string | null;
  quantity: number;
  taxable: boolean;
}

export function toOrder(r: OrderRow): Order {
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    paymentStatus: r.payment_status,
    fulfillmentStatus: r.fulfillment_status,
    customerId: r.customer_id,
    email: r.email,
    phone: r.phone,
    currencyCode: r.currency_code.trim(),
    subtotal: r.subtotal,
    shippingTotal: r.shipping_total,
    taxTotal: r.tax_total,
    discountTotal: r.discount_total,
    total: r.total,
    totalPaid: r.total_paid,
    totalRefunded: r.total_refunded,
    shippingAddress: r.shipping_address,
    billingAddress: r.billing_address,
    source: r.source,
    idempotencyKey: r.idempotency_key,
    note: r.note,
    tags: r.tags,
    cancelledAt: r.cancelled_at,
    cancelReason: r.cancel_reason,
    closedAt: r.closed_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
    customerName: r.customer_name,
    shippingRateId: r.shipping_rate_id,
    shippingName: r.shipping_name,
    shippingPrice: r.shipping_price,
    shippingTax: r.shipping_tax,
    discountCode: r.discount_code,
    discountId: r.discount_id,
    itemsCount: r.items_count,
    pricesIncludeTax: r.prices_include_tax,
    createdBy: r.created_by,
  };
}

export function toOrderLine(r: OrderLineRow): OrderLine {
  return {
    id: r.id,
    orderId: r.order_id,
    productId: r.product_id,
    variantId: r.variant_id,
    productTitle: r.product_title,
    variantTitle: r.variant_title,
    sku: r.sku,
    unitPrice: r.unit_price,
    quantity: r.quantity,
    discount: r.discount,
    tax: r.tax,
    fulfilledQuantity: r.fulfilled_quantity,
    refundedQuantity: r.refunded_quantity,
    position: r.position,
    locationId: r.location_id,
    taxable: r.taxable,
    custom: r.custom,
    originalUnitPrice: r.original_unit_price,
    priceOverrideReason: r.price_override_reason,
  };
}

export function toTransaction(r: OrderTransactionRow): OrderTransaction {
  return {
    id: r.id,
    orderId: r.order_id,
    kind: r.kind,
    status: r.status,
    amount: r.amount,
    gateway: r.gateway,
    reference: r.reference,
    parentId: r.parent_id,
    staffId: r.staff_id,
    actorName: r.actor_name,
    createdAt: r.created_at,
  };
}

export function toFulfillment(r: FulfillmentRow): Fulfillment {
  return {
    id: r.id,
    orderId: r.order_id,
    position: r.position,
    locationId: r.location_id,
    status: r.status,
    carrier: r.carrier,
    trackingNumber: r.tracking_number,
    trackingUrl: r.tracking_url,
    staffId: r.staff_id,
    createdAt: r.created_at,
    cancelledAt: r.cancelled_at,
  };
}

export function toFulfillmentLine(r: FulfillmentLineRow): FulfillmentLine {
  return { fulfillmentId: r.fulfillment_id, orderLineId: r.order_line_id, quantity: r.quantity };
}

export function toRefund(r: RefundRow): Refund {
  return {
    id: r.id,
    orderId: r.order_id,
    amount: r.amount,
    shippingAmount: r.shipping_amount,
    reason: r.reason,
    transactionId: r.transaction_id,
    staffId: r.staff_id,
    staffName: r.staff_name,
    createdAt: r.created_at,
  };
}

export function toRefundLine(r: RefundLineRow): RefundLine {
  return {
    refundId: r.refund_id,
    orderLineId: r.order_line_id,
    quantity: r.quantity,
    restock: r.restock,
    restockedQuantity: r.restocked_quantity,
    locationId: r.location_id,
  };
}

export function toOrderComment(r: OrderCommentRow): OrderComment {
  return {
    id: r.id,
    orderId: r.order_id,
    staffId: r.staff_id,
    staffName: r.staff_name,
    body: r.body,
    createdAt: r.created_at,
  };
}

export function toDraft(r: DraftOrderRow): DraftOrder {
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    customerId: r.customer_id,
    customerName: r.customer_name,
    email: r.email,
    phone: r.phone,
    shippingAddress: r.shipping_address,
    billingAddress: r.billing_address,
    shippingRateId: r.shipping_rate_id,
    shippingTitle: r.shipping_title,
    discountCode: r.discount_code,
    shippingPrice: r.shipping_price,
    note: r.note,
    tags: r.tags,
    itemsCount: r.items_count,
    total: r.total,
    orderId: r.order_id,
    completedAt: r.completed_at,
    createdBy: r.created_by,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  };
}

export function toDraftLine(r: DraftOrderLineRow): DraftOrderLine {
  return {
    id: r.id,
    draftOrderId: r.draft_order_id,
    position: r.position,
    variantId: r.variant_id,
    custom: r.custom,
    title: r.title,
    price: r.price,
    priceOverrideReason: r.price_override_reason,
    quantity: r.quantity,
    taxable: r.taxable,
  };
}

/** camelCase → snake_case for the writes repositories make from domain values. */
export function columnsOf(values: object, json: readonly string[] = []): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    columns[snakeCase(key)] =
      json.includes(key) && value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
  }
  return columns;
}
