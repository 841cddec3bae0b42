import { sql, type Insertable, type RawBuilder, type Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { AddressJson } from '../../db/columns.js';
import type {
  CustomerAddressRow,
  CustomerAddressTable,
  CustomerCommentRow,
  CustomerCommentTable,
  CustomerRow,
  CustomerTable,
} from './customer.tables.js';
import { cappedCount, keysetPage, type Count, type Page, type PageArgs } from '../../lib/pagination.js';

export type NewCustomer = Omit<Insertable<CustomerTable>, 'created_at' | 'updated_at' | 'version'>;
export type CustomerChanges = Omit<Updateable<CustomerTable>, 'id' | 'created_at' | 'updated_at' | 'version'>;
export type NewCustomerAddress = Omit<Insertable<CustomerAddressTable>, 'created_at' | 'updated_at'>;
export type AddressColumns = Omit<NewCustomerAddress, 'id' | 'customer_id' | 'position'>;

// ---- Customers ----

export async function findCustomer(db: Executor, id: string): Promise<CustomerRow | null> {
  return (await db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export function findCustomersByIds(db: Executor, ids: readonly string[]): Promise<CustomerRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('customers').selectAll().where('id', 'in', ids).execute();
}

/** The customer's row, locked until the transaction ends (so concurrent changes apply one after the other). */
export async function lockCustomer(db: Executor, id: string): Promise<CustomerRow | null> {
  return (
    (await db.selectFrom('customers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) ?? null
  );
}

/** Another customer with this email (emails are unique regardless of case), for TAKEN. */
export function customerWithEmail(db: Executor, email: string, exceptId: string | null) {
  let q = db
    .selectFrom('customers')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export async function insertCustomer(db: Executor, customer: NewCustomer): Promise<void> {
  await db.insertInto('customers').values(customer).execute();
}

/** A change someone made: stamps `updated_at` by the database clock and bumps the version. */
export function updateCustomer(db: Executor, id: string, changes: CustomerChanges): Promise<CustomerRow> {
  return db
    .updateTable('customers')
    .set({ ...changes, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Points at a default address as a consequence of adding or removing addresses (not a change of its own: no new version). */
export async function setDefaultAddressId(
  db: Executor,
  customerId: string,
  addressId: string | null,
): Promise<void> {
  await db
    .updateTable('customers')
    .set({ default_address_id: addressId })
    .where('id', '=', customerId)
    .execute();
}

// ---- Addresses ----

export async function findAddress(db: Executor, id: string): Promise<CustomerAddressRow | null> {
  return (
    (await db.selectFrom('customer_addresses').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
  );
}

/** Addresses of many customers in one query, in their order (DataLoader batch function). */
export function addressesOfCustomers(
  db: Executor,
  customerIds: readonly string[],
): Promise<CustomerAddressRow[]> {
  if (!customerIds.length) return Promise.resolve([]);
  return db
    .selectFrom('customer_addresses')
    .selectAll()
    .where('customer_id', 'in', customerIds)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function countAddresses(db: Executor, customerId: string): Promise<number> {
  const { n } = await db
    .selectFrom('customer_addresses')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return n;
}

/** The address that comes first in the customer's order, if any. */
export async function firstAddressId(db: Executor, customerId: string): Promise<string | null> {
  const row = await db
    .selectFrom('customer_addresses')
    .select('id')
    .where('customer_id', '=', customerId)
    .orderBy('position')
    .orderBy('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export function insertAddresses(
  db: Executor,
  rows: readonly NewCustomerAddress[],
): Promise<CustomerAddressRow[]> {
  if (!rows.length) return Promise.resolve([]);
  return db.insertInto('customer_addresses').values(rows).returningAll().execute();
}

export function updateAddress(
  db: Executor,
  id: string,
  columns: AddressColumns,
): Promise<CustomerAddressRow> {
  return db
    .updateTable('customer_addresses')
    .set({ ...columns, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteAddress(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('customer_addresses').where('id', '=', id).execute();
}

// ---- Comments ----

export function insertComment(
  db: Executor,
  comment: Omit<Insertable<CustomerCommentTable>, 'created_at'>,
): Promise<CustomerCommentRow> {
  return db.insertInto('customer_comments').values(comment).returningAll().executeTakeFirstOrThrow();
}

export function latestComments(
  db: Executor,
  customerId: string,
  limit: number,
): Promise<CustomerCommentRow[]> {
  return db
    .selectFrom('customer_comments')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// ---- Erasure (SPEC: personal data goes, the record, orders and totals stay) ----

/** Blanks the customer's personal fields, marks them ERASED, and drops their addresses and comment texts. */
export async function eraseCustomerData(
  db: Executor,
  id: string,
  placeholderEmail: string,
): Promise<CustomerRow> {
  const after = await db
    .updateTable('customers')
    .set({
      email: placeholderEmail,
      first_name: null,
      last_name: null,
      phone: null,
      note: null,
      tags: [],
      tag_keys: [],
      accepts_marketing: false,
      default_address_id: null,
      state: 'ERASED',
      search_text: '',
      erased_at: sql`now()`,
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await db.deleteFrom('customer_addresses').where('customer_id', '=', id).execute();
  await db.updateTable('customer_comments').set({ body: '[erased]' }).where('customer_id', '=', id).execute();
  return after;
}

/**
 * The copies of the person's contact and addresses on their orders. The orders module has no
 * repository of its own yet; this is the one statement customers need of it.
 */
export async function eraseOrderCopies(
  db: Executor,
  customerId: string,
  placeholderEmail: string,
  erasedAddress: AddressJson,
): Promise<void> {
  const address = JSON.stringify(erasedAddress);
  await db
    .updateTable('orders')
    .set({
      email: placeholderEmail,
      phone: null,
      customer_name: 'Erased customer',
      shipping_address: sql`case when shipping_address is null then null else ${address}::jsonb end`,
      billing_address: sql`case when billing_address is null then null else ${address}::jsonb end`,
      note: null,
    })
    .where('customer_id', '=', customerId)
    .execute();
}

// ---- The list (alias: c customers) ----

const SORTS = {
  CREATED_AT: {
    expression: 'c.created_at',
    cast: 'timestamptz',
    descending: true,
    value: (r: CustomerRow) => r.created_at,
  },
  UPDATED_AT: {
    expression: 'c.updated_at',
    cast: 'timestamptz',
    descending: true,
    value: (r: CustomerRow) => r.updated_at,
  },
  NAME: {
    expression: "lower(coalesce(c.last_name, '') || ' ' || coalesce(c.first_name, ''))",
    cast: 'text',
    descending: false,
    value: (r: CustomerRow) => `${r.last_name ?? ''} ${r.first_name ?? ''}`.toLowerCase(),
  },
  TOTAL_SPENT: {
    expression: 'c.total_spent',
    cast: 'bigint',
    descending: true,
    value: (r: CustomerRow) => r.total_spent,
  },
  ORDERS_COUNT: {
    expression: 'c.orders_count',
    cast: 'integer',
    descending: true,
    value: (r: CustomerRow) => r.orders_count,
  },
} as const;

export type CustomerSortKey = keyof typeof SORTS;

function customerListQuery(db: Executor, condition: RawBuilder<boolean> | null) {
  const q = db.selectFrom('customers as c').selectAll('c');
  return condition ? q.where(condition) : q;
}

export function pageCustomers(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  sortKey: CustomerSortKey,
  reverse: boolean,
  args: PageArgs,
): Promise<Page<CustomerRow>> {
  const key = SORTS[sortKey];
  return keysetPage(
    customerListQuery(db, condition),
    { ...key, idColumn: 'c.id' },
    key.descending !== reverse,
    args,
  );
}

export function countCustomers(db: Executor, condition: RawBuilder<boolean> | null): Promise<Count> {
  return cappedCount(db, customerListQuery(db, condition));
}
