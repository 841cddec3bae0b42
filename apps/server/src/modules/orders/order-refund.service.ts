import {
  checkRefundAmount,
  checkRefundQuantity,
  decodeIdOf,
  DomainError,
  formatMinor,
  parseMoney,
  paymentSums,
  shippingRefundable,
  shippingTaxRefundable,
  suggestRefund,
  unfulfilledQuantity,
  type SuggestedRefundFigures,
  type UserError,
} from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { OrderLine, Order, OrderTransaction } from './order.model.js';
import { idempotent } from '../../lib/idempotency.js';
import { uuidv7 } from '../../lib/uuid.js';
import { recordAudit } from '../audit/audit.service.js';
import { releaseForOrder, restock } from '../inventory/order-stock.js';
import { locationsByIds } from '../inventory/location.service.js';
import { findOrder, linesOfOrders, transactionsOfOrders } from './order.repository.js';
import { loadOrderForAction, refreshOrderStatus } from './order-lock.service.js';
import { actorName, addTransaction } from './order-payment.service.js';
import { orderOrigin } from './order-fulfillment.service.js';
import {
  addRefundedQuantities,
  findRefund,
  insertRefund,
  shippingRefunded,
  takeFromCustomerSpend,
} from './refund.repository.js';
import type { Refund } from './order.model.js';

export const REFUND_REASON_MAX = 500;
/** SPEC §5: an order has at most 500 lines, so a refund names at most as many. */
export const REFUND_LINES_MAX = 500;

/** orderRefund's input as the API receives it (ids still API ids, money as decimal strings). */
export interface OrderRefundRaw {
  orderId: string;
  lines?: { lineId: string; quantity: number; restock?: boolean | null; locationId?: string | null }[] | null;
  shipping?: string | null;
  amount?: string | null;
  reason?: string | null;
  idempotencyKey?: string | null;
}

interface PlannedLine {
  line: OrderLine;
  quantity: number;
  /** Units still reserved for the order (not shipped, order not cancelled): their reservation is released. */
  released: number;
  /** Shipped units that go back on hand (restock asked). */
  restocked: number;
  /**
   * Where the units went back to stock: the restock location when shipped units are restocked,
   * else where the released units were reserved; null when nothing went back.
   */
  locationId: string | null;
}

export interface RefundPlan {
  lines: PlannedLine[];
  shipping: number;
  /** Shipping that could still be refunded before this refund. */
  shippingLeft: number;
  /** The part of shippingLeft that is shipping tax (prices excluding tax); 0 when tax is included or none. */
  shippingTaxLeft: number;
  /** Units this refund puts back in stock: released reservations and restocked shipped units. */
  unitsBack: number;
  figures: SuggestedRefundFigures;
}

const field = (...path: (string | number)[]) => ['input', ...path.map(String)];

/** A line's units that can be put back on a shelf: a tracked variant still in the catalog. */
const restockable = (line: OrderLine) => line.variantId !== null && line.locationId !== null;

/**
 * Checks what the person asked to refund against the order as it is now (locked or not) and
 * computes the figures SPEC §2 shows before confirming; every failing field at once.
 */
export async function planRefund(
  db: Executor,
  order: Order,
  lines: OrderLine[],
  transactions: OrderTransaction[],
  raw: Pick<OrderRefundRaw, 'lines' | 'shipping'>,
): Promise<RefundPlan> {
  const errors: UserError[] = [];
  const currency = order.currencyCode.trim();
  const cancelled = order.status === 'CANCELLED';
  const asked = raw.lines ?? [];
  if (asked.length > REFUND_LINES_MAX) {
    throw DomainError.one(
      'LIMIT_EXCEEDED',
      `A refund names at most ${REFUND_LINES_MAX} lines.`,
      field('lines'),
    );
  }
  const byId = new Map(lines.map((l) => [l.id, l]));
  const seen = new Set<string>();
  const planned: PlannedLine[] = [];
  const wantedLocations: { index: number; id: string }[] = [];
  asked.forEach((a, i) => {
    const uuid = decodeIdOf('OrderLine', String(a.lineId));
    const line = uuid ? byId.get(uuid) : undefined;
    if (!line) {
      errors.push({
        code: 'INVALID',
        message: "This line isn't on this order.",
        field: field('lines', i, 'lineId'),
      });
      return;
    }
    if (seen.has(line.id)) {
      errors.push({
        code: 'INVALID',
        message: 'This line is already in the refund; change its quantity there.',
        field: field('lines', i, 'lineId'),
      });
      return;
    }
    seen.add(line.id);
    const refused = checkRefundQuantity(
      { quantity: line.quantity, refundedQuantity: line.refundedQuantity },
      a.quantity,
      field('lines', i, 'quantity'),
    );
    if (refused) {
      errors.push(...refused.errors);
      return;
    }
    const wantsRestock = Boolean(a.restock);
    if (wantsRestock && !restockable(line)) {
      errors.push({
        code: 'INVALID',
        message: "This item doesn't track stock (or is no longer in the catalog), so it can't be restocked.",
        field: field('lines', i, 'restock'),
      });
      return;
    }
    // Issue #26 §1.1: only units taken from stock can go back to it: shipped units (restocked on
    // hand), or units still reserved for the order (their reservation is released). A cancelled
    // order released its reservations when it was cancelled, so nothing of it is left to restock.
    const unshipped = unfulfilledQuantity({
      quantity: line.quantity,
      fulfilledQuantity: line.fulfilledQuantity,
      refundedQuantity: line.refundedQuantity,
    });
    const notShipped = Math.min(a.quantity, unshipped);
    const shipped = a.quantity - notShipped;
    const released = cancelled || !restockable(line) ? 0 : notShipped;
    if (wantsRestock && shipped === 0 && released === 0) {
      errors.push({
        code: 'INVALID',
        message: cancelled
          ? 'These units went back to stock when the order was cancelled; there is nothing to restock. Untick Restock.'
          : 'These units never left stock; there is nothing to restock. Untick Restock.',
        field: field('lines', i, 'restock'),
      });
      return;
    }
    const restocked = wantsRestock ? shipped : 0;
    let locationId = wantsRestock && restocked > 0 ? line.locationId : null;
    if (restocked > 0 && a.locationId != null) {
      locationId = decodeIdOf('Location', String(a.locationId));
      if (!locationId) {
        errors.push({
          code: 'INVALID',
          message: "This location doesn't exist.",
          field: field('lines', i, 'locationId'),
        });
        return;
      }
      wantedLocations.push({ index: i, id: locationId });
    }
    if (!locationId && released > 0) locationId = line.locationId;
    planned.push({ line, quantity: a.quantity, released, restocked, locationId });
  });
  if (wantedLocations.length) {
    const found = new Map(
      (await locationsByIds(db, [...new Set(wantedLocations.map((w) => w.id))])).map((l) => [l.id, l]),
    );
    for (const w of wantedLocations) {
      const location = found.get(w.id);
      if (!location || !location.active) {
        errors.push({
          code: 'INVALID',
          message: location
            ? `${location.name} is inactive; restock to an active location.`
            : "This location doesn't exist.",
          field: field('lines', w.index, 'locationId'),
        });
      }
    }
  }

  const pricesIncludeTax = order.pricesIncludeTax;
  const shippingCharged = {
    shippingTotal: Number(order.shippingTotal),
    shippingTax: Number(order.shippingTax),
    pricesIncludeTax,
  };
  const shippingLeft = shippingRefundable(shippingCharged, await shippingRefunded(db, order.id));
  const shippingTaxLeft = shippingTaxRefundable(shippingCharged, shippingLeft);
  let shipping = 0;
  if (raw.shipping != null && raw.shipping.trim() !== '') {
    const parsed = parseMoney(raw.shipping, currency);
    if (parsed === null) {
      errors.push({
        code: 'INVALID',
        message: `Enter an amount like 5.00 in ${currency}.`,
        field: field('shipping'),
      });
    } else if (parsed > shippingLeft) {
      errors.push({
        code: 'OUT_OF_RANGE',
        message:
          shippingLeft === 0
            ? 'No shipping is left to refund on this order.'
            : `At most ${formatMinor(shippingLeft, currency)} ${currency} of shipping is left to refund.`,
        field: field('shipping'),
      });
    } else shipping = parsed;
  }
  if (errors.length) throw new DomainError(errors);

  const sums = paymentSums(transactions.map((t) => ({ ...t, amount: Number(t.amount) })));
  const figures = suggestRefund({
    lines: planned.map((p) => ({
      line: {
        quantity: p.line.quantity,
        refundedQuantity: p.line.refundedQuantity,
        subtotal: Number(p.line.unitPrice) * p.line.quantity,
        discount: Number(p.line.discount),
        tax: Number(p.line.tax),
      },
      units: p.quantity,
    })),
    shipping,
    pricesIncludeTax,
    captured: sums.captured,
    refunded: sums.refunded,
  });
  const unitsBack = planned.reduce((n, p) => n + p.released + p.restocked, 0);
  return { lines: planned, shipping, shippingLeft, shippingTaxLeft, unitsBack, figures };
}

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

  // Stock: units still waiting to ship are only reserved, so they are released; shipped units come
  // back on hand when restocked (planRefund worked out which). A cancelled order released its
  // reservations already. Every unit a refund line says went back is one of these movements.
  const cancelled = before.status === 'CANCELLED';
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
    await takeFromCustomerSpend(trx, before.customerId, amount);
  }
  const after = await refreshOrderStatus(trx, before.id);
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
  return refund;
}
