import type { AddressJson } from '../../db/columns.js';
import type { DraftOrderLineRow, DraftOrderRow } from './draft.tables.js';

/** Drafts' domain objects: what the drafts repository hands the rest of the server. */
export interface DraftOrder {
  id: string;
  number: number;
  status: 'OPEN' | 'COMPLETED';
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
