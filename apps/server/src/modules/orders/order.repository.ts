import { sql, type Insertable, type Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type {
  FulfillmentLineRow,
  FulfillmentRow,
  OrderCommentRow,
  OrderLineRow,
  OrderLineTable,
  OrderRow,
  OrderTable,
  OrderTransactionRow,
  OrderTransactionTable,
} from './order.tables.js';

export type NewOrder = Omit<Insertable<OrderTable>, 'number' | 'created_at' | 'updated_at' | 'version'>;
export type OrderChanges = Omit<
  Updateable<OrderTable>,
  'id' | 'number' | 'created_at' | 'updated_at' | 'version'
>;
export type NewOrderLine = Insertable<OrderLineTable>;
export type NewTransaction = Omit<Insertable<OrderTransactionTable>, 'created_at'>;

// ---- Orders ----

export async function findOrder(db: Executor, id: string): Promise<OrderRow | null> {
  return (await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export function findOrdersByIds(db: Executor, ids: readonly string[]): Promise<OrderRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('orders').selectAll().where('id', 'in', ids).execute();
}

/** The order's row, locked until the transaction ends: every order mutation takes this first. */
export async function lockOrder(db: Executor, id: string): Promise<OrderRow | null> {
  return (
    (await db.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) ?? null
  );
}

export function insertOrder(db: Executor, order: NewOrder): Promise<OrderRow> {
  return db
    .insertInto('orders')
    .values({ ...order, created_at: sql`now()`, updated_at: sql`now()` })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A change someone made: stamps `updated_at` by the database clock and bumps the version. */
export function updateOrder(db: Executor, id: string, changes: OrderChanges): Promise<OrderRow> {
  return db
    .updateTable('orders')
    .set({ ...changes, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The newest orders of each customer (Customer.orders), `first` per customer, in one query. */
export function recentOrdersOfCustomers(
  db: Executor,
  customerIds: readonly string[],
  first: number,
): Promise<OrderRow[]> {
  if (!customerIds.length) return Promise.resolve([]);
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('orders')
        .selectAll()
        .select(
          sql<number>`row_number() over (partition by customer_id order by created_at desc, id desc)`.as(
            'rank',
          ),
        )
        .where('customer_id', 'in', customerIds)
        .as('o'),
    )
    .selectAll()
    .where('o.rank', '<=', first)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
}

/** A placed order counts toward its customer's figures (a figure, not an edit: no new version). */
export async function addOrderToCustomer(db: Executor, customerId: string, total: number): Promise<void> {
  await db
    .updateTable('customers')
    .set({
      orders_count: sql`orders_count + 1`,
      total_spent: sql`total_spent + ${total}`,
      last_order_at: sql`now()`,
    })
    .where('id', '=', customerId)
    .execute();
}

// ---- Lines ----

/** Lines of many orders in one query, in their position order (DataLoader batch function). */
export function linesOfOrders(db: Executor, orderIds: readonly string[]): Promise<OrderLineRow[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findLinesByIds(db: Executor, ids: readonly string[]): Promise<OrderLineRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('order_lines').selectAll().where('id', 'in', ids).execute();
}

/** The order's lines, locked (callers hold the order's lock already; this guards direct line writers). */
export function lockLines(db: Executor, orderId: string): Promise<OrderLineRow[]> {
  return db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('position')
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function insertLines(db: Executor, lines: readonly NewOrderLine[]): Promise<OrderLineRow[]> {
  if (!lines.length) return Promise.resolve([]);
  return db.insertInto('order_lines').values(lines).returningAll().execute();
}

/**
 * Lines of open orders with units still to ship, per variant, newest order first, `first` per
 * variant: the orders holding a variant's committed stock (ProductVariant.openOrderLines).
 */
export function openLinesOfVariants(
  db: Executor,
  variantIds: readonly string[],
  first: number,
): Promise<OrderLineRow[]> {
  if (!variantIds.length) return Promise.resolve([]);
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .selectAll('l')
        .select(
          sql<number>`row_number() over (partition by l.variant_id order by o.created_at desc, l.id desc)`.as(
            'rank',
          ),
        )
        .select('o.created_at as order_created_at')
        .where('l.variant_id', 'in', variantIds)
        .where('o.status', '=', 'OPEN')
        .where(sql<boolean>`l.quantity - l.fulfilled_quantity - l.refunded_quantity > 0`)
        .as('x'),
    )
    .selectAll()
    .where('x.rank', '<=', first)
    .orderBy('x.order_created_at', 'desc')
    .orderBy('x.id', 'desc')
    .execute();
}

// ---- Transactions ----

/** Transactions of many orders, oldest first (the order they happened in). */
export function transactionsOfOrders(
  db: Executor,
  orderIds: readonly string[],
): Promise<OrderTransactionRow[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .selectFrom('order_transactions')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findTransactionsByIds(db: Executor, ids: readonly string[]): Promise<OrderTransactionRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('order_transactions').selectAll().where('id', 'in', ids).execute();
}

export function insertTransaction(db: Executor, row: NewTransaction): Promise<OrderTransactionRow> {
  return db.insertInto('order_transactions').values(row).returningAll().executeTakeFirstOrThrow();
}

// ---- Fulfillments (written by the fulfillment services; read here for the order's fields) ----

export function fulfillmentsOfOrders(db: Executor, orderIds: readonly string[]): Promise<FulfillmentRow[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .selectFrom('fulfillments')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('position')
    .execute();
}

export function findFulfillmentsByIds(db: Executor, ids: readonly string[]): Promise<FulfillmentRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('fulfillments').selectAll().where('id', 'in', ids).execute();
}

export function fulfillmentLinesOf(
  db: Executor,
  fulfillmentIds: readonly string[],
): Promise<FulfillmentLineRow[]> {
  if (!fulfillmentIds.length) return Promise.resolve([]);
  return db
    .selectFrom('fulfillment_lines as fl')
    .innerJoin('order_lines as l', 'l.id', 'fl.order_line_id')
    .selectAll('fl')
    .where('fl.fulfillment_id', 'in', fulfillmentIds)
    .orderBy('fl.fulfillment_id')
    .orderBy('l.position')
    .orderBy('l.id')
    .execute();
}

// ---- Comments ----

/** An order's newest comments, newest first. */
export function commentsOfOrder(db: Executor, orderId: string, first: number): Promise<OrderCommentRow[]> {
  return db
    .selectFrom('order_comments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(first)
    .execute();
}
