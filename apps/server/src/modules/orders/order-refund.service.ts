import { checkRefundAmount, decodeIdOf, DomainError, parseMoney, paymentSums } from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { OrderLine, Order } from './order.model.js';
import { idempotent } from '../../lib/idempotency.js';
import { uuidv7 } from '../../lib/uuid.js';
import { recordAudit } from '../audit/audit.service.js';
import { releaseForOrder, restock } from '../inventory/order-stock.js';
import { locationsByIds } from '../inventory/location.service.js';
import { findOrder, linesOfOrders, transactionsOfOrders } from './order.repository.js';
import { loadOrderForAction, refreshOrderStatus } from './order-lock.service.js';
import { actorName, addTransaction } from './order-payment.service.js';
import { orderOrigin } from './order-fulfillment.service.js';
import { planRefund, type OrderRefundRaw, type RefundPlan } from './refund-plan.service.js';
import { addRefundedQuantities, findRefund, insertRefund } from './refund.repository.js';
import { customerSpendTaken } from '../customers/customer-figures.service.js';
import type { Refund } from './order.model.js';
import { refundRecorded } from './refund-hooks.service.js';

export const REFUND_REASON_MAX = 500;

const field = (...path: (string | number)[]) => ['input', ...path.map(String)];

/** The figures of a refund before it is made (the refund page asks as the person edits). */
export async function suggestOrderRefund(
  db: Executor,
  order: Order,
  raw: Pick<OrderRefundRaw, 'lines' | 'shipping'>,
): Promise<RefundPlan> {
  const [lines, transactions] = await Promise.all([
    linesOfOrders(db, [order.id]),
    transactionsOfOrders(db, [order.id]),
  ]);
  return planRefund(db, order, lines, transactions, raw);
}

/**
 * Gives money and items back (SPEC §3 Refund, §4, §5): units not yet shipped are released from
 * their reservation (they never left), shipped units go back on hand when restocked; the REFUND
 * transaction, refund lines, payment status and the customer's spend change together, in the
 * caller's transaction, with the order row locked first so concurrent refunds never exceed what
 * was captured. A repeat with the same idempotency key answers the first refund.
 */
export async function orderRefund(
  trx: Tx,
  actor: Actor,
  raw: OrderRefundRaw,
): Promise<{ order: Order; refund: Refund }> {
  const orderId = decodeIdOf('Order', String(raw.orderId));
  if (!orderId) throw DomainError.one('INVALID', 'This order does not exist.', field('orderId'));
  const { idempotencyKey, ...request } = raw;
  const { refundId } = await idempotent(trx, 'orderRefund', idempotencyKey, request, async () => {
    const before = await loadOrderForAction(trx, orderId, null, { id: field('orderId') });
    const refund = await refundLocked(trx, actor, before, before.lines, raw);
    return { refundId: refund.id };
  });
  const order = (await findOrder(trx, orderId))!;
  return { order, refund: (await findRefund(trx, refundId))! };
}

/**
 * The refund itself, for a caller holding the order's lock (orderRefund, and orderCancel's
 * "refund the payment"). A cancelled order's reservations are released and its total out of the
 * customer's spend already, so a refund on it moves neither again.
 */
export async function refundLocked(
  trx: Tx,
  actor: Actor,
  before: Order,
  lines: OrderLine[],
  raw: Pick<OrderRefundRaw, 'lines' | 'shipping' | 'amount' | 'reason'> & { amountMinor?: number },
): Promise<Refund> {
  const currency = before.currencyCode.trim();
  const reason = raw.reason?.trim() || null;
  if (reason && reason.length > REFUND_REASON_MAX)
    throw DomainError.one('TOO_LONG', `Use at most ${REFUND_REASON_MAX} characters.`, field('reason'));
  const transactions = await transactionsOfOrders(trx, [before.id]);
  const plan = await planRefund(trx, before, lines, transactions, raw);
  const { figures } = plan;

  let amount = raw.amountMinor ?? figures.amount;
  if (raw.amount != null && raw.amount.trim() !== '') {
    const parsed = parseMoney(raw.amount, currency);
    if (parsed === null)
      throw DomainError.one('INVALID', `Enter an amount like 12.50 in ${currency}.`, field('amount'));
    amount = parsed;
  }
  const sums = paymentSums(transactions.map((t) => ({ ...t, amount: Number(t.amount) })));
  const tooMuch = checkRefundAmount(amount, sums.captured, sums.refunded, currency, field('amount'));
  if (tooMuch) throw tooMuch;
  if (amount === 0 && plan.unitsBack === 0) {
    // Issue #26 §1.1: a refund of nothing would be a record of what did not happen.
    throw DomainError.one(
      'REQUIRED',
      plan.lines.length || plan.shipping
        ? 'This refund gives back no money and puts nothing back in stock; enter an amount, or choose items to restock.'
        : 'Choose items or shipping to refund, or enter an amount.',
      amount === 0 && (plan.lines.length || plan.shipping) ? field('amount') : field('lines'),
    );
  }

  const cancelled = before.status === 'CANCELLED';
  await putBackStock(trx, actor, before, plan);

  const payment = transactions
    .filter((t) => t.status === 'SUCCESS' && (t.kind === 'CAPTURE' || t.kind === 'SALE'))
    .at(-1);
  const transaction =
    amount > 0
      ? await addTransaction(trx, actor, before, { kind: 'REFUND', amount, parentId: payment?.id ?? null })
      : null;
  const refund = await insertRefund(
    trx,
    {
      id: uuidv7(),
      orderId: before.id,
      amount,
      shippingAmount: plan.shipping,
      reason,
      transactionId: transaction?.id ?? null,
      staffId: actor.viewer?.staffId ?? null,
      staffName: actorName(actor),
    },
    plan.lines.map((p) => ({
      orderLineId: p.line.id,
      quantity: p.quantity,
      restockedQuantity: p.released + p.restocked,
      locationId: p.locationId,
    })),
  );
  await addRefundedQuantities(
    trx,
    plan.lines.map((p) => ({ orderLineId: p.line.id, quantity: p.quantity })),
  );
  if (before.customerId && !cancelled && amount > 0) {
    await customerSpendTaken(trx, before.customerId, amount);
  }
  const after = await refreshOrderStatus(trx, before.id);
  await auditRefund(trx, actor, { before, after, plan, amount, reason });
  await refundRecorded(trx, actor, {
    order: before,
    refund,
    lines: plan.lines.map((p, i) => ({ line: p.line, quantity: p.quantity, share: figures.lines[i]! })),
    shipping: plan.shipping,
    shippingTax:
      plan.shippingLeft > 0 ? Math.floor((plan.shipping * plan.shippingTaxLeft) / plan.shippingLeft) : 0,
  });
  return refund;
}

/**
 * Stock: units still waiting to ship are only reserved, so they are released; shipped units come
 * back on hand when restocked (planRefund worked out which). A cancelled order released its
 * reservations already. Every unit a refund line says went back is one of these movements.
 */
async function putBackStock(trx: Tx, actor: Actor, before: Order, plan: RefundPlan): Promise<void> {
  const release = [];
  const back = [];
  for (const p of plan.lines) {
    if (p.released > 0) {
      release.push({ variantId: p.line.variantId!, locationId: p.line.locationId!, quantity: p.released });
    }
    if (p.restocked > 0) {
      back.push({ variantId: p.line.variantId!, locationId: p.locationId!, quantity: p.restocked });
    }
  }
  const origin = await orderOrigin(trx, before, (name) => `Refund on order ${name}`);
  if (release.length) await releaseForOrder(trx, actor, release, origin);
  if (back.length) await restock(trx, actor, back, origin);
}

/** The log's entry: the amount, shipping, what changed in the payment and each line's restock. */
async function auditRefund(
  trx: Tx,
  actor: Actor,
  {
    before,
    after,
    plan,
    amount,
    reason,
  }: { before: Order; after: Order; plan: RefundPlan; amount: number; reason: string | null },
): Promise<void> {
  // Each restocked line names where it went back, so the log and the timeline can say it in words.
  const restockIds = [
    ...new Set(
      plan.lines.flatMap((p) => (p.released + p.restocked > 0 && p.locationId ? [p.locationId] : [])),
    ),
  ];
  const restockedAt = new Map((await locationsByIds(trx, restockIds)).map((l) => [l.id, l.name]));
  await recordAudit(trx, actor, {
    action: 'order.refund',
    subjectType: 'Order',
    subjectId: before.id,
    changes: {
      amount: { before: null, after: amount },
      ...(plan.shipping ? { shipping: { before: null, after: plan.shipping } } : {}),
      // Only what changed: a second partial refund leaves the payment status as it was.
      ...(before.paymentStatus !== after.paymentStatus
        ? { payment_status: { before: before.paymentStatus, after: after.paymentStatus } }
        : {}),
      total_refunded: { before: Number(before.totalRefunded), after: Number(after.totalRefunded) },
      ...(plan.lines.length
        ? {
            lines: {
              before: null,
              after: plan.lines.map((p) => ({
                sku: p.line.sku,
                title: p.line.productTitle,
                quantity: p.quantity,
                restock: p.released + p.restocked > 0,
                restocked: p.released + p.restocked,
                ...(p.released + p.restocked > 0 && p.locationId
                  ? { location: restockedAt.get(p.locationId) ?? null }
                  : {}),
              })),
            },
          }
        : {}),
      ...(reason ? { reason: { before: null, after: reason } } : {}),
    },
  });
}
