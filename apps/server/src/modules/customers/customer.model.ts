import type { Selectable } from 'kysely';
import { tableRow, type Camel } from '../../db/row.js';
import type { CustomerAddressTable, CustomerCommentTable, CustomerTable } from './customer.tables.js';

/**
 * Customers' domain objects: what their repository hands the rest of the server, derived from the
 * tables (db/row.ts).
 */

/** A customer's row as the app reads it: the search columns stay in the database. */
export const customerRow = tableRow<CustomerTable>()(
  [
    'id',
    'email',
    'first_name',
    'last_name',
    'phone',
    'note',
    'tags',
    'accepts_marketing',
    'state',
    'default_address_id',
    'orders_count',
    'total_spent',
    'last_order_at',
    'erased_at',
    'created_at',
    'updated_at',
    'version',
  ] as const,
  { omit: ['tag_keys', 'search_text'] },
);
export type Customer = Camel<Omit<Selectable<CustomerTable>, 'tag_keys' | 'search_text'>>;

/** The customer of a row, under the name the orders module imports it by. */
export const toCustomer = customerRow.of;
/**
 * A customer as a JSON array of its columns, read back as a row is: for another table's list that
 * brings each row's customer in its own statement (the orders module imports it by this name).
 */
export const customerJsonRow = (alias: string) => customerRow.json(alias);

export const addressRow = tableRow<CustomerAddressTable>()(
  [
    'id',
    'customer_id',
    'first_name',
    'last_name',
    'company',
    'line1',
    'line2',
    'city',
    'region',
    'postal_code',
    'country_code',
    'phone',
    'position',
    'created_at',
    'updated_at',
  ] as const,
  // character(2): PostgreSQL pads it; every read trims it, from a row or from JSON.
  { fix: { country_code: (v) => v.trim() } },
);
export type CustomerAddress = Camel<Selectable<CustomerAddressTable>>;

export const commentRow = tableRow<CustomerCommentTable>()([
  'id',
  'customer_id',
  'staff_id',
  'staff_name',
  'body',
  'created_at',
] as const);
export type CustomerComment = Camel<Selectable<CustomerCommentTable>>;
