import type { CustomerState } from '@stockroom/domain';
import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from '../../db/columns.js';

export interface CustomerTable {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  note: string | null;
  tags: string[];
  tag_keys: string[];
  accepts_marketing: boolean;
  state: CustomerState;
  default_address_id: string | null;
  orders_count: Generated<number>;
  /** Minor units. */
  total_spent: Generated<number>;
  last_order_at: Timestamp | null;
  search_text: Generated<string>;
  erased_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface CustomerAddressTable {
  id: string;
  customer_id: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postal_code: string | null;
  country_code: string;
  phone: string | null;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CustomerCommentTable {
  id: string;
  customer_id: string;
  staff_id: string | null;
  staff_name: string | null;
  body: string;
  created_at: Timestamp;
}

/** This module's tables, as Kysely sees them. */
export interface CustomerTables {
  customers: CustomerTable;
  customer_addresses: CustomerAddressTable;
  customer_comments: CustomerCommentTable;
}

export type CustomerRow = Selectable<CustomerTable>;
export type CustomerAddressRow = Selectable<CustomerAddressTable>;
export type CustomerCommentRow = Selectable<CustomerCommentTable>;
