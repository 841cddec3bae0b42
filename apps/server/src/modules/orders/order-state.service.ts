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
import type { OrderLineRow, OrderRow } from './order.tables.js';
import {
  linesOfOrders,
  lockLines,
  lockOrder,
  transactionsOfOrders,
  updateOrder,
} from './order.repository.js';

/**
 * An order as an action sees it once it holds the lock: the row, its statuses in the shape
 * `checkOrderAction` takes (so `checkOrderAction(loaded, 'cancel')` works directly), and its lines.
 */
export type LoadedOrder = OrderRow & OrderForAction & { lines: OrderLineRow[] };

/** The statuses of a row as the domain types them (the columns are plain text). */
export function orderForAction(order: OrderRow): OrderForAction {
  return {
    status: order.status,
    paymentStatus: order.payment_status as PaymentStatus,
    fulfillmentStatus: order.fulfillment_status as FulfillmentStatus,
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

/** The stored status and money columns the transactions and lines imply. */
export function derivedStatus(
  order: Pick<OrderRow, 'total'>,
  transactions: Parameters<typeof paymentSums>[0],
  lines: readonly Pick<OrderLineRow, 'quantity' | 'fulfilled_quantity' | 'refunded_quantity'>[],
) {
  const sums = paymentSums(transactions);
  return {
    payment_status: paymentStatus({ ...sums, total: order.total }),
    fulfillment_status: fulfillmentStatus(
      lines.map((l) => ({
        quantity: l.quantity,
        fulfilledQuantity: l.fulfilled_quantity,
        refundedQuantity: l.refunded_quantity,
      })),
    ),
    total_paid: sums.captured,
    total_refunded: sums.refunded,
  };
}

/**
 * Recomputes payment_status, fulfillment_status, total_paid and total_refunded from the order's
 * transactions and lines with the domain rules and writes them (bumping the version: the order
 * changed). Call it, holding the order's lock, after every change to transactions or lines; the
 * stored columns exist only so lists and search can filter on them.
 */
export async function refreshOrderStatus(trx: Tx, orderId: string): Promise<OrderRow> {
  const order = await lockOrder(trx, orderId);
  if (!order) throw new Error(`Order ${orderId} vanished while it was locked.`);
  const [transactions, lines] = await Promise.all([
    transactionsOfOrders(trx, [orderId]),
    linesOfOrders(trx, [orderId]),
  ]);
  return updateOrder(trx, orderId, derivedStatus(order, transactions, lines));
}
