import type { Generated } from 'kysely';
import type { Timestamp, Json, AddressJson } from '../../db/columns.js';

export interface OrderTable {
  id: string;
  number: Generated<number>;
  status: Generated<'OPEN' | 'CLOSED' | 'CANCELLED'>;
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
  source: Generated<'API' | 'DRAFT' | 'IMPORT' | 'DEMO'>;
  idempotency_key: string | null;
  note: string | null;
  tags: Generated<string[]>;
  cancelled_at: Timestamp | null;
  cancel_reason: string | null;
  closed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
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
  position: Generated<number>;
}

/** This module's tables, as Kysely sees them. */
export interface OrderTables {
  orders: OrderTable;
  order_lines: OrderLineTable;
}
