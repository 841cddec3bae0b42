/**
 * What a refund gives back (SPEC §3 Refund, §5): each line's share of what the customer paid for it
 * (its subtotal less its discount, plus its tax when prices exclude tax) and the shipping charged.
 * Shares are cumulative: refunding units r+1 … r+q of a line of Q units gives
 * floor(paid·(r+q)/Q) − floor(paid·r/Q), so however a line is refunded in parts, refunding every
 * unit returns exactly what was paid for the line, to the minor unit.
 */

export interface RefundLineFigures {
  quantity: number;
  /** Units refunded before this refund. */
  refundedQuantity: number;
  /** unitPrice × quantity, minor units. */
  subtotal: number;
  discount: number;
  tax: number;
}

export interface RefundLineShare {
  subtotal: number;
  discount: number;
  tax: number;
  /** What the customer gets back for these units: subtotal − discount (+ tax when prices exclude it). */
  amount: number;
}

/** floor(total · part / whole) exactly, for any amounts a store can hold. */
function share(total: number, part: number, whole: number): number {
  if (whole === 0) return 0;
  return Number((BigInt(total) * BigInt(part)) / BigInt(whole));
}

function cumulative(total: number, from: number, units: number, whole: number): number {
  return share(total, from + units, whole) - share(total, from, whole);
}

/** The share of `units` more units of a line; throws when they are not refundable. */
export function refundLineShare(
  line: RefundLineFigures,
  units: number,
  pricesIncludeTax: boolean,
): RefundLineShare {
  const { quantity, refundedQuantity } = line;
  if (!Number.isSafeInteger(units) || units < 0 || refundedQuantity + units > quantity) {
    throw new RangeError(
      `Cannot refund ${units} more of a line of ${quantity} with ${refundedQuantity} refunded.`,
    );
  }
  const subtotal = cumulative(line.subtotal, refundedQuantity, units, quantity);
  const discount = cumulative(line.discount, refundedQuantity, units, quantity);
  const tax = cumulative(line.tax, refundedQuantity, units, quantity);
  const paid = line.subtotal - line.discount + (pricesIncludeTax ? 0 : line.tax);
  return { subtotal, discount, tax, amount: cumulative(paid, refundedQuantity, units, quantity) };
}

/** Shipping still refundable: what was charged for it (with its tax when prices exclude tax) less what was given back. */
export function shippingRefundable(
  order: { shippingTotal: number; shippingTax: number; pricesIncludeTax: boolean },
  shippingRefunded: number,
): number {
  const charged = order.shippingTotal + (order.pricesIncludeTax ? 0 : order.shippingTax);
  return Math.max(0, charged - shippingRefunded);
}

/**
 * The part of `left` (shippingRefundable's answer) that is shipping tax, so the refund page can say
 * "$21.10 of shipping ($19.95 + $1.15 tax)". 0 when prices include tax (the tax is inside the
 * price) or there is none; after a partial shipping refund, the tax's share of what is left.
 */
export function shippingTaxRefundable(
  order: { shippingTotal: number; shippingTax: number; pricesIncludeTax: boolean },
  left: number,
): number {
  if (order.pricesIncludeTax || order.shippingTax <= 0) return 0;
  const charged = order.shippingTotal + order.shippingTax;
  return Math.min(left, share(order.shippingTax, left, charged));
}

export interface SuggestedRefundFigures {
  lines: RefundLineShare[];
  subtotal: number;
  discount: number;
  tax: number;
  shipping: number;
  /** Σ line amounts + shipping: what these items and this shipping cost the customer. */
  total: number;
  /** The most that may be refunded now: captured − refunded. */
  maximum: number;
  /** What the refund gives back unless the person lowers it: the total, at most the maximum. */
  amount: number;
}

/** The figures shown before confirming a refund; the server refunds exactly these unless told a lower amount. */
export function suggestRefund(input: {
  lines: { line: RefundLineFigures; units: number }[];
  shipping: number;
  pricesIncludeTax: boolean;
  captured: number;
  refunded: number;
}): SuggestedRefundFigures {
  const lines = input.lines.map((l) => refundLineShare(l.line, l.units, input.pricesIncludeTax));
  const sum = (pick: (s: RefundLineShare) => number) => lines.reduce((a, s) => a + pick(s), 0);
  const total = sum((s) => s.amount) + input.shipping;
  const maximum = Math.max(0, input.captured - input.refunded);
  return {
    lines,
    subtotal: sum((s) => s.subtotal),
    discount: sum((s) => s.discount),
    tax: sum((s) => s.tax),
    shipping: input.shipping,
    total,
    maximum,
    amount: Math.min(total, maximum),
  };
}
