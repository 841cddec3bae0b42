import type { CustomerState } from '@stockroom/domain';
import type { CustomerAddressRow, CustomerCommentRow, CustomerRow } from './customer.tables.js';
import { jsonRow } from '../../db/json-row.js';

/** Customers' domain objects: what their repository hands the rest of the server. */
export interface Customer {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  note: string | null;
  tags: string[];
  acceptsMarketing: boolean;
  state: CustomerState;
  defaultAddressId: string | null;
  ordersCount: number;
  /** Minor units. */
  totalSpent: number;
  lastOrderAt: Date | null;
  erasedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface CustomerAddress {
  id: string;
  customerId: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string | null;
  countryCode: string;
  phone: string | null;
  position: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface CustomerComment {
  id: string;
  customerId: string;
  staffId: string | null;
  staffName: string | null;
  body: string;
  createdAt: Date;
}

/**
 * A customer as a JSON array of its columns (db/json-row.ts), read back as toCustomer reads its row:
 * for another table's list that brings each row's customer in its own statement.
 */
export const customerJsonRow = (alias: string) =>
  jsonRow<Customer>(
    alias,
    `id email first_name last_name phone note tags accepts_marketing state default_address_id
     orders_count total_spent last_order_at erased_at created_at updated_at version`,
  );

export function toCustomer(r: CustomerRow): Customer {
  return {
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    phone: r.phone,
    note: r.note,
    tags: r.tags,
    acceptsMarketing: r.accepts_marketing,
    state: r.state,
    defaultAddressId: r.default_address_id,
    ordersCount: r.orders_count,
    totalSpent: r.total_spent,
    lastOrderAt: r.last_order_at,
    erasedAt: r.erased_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  };
}

export function toCustomerAddress(r: CustomerAddressRow): CustomerAddress {
  return {
    id: r.id,
    customerId: r.customer_id,
    firstName: r.first_name,
    lastName: r.last_name,
    company: r.company,
    line1: r.line1,
    line2: r.line2,
    city: r.city,
    region: r.region,
    postalCode: r.postal_code,
    countryCode: r.country_code.trim(),
    phone: r.phone,
    position: r.position,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function toCustomerComment(r: CustomerCommentRow): CustomerComment {
  return {
    id: r.id,
    customerId: r.customer_id,
    staffId: r.staff_id,
    staffName: r.staff_name,
    body: r.body,
    createdAt: r.created_at,
  };
}
