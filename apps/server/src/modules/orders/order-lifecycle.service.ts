import { checkOrderAction, paymentSums, refundable, unfulfilledQuantity } from '@stockroom/domain';
import { giveDiscountUseBack } from '../discounts/discount.service.js';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { Order } from './order.model.js';
import { DomainError } from '@stockroom/domain';
import { recordAudit } from '../audit/audit.service.js';
import type { AuditChange } from '../audit/audit.model.js';
import { releaseForOrder } from '../inventory/order-stock.js';
import { transactionsOfOrders, updateOrder } from './order.repository.js';
import { loadOrderForAction, orderForAction, refreshOrderStatus } from './order-lock.service.js';
import { movesStock, orderOrigin } from './order-fulfillment.service.js';
import { addTransaction, capturableOf } from './order-payment.service.js';
import { customerSpendTaken } from '../customers/customer-figures.service.js';
import { refundLocked } from './order-refund.service.js';

/* An order's life as a whole: cancel, close (archive) and reopen. */

export const CANCEL_REASON_MAX = 500;

const statusChanges = (before: Order, after: Order): Record<string, AuditChange> =>
  before.status === after.status
    ? { archived: { before: before.closedAt !== null, after: after.closedAt !== null } }
    : { status: { before: before.status, after: after.status } };

/**
 * SPEC §4: cancel only while nothing is fulfilled. Releases the stock reserved for unshipped
 * units, voids what is still authorized, refunds captured money when asked (otherwise it stays
 * paid, to refund later or keep as a fee), and takes the order out of the customer's spend.
 */
export async function orderCancel(
  trx: Tx,
  actor: Actor,
  input: { id: string; reason?: string | null; refund?: boolean | null },
): Promise<Order> {
  const reason = input.reason?.trim() || null;
  if (reason && reason.length > CANCEL_REASON_MAX)
    throw DomainError.one('TOO_LONG', `Use at most ${CANCEL_REASON_MAX} characters.`, ['reason']);
  const before = await loadOrderForAction(trx, input.id);
  const refused = checkOrderAction(before, 'cancel');
  if (refused) throw refused;

  await releaseForOrder(
    trx,
    actor,
    before.lines.filter(movesStock).flatMap((l) => {
      const quantity = unfulfilledQuantity({
        quantity: l.quantity,
        fulfilledQuantity: l.fulfilledQuantity,
        refundedQuantity: l.refundedQuantity,
      });
      return quantity > 0 ? [{ variantId: l.variantId, locationId: l.locationId, quantity }] : [];
    }),
    await orderOrigin(trx, before, (name) => `Order ${name} cancelled`),
  );

  const transactions = await transactionsOfOrders(trx, [before.id]);
  const held = capturableOf(transactions);
  const last = (kinds: string[]) =>
    transactions.filter((t) => t.status === 'SUCCESS' && kinds.includes(t.kind)).at(-1) ?? null;
  if (held > 0) {
    await addTransaction(trx, actor, before, {
      kind: 'VOID',
      amount: held,
      parentId: last(['AUTHORIZATION'])?.id ?? null,
    });
  }
  const sums = paymentSums(transactions);
  const toRefund = input.refund ? refundable(sums.captured, sums.refunded) : 0;

  await updateOrder(trx, before.id, { status: 'CANCELLED', cancelledAt: new Date(), cancelReason: reason });
  // What was refunded before left the spend with its refund.
  const spent = Number(before.total) - Number(before.totalRefunded);
  if (before.customerId) await customerSpendTaken(trx, before.customerId, spent);
  await giveDiscountUseBack(trx, before.discountId);
  // The same refund as orderRefund's, on the order as now cancelled: its stock and spend are settled above.
  if (toRefund > 0) {
    await refundLocked(trx, actor, { ...before, status: 'CANCELLED' }, before.lines, {
      amountMinor: toRefund,
      reason: reason ? `Order cancelled: ${reason}` : 'Order cancelled',
    });
  }
  const after = await refreshOrderStatus(trx, before.id);
  await recordAudit(trx, actor, {
    action: 'order.cancel',
    subjectType: 'Order',
    subjectId: before.id,
    changes: {
      ...statusChanges(before, after),
      payment_status: { before: before.paymentStatus, after: after.paymentStatus },
      ...(reason ? { cancel_reason: { before: null, after: reason } } : {}),
      ...(held > 0 ? { voided: { before: null, after: held } } : {}),
    },
  });
  return after;
}

/**
 * Archive: a finished order leaves the working lists (SPEC §4 OPEN → CLOSED). A cancelled order is
 * archived too (issue #26 §3), but CANCELLED is final, so it keeps its status and only gets its
 * closedAt: archiving is separate from cancelling, as in Shopify, and `status:closed` finds both.
 */
export async function closeLocked(trx: Tx, actor: Actor, before: Order): Promise<Order> {
  const refused = checkOrderAction(orderForAction(before), 'close');
  if (refused) throw refused;
  await updateOrder(trx, before.id, {
    status: before.status === 'CANCELLED' ? 'CANCELLED' : 'CLOSED',
    closedAt: new Date(),
  });
  const after = await refreshOrderStatus(trx, before.id);
  await recordAudit(trx, actor, {
    action: 'order.close',
    subjectType: 'Order',
    subjectId: before.id,
    changes: statusChanges(before, after),
  });
  return after;
}

export async function orderClose(trx: Tx, actor: Actor, input: { id: string }): Promise<Order> {
  return closeLocked(trx, actor, await loadOrderForAction(trx, input.id));
}

export async function orderReopen(trx: Tx, actor: Actor, input: { id: string }): Promise<Order> {
  const before = await loadOrderForAction(trx, input.id);
  const refused = checkOrderAction(before, 'reopen');
  if (refused) throw refused;
  // Unarchiving a cancelled order brings it back to the lists; it stays cancelled.
  await updateOrder(trx, before.id, {
    status: before.status === 'CANCELLED' ? 'CANCELLED' : 'OPEN',
    closedAt: null,
  });
  const after = await refreshOrderStatus(trx, before.id);
  await recordAudit(trx, actor, {
    action: 'order.reopen',
    subjectType: 'Order',
    subjectId: before.id,
    changes: statusChanges(before, after),
  });
  return after;
}
