import {
  DomainError,
  MESSAGES,
  fulfillmentStatus,
  paymentStatus,
  paymentSums,
  type FulfillmentStatus,
  type OrderForAction,
  type PaymentStatus,
} from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { OrderLine, Order } from './order.model.js';
import {
  linesOfOrders,
  lockLines,
  lockOrder,
  transactionsOfOrders,
  updateOrder,
} from './order.repository.js';

/*
 * What every order action shares: taking the order's lock (loadOrderForAction) and, after a change
 * to its transactions or lines, recomputing the status columns under that lock (refreshOrderStatus).
 */

/**
 * An order as an action sees it once it holds the lock: the row, its statuses in the shape
 * `checkOrderAction` takes (so `checkOrderAction(loaded, 'cancel')` works directly), and its lines.
 */
export type LoadedOrder = Order & OrderForAction & { lines: OrderLine[] };

/** The statuses of a row as the domain types them (the columns are plain text). */
export function orderForAction(order: Order): OrderForAction {
  return {
    status: order.status,
    paymentStatus: order.paymentStatus as PaymentStatus,
    fulfillmentStatus: order.fulfillmentStatus as FulfillmentStatus,
    archived: order.status === 'CANCELLED' && order.closedAt !== null,
  };
}

/**
 * The first step of every order mutation: locks the order row (so concurrent actions on one order
 * apply one after the other), checks the version the person saw when one is given, and reads the
 * lines under that lock. A missing order is a userError on `field`, like other modules' ids.
 */
export async function loadOrderForAction(
  trx: Tx,
  id: string,
  version?: number | null,
  fields: { id?: string[]; version?: string[] } = {},
): Promise<LoadedOrder> {
  const order = await lockOrder(trx, id);
  if (!order) throw DomainError.one('INVALID', 'This order does not exist.', fields.id ?? ['id']);
  if (version != null && version !== order.version) {
    throw DomainError.one('STALE_VERSION', MESSAGES.staleVersion('order'), fields.version ?? ['version']);
  }
  const lines = await lockLines(trx, order.id);
  return { ...order, ...orderForAction(order), lines };
}

/**
 * What the customer pays for the order: its total less the credit of returns applied to the items
 * their exchanges added (issue #31: no money moved for that part).
 */
export const payableTotal = (order: Pick<Order, 'total'> & Partial<Pick<Order, 'exchangeCredit'>>) =>
  Math.max(0, Number(order.total) - Number(order.exchangeCredit ?? 0));

/** The stored status and money columns the transactions and lines imply. */
export function derivedStatus(
  order: Pick<Order, 'total'> & Partial<Pick<Order, 'exchangeCredit'>>,
  transactions: Parameters<typeof paymentSums>[0],
  lines: readonly Pick<OrderLine, 'quantity' | 'fulfilledQuantity' | 'refundedQuantity'>[],
) {
  const sums = paymentSums(transactions);
  return {
    paymentStatus: paymentStatus({ ...sums, total: payableTotal(order) }),
    fulfillmentStatus: fulfillmentStatus(lines),
    totalPaid: sums.captured,
    totalRefunded: sums.refunded,
  };
}

/**
 * Recomputes payment_status, fulfillment_status, total_paid and total_refunded from the order's
 * transactions and lines with the domain rules and writes them (bumping the version: the order
 * changed). Call it, holding the order's lock, after every change to transactions or lines; the
 * stored columns exist only so lists and search can filter on them.
 */
export async function refreshOrderStatus(trx: Tx, orderId: string): Promise<Order> {
  const order = await lockOrder(trx, orderId);
  if (!order) throw new Error(`Order ${orderId} vanished while it was locked.`);
  const [transactions, lines] = await Promise.all([
    transactionsOfOrders(trx, [orderId]),
    linesOfOrders(trx, [orderId]),
  ]);
  return updateOrder(trx, orderId, derivedStatus(order, transactions, lines));
}
