import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import {
  fulfillmentRow,
  fulfillmentLineRow,
  orderRow,
  orderCommentRow,
  orderLineRow,
  orderTransactionRow,
  type Fulfillment,
  type FulfillmentLine,
  type Order,
  type OrderComment,
  type OrderLine,
  type OrderTransaction,
} from './order.model.js';

type Stamped = 'number' | 'createdAt' | 'updatedAt' | 'version';
/** What placing an order writes; left out: the column's default. */
export type NewOrder = Partial<Omit<Order, Stamped>> & Pick<Order, 'id' | 'currencyCode'>;
/** What an order command changes; left out: unchanged. */
export type OrderChanges = Partial<Omit<Order, 'id' | Stamped>>;
export type NewOrderLine = Partial<OrderLine> &
  Pick<OrderLine, 'id' | 'orderId' | 'productTitle' | 'variantTitle' | 'unitPrice' | 'quantity'>;
export type NewTransaction = Partial<Omit<OrderTransaction, 'createdAt'>> &
  Pick<OrderTransaction, 'id' | 'orderId' | 'kind' | 'amount'>;

// ---- Orders ----

export async function findOrder(db: Executor, id: string): Promise<Order | null> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? orderRow.of(row) : null;
}

export async function findOrdersByIds(db: Executor, ids: readonly string[]): Promise<Order[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('orders').selectAll().where('id', 'in', ids).execute()).map(orderRow.of);
}

/** The order, locked until the transaction ends: every order mutation takes this first. */
export async function lockOrder(db: Executor, id: string): Promise<Order | null> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? orderRow.of(row) : null;
}

export async function insertOrder(db: Executor, order: NewOrder): Promise<Order> {
  const row = await db
    .insertInto('orders')
    .values({
      ...orderRow.write(order),
      created_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return orderRow.of(row);
}

/**
 * A change someone made: stamps `updated_at` by the database clock and bumps the version.
 */
export async function updateOrder(db: Executor, id: string, changes: OrderChanges): Promise<Order> {
  const row = await db
    .updateTable('orders')
    .set({
      ...orderRow.write(changes),
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return orderRow.of(row);
}

/** The newest orders of each customer (Customer.orders), `first` per customer, in one query. */
export async function recentOrdersOfCustomers(
  db: Executor,
  customerIds: readonly string[],
  first: number,
): Promise<Order[]> {
  if (!customerIds.length) return [];
  const rows = await db
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
  return rows.map(orderRow.of);
}

// ---- Lines ----

/** Lines of many orders in one query, in their position order (DataLoader batch function). */
export async function linesOfOrders(db: Executor, orderIds: readonly string[]): Promise<OrderLine[]> {
  if (!orderIds.length) return [];
  const rows = await db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(orderLineRow.of);
}

export async function findLinesByIds(db: Executor, ids: readonly string[]): Promise<OrderLine[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('order_lines').selectAll().where('id', 'in', ids).execute()).map(
    orderLineRow.of,
  );
}

/** The order's lines, locked (callers hold the order's lock already; this guards direct line writers). */
export async function lockLines(db: Executor, orderId: string): Promise<OrderLine[]> {
  const rows = await db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('position')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map(orderLineRow.of);
}

/**
 * The statement that writes an order's lines, unsent: placing an order sends it with the stock
 * write (one statement while the levels are locked).
 */
export function linesInsert(db: Executor, lines: readonly NewOrderLine[]) {
  return db.insertInto('order_lines').values(lines.map((l) => orderLineRow.write(l)));
}

/**
 * Which of these lines any fulfillment (a cancelled one too) or return names: an order edit keeps
 * them on the order so that history stays whole (issue #32).
 */
export async function linesWithHistory(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('fulfillment_lines')
    .select('order_line_id')
    .where('order_line_id', 'in', ids)
    .union(db.selectFrom('return_lines').select('order_line_id').where('order_line_id', 'in', ids))
    .execute();
  return new Set(rows.map((r) => r.order_line_id));
}

/** Lines an order edit changed (issue #32): quantity, price and the discount and tax worked out again. */
export async function updateLines(
  db: Executor,
  lines: readonly (Pick<OrderLine, 'id' | 'unitPrice' | 'quantity' | 'discount' | 'tax'> &
    Partial<Pick<OrderLine, 'originalUnitPrice' | 'priceOverrideReason'>>)[],
): Promise<void> {
  for (const { id, ...changes } of lines)
    await db.updateTable('order_lines').set(orderLineRow.write(changes)).where('id', '=', id).execute();
}

/** Lines taken off an order before anything of them shipped or was refunded (an exchange called off). */
export async function deleteLines(db: Executor, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await db.deleteFrom('order_lines').where('id', 'in', ids).execute();
}

/**
 * Lines of open orders with units still to ship, per variant, newest order first, `first` per
 * variant: the orders holding a variant's committed stock (ProductVariant.openOrderLines).
 */
export async function openLinesOfVariants(
  db: Executor,
  variantIds: readonly string[],
  first: number,
): Promise<OrderLine[]> {
  if (!variantIds.length) return [];
  const rows = await db
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
  return rows.map(orderLineRow.of);
}

// ---- Transactions ----

/** Transactions of many orders, oldest first (the order they happened in). */
export async function transactionsOfOrders(
  db: Executor,
  orderIds: readonly string[],
): Promise<OrderTransaction[]> {
  if (!orderIds.length) return [];
  const rows = await db
    .selectFrom('order_transactions')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(orderTransactionRow.of);
}

export async function findTransactionsByIds(
  db: Executor,
  ids: readonly string[],
): Promise<OrderTransaction[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('order_transactions').selectAll().where('id', 'in', ids).execute()).map(
    orderTransactionRow.of,
  );
}

export async function insertTransaction(
  db: Executor,
  transaction: NewTransaction,
): Promise<OrderTransaction> {
  const row = await db
    .insertInto('order_transactions')
    .values(orderTransactionRow.write(transaction))
    .returningAll()
    .executeTakeFirstOrThrow();
  return orderTransactionRow.of(row);
}

// ---- Fulfillments (written by the fulfillment services; read here for the order's fields) ----

export async function fulfillmentsOfOrders(
  db: Executor,
  orderIds: readonly string[],
): Promise<Fulfillment[]> {
  if (!orderIds.length) return [];
  const rows = await db
    .selectFrom('fulfillments')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  return rows.map(fulfillmentRow.of);
}

export async function findFulfillmentsByIds(db: Executor, ids: readonly string[]): Promise<Fulfillment[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('fulfillments').selectAll().where('id', 'in', ids).execute()).map(
    fulfillmentRow.of,
  );
}

export async function fulfillmentLinesOf(
  db: Executor,
  fulfillmentIds: readonly string[],
): Promise<FulfillmentLine[]> {
  if (!fulfillmentIds.length) return [];
  const rows = await db
    .selectFrom('fulfillment_lines as fl')
    .innerJoin('order_lines as l', 'l.id', 'fl.order_line_id')
    .selectAll('fl')
    .where('fl.fulfillment_id', 'in', fulfillmentIds)
    .orderBy('fl.fulfillment_id')
    .orderBy('l.position')
    .orderBy('l.id')
    .execute();
  return rows.map(fulfillmentLineRow.of);
}

// ---- Comments ----

/** An order's newest comments, newest first. */
export async function commentsOfOrder(db: Executor, orderId: string, first: number): Promise<OrderComment[]> {
  const rows = await db
    .selectFrom('order_comments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(first)
    .execute();
  return rows.map(orderCommentRow.of);
}

/** Units of order lines paid back by returns' settlements (issue #31): no refund pays for them again. */
export async function addReturnCredited(
  trx: Executor,
  lines: readonly { orderLineId: string; quantity: number }[],
): Promise<void> {
  for (const l of lines) {
    if (!l.quantity) continue;
    await trx
      .updateTable('order_lines')
      .set({ return_credited_quantity: sql`return_credited_quantity + ${l.quantity}::int` })
      .where('id', '=', l.orderLineId)
      .execute();
  }
}
