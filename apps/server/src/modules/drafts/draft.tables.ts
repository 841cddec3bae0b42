import type { DraftOrderStatus } from '@stockroom/domain';
import type { Generated, Selectable } from 'kysely';
import type { Timestamp, Json, AddressJson } from '../../db/columns.js';

export interface DraftOrderTable {
  id: string;
  number: Generated<number>;
  status: Generated<DraftOrderStatus>;
  customer_id: string | null;
  customer_name: string | null;
  email: string | null;
  phone: string | null;
  shipping_address: Json<AddressJson | null>;
  billing_address: Json<AddressJson | null>;
  /** A rate, or (null with a title) a custom shipping line; neither: no shipping. */
  shipping_rate_id: string | null;
  shipping_title: string | null;
  /** The code as typed; checked again at every save and at completion. */
  discount_code: Generated<string | null>;
  shipping_price: number | null;
  note: string | null;
  tags: Generated<string[]>;
  items_count: Generated<number>;
  /** The total at the last save, for the list; the draft itself is recalculated when read. */
  total: Generated<number>;
  order_id: string | null;
  completed_at: Timestamp | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface DraftOrderLineTable {
  id: string;
  draft_order_id: string;
  position: number;
  /** Null for a custom item, or once the variant was deleted. */
  variant_id: string | null;
  custom: Generated<boolean>;
  /** A custom item's title. */
  title: string | null;
  /** A custom item's price, or the override of the catalog price; null: the catalog price. */
  price: number | null;
  price_override_reason: string | null;
  quantity: number;
  taxable: Generated<boolean>;
}

/** This module's tables, as Kysely sees them. */
export interface DraftTables {
  draft_orders: DraftOrderTable;
  draft_order_lines: DraftOrderLineTable;
}

export type DraftOrderRow = Selectable<DraftOrderTable>;
export type DraftOrderLineRow = Selectable<DraftOrderLineTable>;
