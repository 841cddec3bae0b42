import {
  checkRefundAmount,
  checkRefundQuantity,
  decodeIdOf,
  DomainError,
  formatMinor,
  parseMoney,
  paymentSums,
  shippingRefundable,
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
import { loadOrderForAction, refreshOrderStatus } from './order-state.service.js';
import { addTransaction } from './order-payment.service.js';
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
  restock: boolean;
  /** Where restocked units go back; null when nothing is restocked. */
  locationId: string | null;
}

export interface RefundPlan {
  lines: PlannedLine[];
  shipping: number;
  /** Shipping that could still be refunded before this refund. */
  shippingLeft: number;
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
    let locationId = wantsRestock ? line.locationId : null;
    if (wantsRestock && a.locationId != null) {
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
    planned.push({ line, quantity: a.quantity, restock: wantsRestock, locationId });
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
  const shippingLeft = shippingRefundable(
    {
      shippingTotal: Number(order.shippingTotal),
      shippingTax: Number(order.shippingTax),
      pricesIncludeTax,
    },
    await shippingRefunded(db, order.id),
  );
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
  return { lines: planned, shipping, shippingLeft, figures };
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
  if (amount === 0 && plan.lines.length === 0 && plan.shipping === 0) {
    throw DomainError.one(
      'REQUIRED',
      'Choose items or shipping to refund, or enter an amount.',
      field('lines'),
    );
  }

  // Stock: units still waiting to ship are only reserved, so they are released; shipped units come
  // back on hand when restocked. A cancelled order released its reservations already.
  const cancelled = before.status === 'CANCELLED';
  const release = [];
  const back = [];
  for (const p of plan.lines) {
    const unshipped = unfulfilledQuantity({
      quantity: p.line.quantity,
      fulfilledQuantity: p.line.fulfilledQuantity,
      refundedQuantity: p.line.refundedQuantity,
    });
    const released = Math.min(p.quantity, unshipped);
    const shipped = p.quantity - released;
    if (!cancelled && released > 0 && p.line.variantId && p.line.locationId) {
      release.push({ variantId: p.line.variantId, locationId: p.line.locationId, quantity: released });
    }
    if (p.restock && shipped > 0 && p.line.variantId && p.locationId) {
      back.push({ variantId: p.line.variantId, locationId: p.locationId, quantity: shipped });
    }
  }
  const name = `Refund on order ${before.number}`;
  if (release.length) await releaseForOrder(trx, actor, release, name);
  if (back.length) await restock(trx, actor, back, name);

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
    },
    plan.lines.map((p) => ({
      orderLineId: p.line.id,
      quantity: p.quantity,
      restock: p.restock,
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
    ...new Set(plan.lines.flatMap((p) => (p.restock && p.locationId ? [p.locationId] : []))),
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
                restock: p.restock,
                ...(p.restock && p.locationId ? { location: restockedAt.get(p.locationId) ?? null } : {}),
              })),
            },
          }
        : {}),
      ...(reason ? { reason: { before: null, after: reason } } : {}),
    },
  });
  return refund;
}
