import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import {
  addressRow,
  commentRow,
  customerRow,
  type Customer,
  type CustomerAddress,
  type CustomerComment,
} from './customer.model.js';
import {
  cappedCount,
  keysetPage,
  mapPage,
  type Count,
  type Page,
  type PageArgs,
  type SortChoice,
} from '../../lib/pagination.js';

/** What a customer's create or update writes (the search text follows from the contact fields). */
export type CustomerValues = Pick<
  Customer,
  'email' | 'firstName' | 'lastName' | 'phone' | 'note' | 'tags' | 'acceptsMarketing'
>;
/** What an address's create or update writes. */
export type AddressValues = Omit<
  CustomerAddress,
  'id' | 'customerId' | 'position' | 'createdAt' | 'updatedAt'
>;

function searchText(c: Pick<Customer, 'email' | 'firstName' | 'lastName' | 'phone'>): string {
  return [c.firstName, c.lastName, c.email, c.email.split('@')[0], c.phone, c.phone?.replace(/^\+/, '')]
    .filter(Boolean)
    .join(' ');
}

/** The customer's columns, with what follows from them: the tags' search keys and the search text. */
function customerColumns(c: CustomerValues) {
  return {
    ...customerRow.write(c),
    tag_keys: c.tags.map((t) => t.toLowerCase()),
    search_text: searchText(c),
  };
}

// ---- Customers ----

export async function findCustomer(db: Executor, id: string): Promise<Customer | null> {
  const row = await db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? customerRow.of(row) : null;
}

export async function findCustomersByIds(db: Executor, ids: readonly string[]): Promise<Customer[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('customers').selectAll().where('id', 'in', ids).execute()).map(customerRow.of);
}

/** The customer, locked until the transaction ends (so concurrent changes apply one after the other). */
export async function lockCustomer(db: Executor, id: string): Promise<Customer | null> {
  const row = await db
    .selectFrom('customers')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? customerRow.of(row) : null;
}

/** Another customer with this email (emails are unique regardless of case), for TAKEN. */
export async function customerWithEmail(
  db: Executor,
  email: string,
  exceptId: string | null,
): Promise<Pick<Customer, 'id' | 'firstName' | 'lastName' | 'email'> | undefined> {
  let q = db
    .selectFrom('customers')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  const row = await q.executeTakeFirst();
  return row && { id: row.id, firstName: row.first_name, lastName: row.last_name, email: row.email };
}

/** The customers with these emails (case-insensitive), in one query: an import's chunk matches its rows by email. */
export async function customersWithEmails(db: Executor, emails: readonly string[]): Promise<Customer[]> {
  if (!emails.length) return [];
  const lower = [...new Set(emails.map((e) => e.toLowerCase()))];
  const rows = await db
    .selectFrom('customers')
    .selectAll()
    .where(sql<string>`lower(email)`, 'in', lower)
    .execute();
  return rows.map(customerRow.of);
}

/** Whether an order or a draft order names the customer (an import's creation is then kept). */
export async function customerHasOrders(db: Executor, id: string): Promise<boolean> {
  const row = await db
    .selectNoFrom(
      sql<boolean>`exists (select 1 from orders where customer_id = ${id}) or exists (select 1 from draft_orders where customer_id = ${id})`.as(
        'used',
      ),
    )
    .executeTakeFirstOrThrow();
  return Boolean(row.used);
}

/**
 * Deletes a customer with their addresses and comments. Only for undoing an import's creation
 * (customers have no delete in the app): the caller checks nothing changed them and no order names them.
 */
export async function deleteImportedCustomer(db: Executor, id: string): Promise<void> {
  await db.updateTable('customers').set({ default_address_id: null }).where('id', '=', id).execute();
  await db.deleteFrom('customers').where('id', '=', id).execute();
}

export async function insertCustomer(db: Executor, id: string, customer: CustomerValues): Promise<void> {
  await db
    .insertInto('customers')
    .values({ id, ...customerColumns(customer), state: 'ENABLED', default_address_id: null })
    .execute();
}

/** A change someone made: stamps `updated_at` by the database clock and bumps the version. */
export async function updateCustomer(
  db: Executor,
  id: string,
  changes: CustomerValues | { state: Customer['state'] } | { defaultAddressId: string | null },
): Promise<Customer> {
  const columns = 'email' in changes ? customerColumns(changes) : customerRow.write(changes);
  const row = await db
    .updateTable('customers')
    .set({ ...columns, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return customerRow.of(row);
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

export async function findAddress(db: Executor, id: string): Promise<CustomerAddress | null> {
  const row = await db.selectFrom('customer_addresses').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? addressRow.of(row) : null;
}

/** Addresses of many customers in one query, in their order (DataLoader batch function). */
export async function addressesOfCustomers(
  db: Executor,
  customerIds: readonly string[],
): Promise<CustomerAddress[]> {
  if (!customerIds.length) return [];
  const rows = await db
    .selectFrom('customer_addresses')
    .selectAll()
    .where('customer_id', 'in', customerIds)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(addressRow.of);
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

export async function insertAddresses(
  db: Executor,
  addresses: readonly (AddressValues & { id: string; customerId: string; position: number })[],
): Promise<CustomerAddress[]> {
  if (!addresses.length) return [];
  const rows = await db
    .insertInto('customer_addresses')
    .values(addresses.map((a) => addressRow.write(a)))
    .returningAll()
    .execute();
  return rows.map(addressRow.of);
}

export async function updateAddress(
  db: Executor,
  id: string,
  address: AddressValues,
): Promise<CustomerAddress> {
  const row = await db
    .updateTable('customer_addresses')
    .set({ ...addressRow.write(address), updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return addressRow.of(row);
}

export async function deleteAddress(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('customer_addresses').where('id', '=', id).execute();
}

// ---- Comments ----

export async function insertComment(
  db: Executor,
  comment: Omit<CustomerComment, 'createdAt'>,
): Promise<CustomerComment> {
  const row = await db
    .insertInto('customer_comments')
    .values(commentRow.write(comment))
    .returningAll()
    .executeTakeFirstOrThrow();
  return commentRow.of(row);
}

export async function latestComments(
  db: Executor,
  customerId: string,
  limit: number,
): Promise<CustomerComment[]> {
  const rows = await db
    .selectFrom('customer_comments')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(commentRow.of);
}

// ---- Erasure (SPEC: personal data goes, the record, orders and totals stay) ----

/** Blanks the customer's personal fields, marks them ERASED, and drops their addresses and comment texts. */
export async function eraseCustomerData(
  db: Executor,
  id: string,
  placeholderEmail: string,
): Promise<Customer> {
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
  return customerRow.of(after);
}

// ---- The list (alias: c customers) ----

export const CUSTOMER_SORTS = {
  CREATED_AT: {
    description: 'Newest first.',
    expression: 'c.created_at',
    cast: 'timestamptz',
    descending: true,
  },
  UPDATED_AT: {
    description: 'Most recently changed first.',
    expression: 'c.updated_at',
    cast: 'timestamptz',
    descending: true,
  },
  NAME: {
    description: 'By last name, A to Z.',
    expression: "lower(coalesce(c.last_name, '') || ' ' || coalesce(c.first_name, ''))",
    cast: 'text',
    descending: false,
  },
  TOTAL_SPENT: {
    description: 'Biggest spenders first.',
    expression: 'c.total_spent',
    cast: 'bigint',
    descending: true,
  },
  ORDERS_COUNT: {
    description: 'Most orders first.',
    expression: 'c.orders_count',
    cast: 'integer',
    descending: true,
  },
  LAST_ORDER: {
    description: 'Most recent order first; customers without orders last.',
    expression: 'c.last_order_at',
    cast: 'timestamptz',
    nullable: true,
    descending: true,
  },
} as const satisfies Record<string, SortChoice>;

export type CustomerSortKey = keyof typeof CUSTOMER_SORTS;

function customerListQuery(db: Executor, condition: RawBuilder<boolean> | null) {
  const q = db.selectFrom('customers as c').selectAll('c');
  return condition ? q.where(condition) : q;
}

const ADDRESS = addressRow.json('a');

/** A page of customers, with each one's addresses when the caller shows them. */
export type CustomerPage = Page<Customer> & { addressesByCustomer: Map<string, CustomerAddress[]> | null };

/**
 * One keyset page of the customers matching the condition. With `addresses`, each row's addresses
 * (in the order addressesOfCustomers reads them) come in the same statement as a JSON column,
 * computed for the page's rows only: one round trip for the page instead of two.
 */
export async function pageCustomers(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  sortKey: CustomerSortKey,
  reverse: boolean,
  args: PageArgs,
  include: { addresses: boolean } = { addresses: false },
): Promise<CustomerPage> {
  const key = CUSTOMER_SORTS[sortKey];
  const query = include.addresses
    ? customerListQuery(db, condition).select(
        sql<unknown[][]>`(select coalesce(json_agg(${ADDRESS.array} order by a.position, a.id), '[]')
          from customer_addresses a where a.customer_id = c.id)`.as('_page_addresses'),
      )
    : customerListQuery(db, condition);
  const page = await keysetPage(query, { ...key, idColumn: 'c.id' }, key.descending !== reverse, args);
  let addressesByCustomer: Map<string, CustomerAddress[]> | null = null;
  if (include.addresses) {
    addressesByCustomer = new Map();
    for (const row of page.rows as { id: string; _page_addresses?: unknown[][] }[]) {
      addressesByCustomer.set(row.id, (row._page_addresses ?? []).map(ADDRESS.of));
      delete row._page_addresses;
    }
  }
  return { ...mapPage(page, customerRow.of), addressesByCustomer };
}

/** `cap: null` counts every match (an export's total); lists stop at COUNT_LIMIT. */
export function countCustomers(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  cap?: number | null,
): Promise<Count> {
  return cappedCount(db, customerListQuery(db, condition), cap);
}
