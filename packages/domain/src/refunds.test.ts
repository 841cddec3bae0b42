import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeOrderTotals, type OrderDiscountInput } from './order-totals.js';
import { refundOffered } from './order-states.js';
import {
  refundLineShare,
  shippingRefundable,
  shippingTaxRefundable,
  suggestRefund,
  type RefundLineFigures,
} from './refunds.js';

describe('refund shares', () => {
  it('splits a line so that its parts add up to what was paid', () => {
    const line: RefundLineFigures = {
      quantity: 3,
      refundedQuantity: 0,
      subtotal: 1000,
      discount: 100,
      tax: 72,
    };
    const a = refundLineShare(line, 1, false);
    const b = refundLineShare({ ...line, refundedQuantity: 1 }, 2, false);
    expect(a).toEqual({ subtotal: 333, discount: 33, tax: 24, amount: 324 });
    expect(a.amount + b.amount).toBe(1000 - 100 + 72);
    expect(refundLineShare(line, 3, true).amount).toBe(900);
  });

  it('refuses units that are not there', () => {
    const line: RefundLineFigures = { quantity: 2, refundedQuantity: 1, subtotal: 10, discount: 0, tax: 0 };
    expect(() => refundLineShare(line, 2, false)).toThrow(RangeError);
    expect(() => refundLineShare(line, -1, false)).toThrow(RangeError);
  });

  it('shipping: charged with its tax when prices exclude it, less what went back', () => {
    expect(shippingRefundable({ shippingTotal: 500, shippingTax: 40, pricesIncludeTax: false }, 0)).toBe(540);
    expect(shippingRefundable({ shippingTotal: 500, shippingTax: 40, pricesIncludeTax: true }, 200)).toBe(
      300,
    );
    expect(shippingRefundable({ shippingTotal: 500, shippingTax: 40, pricesIncludeTax: true }, 900)).toBe(0);
  });

  it('suggests at most what was captured and not yet refunded', () => {
    const line: RefundLineFigures = { quantity: 1, refundedQuantity: 0, subtotal: 5000, discount: 0, tax: 0 };
    const s = suggestRefund({
      lines: [{ line, units: 1 }],
      shipping: 0,
      pricesIncludeTax: false,
      captured: 3000,
      refunded: 1000,
    });
    expect(s.total).toBe(5000);
    expect(s.maximum).toBe(2000);
    expect(s.amount).toBe(2000);
  });
});

const discountArb: fc.Arbitrary<OrderDiscountInput | null> = fc.oneof(
  fc.constant(null),
  fc
    .integer({ min: 1, max: 10_000 })
    .map((v) => ({ kind: 'PERCENTAGE' as const, value: (v / 100).toFixed(2) })),
  fc.integer({ min: 1, max: 50_000 }).map((v) => ({ kind: 'FIXED_AMOUNT' as const, value: v })),
  fc.constant({ kind: 'FREE_SHIPPING' as const }),
);

describe('refund property: never more than paid, everything back to the minor unit', () => {
  it('holds for random orders, discounts, tax and refund sequences', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitPrice: fc.integer({ min: 0, max: 100_000 }),
            quantity: fc.integer({ min: 1, max: 7 }),
          }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        fc.integer({ min: 0, max: 2_000 }),
        discountArb,
        fc.option(fc.integer({ min: 0, max: 25_000 }).map((v) => (v / 1000).toFixed(3))),
        fc.boolean(),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 7 }), fc.nat({ max: 3000 })), {
          maxLength: 12,
        }),
        (lines, shippingPrice, discount, taxRate, pricesIncludeTax, steps) => {
          const totals = computeOrderTotals({
            currencyCode: 'USD',
            lines,
            shippingPrice,
            discount,
            taxRate,
            pricesIncludeTax,
          });
          const captured = totals.total;
          const figures = lines.map((l, i) => ({
            quantity: l.quantity,
            refundedQuantity: 0,
            subtotal: totals.lines[i]!.subtotal,
            discount: totals.lines[i]!.discount,
            tax: totals.lines[i]!.tax,
          }));
          let refunded = 0;
          let shippingBack = 0;
          const shippingOrder = {
            shippingTotal: totals.shippingTotal,
            shippingTax: totals.shippingTax,
            pricesIncludeTax,
          };
          // Random partial refunds, each of what the suggestion allows.
          for (const [pick, units, ship] of steps) {
            const line = figures[pick % figures.length]!;
            const q = Math.min(units, line.quantity - line.refundedQuantity);
            const shipping = Math.min(ship, shippingRefundable(shippingOrder, shippingBack));
            const s = suggestRefund({
              lines: q ? [{ line, units: q }] : [],
              shipping,
              pricesIncludeTax,
              captured,
              refunded,
            });
            expect(s.amount).toBeLessThanOrEqual(s.maximum);
            refunded += s.amount;
            shippingBack += shipping;
            line.refundedQuantity += q;
            expect(refunded).toBeLessThanOrEqual(captured);
          }
          // Then everything left: what was refunded in all equals what was paid when nothing was capped.
          const rest = suggestRefund({
            lines: figures
              .filter((l) => l.quantity > l.refundedQuantity)
              .map((line) => ({ line, units: line.quantity - line.refundedQuantity })),
            shipping: shippingRefundable(shippingOrder, shippingBack),
            pricesIncludeTax,
            captured,
            refunded,
          });
          expect(rest.total).toBe(rest.amount);
          expect(refunded + rest.amount).toBe(captured);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('what the refund page says and offers (issue #26)', () => {
  it('says how much of the shipping left is its tax', () => {
    const order = { shippingTotal: 1995, shippingTax: 115, pricesIncludeTax: false };
    expect(shippingRefundable(order, 0)).toBe(2110);
    expect(shippingTaxRefundable(order, 2110)).toBe(115);
    // After $10.55 of it was refunded, half of the tax is left (rounded down).
    expect(shippingTaxRefundable(order, 1055)).toBe(57);
    expect(shippingTaxRefundable({ ...order, pricesIncludeTax: true }, 1995)).toBe(0);
    expect(shippingTaxRefundable({ ...order, shippingTax: 0 }, 1995)).toBe(0);
  });

  it('offers Refund only when money or shipped units can come back', () => {
    const line = { quantity: 2, fulfilledQuantity: 0, refundedQuantity: 0, tracksStock: true };
    // Unpaid, nothing shipped: nothing to refund (units still reserved are no reason).
    expect(refundOffered({ captured: 0, refunded: 0 }, [line])).toBe(false);
    expect(refundOffered({ captured: 500, refunded: 0 }, [line])).toBe(true);
    expect(refundOffered({ captured: 500, refunded: 500 }, [line])).toBe(false);
    // Shipped and unpaid: the goods can come back, unless they are not stocked or already refunded.
    expect(refundOffered({ captured: 0, refunded: 0 }, [{ ...line, fulfilledQuantity: 1 }])).toBe(true);
    expect(
      refundOffered({ captured: 0, refunded: 0 }, [{ ...line, fulfilledQuantity: 1, tracksStock: false }]),
    ).toBe(false);
    expect(
      refundOffered({ captured: 0, refunded: 0 }, [{ ...line, fulfilledQuantity: 1, refundedQuantity: 2 }]),
    ).toBe(false);
  });
});
