import {
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
import type { Executor } from '../../db/database.js';
import type { OrderLine, Order, OrderTransaction } from './order.model.js';
import { locationsByIds } from '../inventory/location.service.js';
import { shippingRefunded } from './refund.repository.js';

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

export interface PlannedLine {
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
  const asked = raw.lines ?? [];
  if (asked.length > REFUND_LINES_MAX) {
    throw DomainError.one(
      'LIMIT_EXCEEDED',
      `A refund names at most ${REFUND_LINES_MAX} lines.`,
      field('lines'),
    );
  }
  const ctx: LineChecks = {
    byId: new Map(lines.map((l) => [l.id, l])),
    seen: new Set<string>(),
    cancelled: order.status === 'CANCELLED',
    errors,
    wantedLocations: [],
  };
  const planned = asked.flatMap((a, i) => planLine(a, i, ctx) ?? []);
  await checkRestockLocations(db, ctx.wantedLocations, errors);
  const { shipping, shippingLeft, shippingTaxLeft } = await shippingAsked(db, order, raw, errors);
  if (errors.length) throw new DomainError(errors);

  const sums = paymentSums(transactions.map((t) => ({ ...t, amount: Number(t.amount) })));
  const figures = suggestRefund({
    lines: planned.map((p) => ({
      line: {
        quantity: p.line.quantity,
        refundedQuantity: p.line.refundedQuantity + p.line.returnCreditedQuantity,
        subtotal: Number(p.line.unitPrice) * p.line.quantity,
        discount: Number(p.line.discount),
        tax: Number(p.line.tax),
      },
      units: p.quantity,
    })),
    shipping,
    pricesIncludeTax: order.pricesIncludeTax,
    captured: sums.captured,
    refunded: sums.refunded,
  });
  const unitsBack = planned.reduce((n, p) => n + p.released + p.restocked, 0);
  return { lines: planned, shipping, shippingLeft, shippingTaxLeft, unitsBack, figures };
}

/** What planning the lines shares: the order's lines, those named so far, and what went wrong. */
interface LineChecks {
  byId: Map<string, OrderLine>;
  seen: Set<string>;
  cancelled: boolean;
  errors: UserError[];
  /** Restock locations named, checked together once every line is read. */
  wantedLocations: { index: number; id: string }[];
}

type AskedLine = NonNullable<OrderRefundRaw['lines']>[number];

/** One asked line checked against the order: what it releases and restocks, or null with its errors. */
function planLine(a: AskedLine, i: number, ctx: LineChecks): PlannedLine | null {
  const uuid = decodeIdOf('OrderLine', String(a.lineId));
  const line = uuid ? ctx.byId.get(uuid) : undefined;
  if (!line) {
    ctx.errors.push({
      code: 'INVALID',
      message: "This line isn't on this order.",
      field: field('lines', i, 'lineId'),
    });
    return null;
  }
  if (ctx.seen.has(line.id)) {
    ctx.errors.push({
      code: 'INVALID',
      message: 'This line is already in the refund; change its quantity there.',
      field: field('lines', i, 'lineId'),
    });
    return null;
  }
  ctx.seen.add(line.id);
  // Units a return's settlement credited were paid back already (issue #31): they count as refunded.
  const refused = checkRefundQuantity(
    { quantity: line.quantity, refundedQuantity: line.refundedQuantity + line.returnCreditedQuantity },
    a.quantity,
    field('lines', i, 'quantity'),
  );
  if (refused) {
    ctx.errors.push(...refused.errors);
    return null;
  }
  const wantsRestock = Boolean(a.restock);
  if (wantsRestock && !restockable(line)) {
    ctx.errors.push({
      code: 'INVALID',
      message: "This item doesn't track stock (or is no longer in the catalog), so it can't be restocked.",
      field: field('lines', i, 'restock'),
    });
    return null;
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
  const released = ctx.cancelled || !restockable(line) ? 0 : notShipped;
  if (wantsRestock && shipped === 0 && released === 0) {
    ctx.errors.push({
      code: 'INVALID',
      message: ctx.cancelled
        ? 'These units went back to stock when the order was cancelled; there is nothing to restock. Untick Restock.'
        : 'These units never left stock; there is nothing to restock. Untick Restock.',
      field: field('lines', i, 'restock'),
    });
    return null;
  }
  const restocked = wantsRestock ? shipped : 0;
  let locationId = wantsRestock && restocked > 0 ? line.locationId : null;
  if (restocked > 0 && a.locationId != null) {
    locationId = decodeIdOf('Location', String(a.locationId));
    if (!locationId) {
      ctx.errors.push({
        code: 'INVALID',
        message: "This location doesn't exist.",
        field: field('lines', i, 'locationId'),
      });
      return null;
    }
    ctx.wantedLocations.push({ index: i, id: locationId });
  }
  if (!locationId && released > 0) locationId = line.locationId;
  return { line, quantity: a.quantity, released, restocked, locationId };
}

/** Every restock location named exists and is active. */
async function checkRestockLocations(
  db: Executor,
  wantedLocations: LineChecks['wantedLocations'],
  errors: UserError[],
): Promise<void> {
  if (!wantedLocations.length) return;
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

/** The shipping asked back, checked against what is left to refund of it. */
async function shippingAsked(
  db: Executor,
  order: Order,
  raw: Pick<OrderRefundRaw, 'shipping'>,
  errors: UserError[],
) {
  const currency = order.currencyCode.trim();
  const shippingCharged = {
    shippingTotal: Number(order.shippingTotal),
    shippingTax: Number(order.shippingTax),
    pricesIncludeTax: order.pricesIncludeTax,
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
  return { shipping, shippingLeft, shippingTaxLeft };
}
