import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { maxMinor } from './money.js';
import { computeOrderTotals, type OrderTotals, type OrderTotalsInput } from './order-totals.js';

const base: OrderTotalsInput = {
  currencyCode: 'USD',
  lines: [{ unitPrice: 1000, quantity: 2 }],
  shippingPrice: 500,
  taxRate: null,
  pricesIncludeTax: false,
};

function errorsOf(input: OrderTotalsInput) {
  try {
    computeOrderTotals(input);
  } catch (e) {
    if (e instanceof DomainError) return e.errors.map((x) => [x.code, x.field?.join('.') ?? null]);
    throw e;
  }
  return [];
}

function expectConsistent(t: OrderTotals, pricesIncludeTax: boolean) {
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  expect(t.subtotal).toBe(sum(t.lines.map((l) => l.subtotal)));
  expect(t.discountTotal).toBe(sum(t.lines.map((l) => l.discount)));
  expect(t.taxTotal).toBe(sum(t.lines.map((l) => l.tax)) + t.shippingTax);
  const tax = pricesIncludeTax ? 0 : t.taxTotal;
  expect(t.total).toBe(t.subtotal - t.discountTotal + t.shippingTotal + tax);
  const shippingTax = pricesIncludeTax ? 0 : t.shippingTax;
  expect(t.total).toBe(sum(t.lines.map((l) => l.total)) + t.shippingTotal + shippingTax);
  for (const l of t.lines) {
    expect(l.discount).toBeGreaterThanOrEqual(0);
    expect(l.discount).toBeLessThanOrEqual(l.subtotal);
    expect(l.tax).toBeGreaterThanOrEqual(0);
    expect(l.total).toBeGreaterThanOrEqual(0);
  }
  expect(t.shippingTotal).toBeGreaterThanOrEqual(0);
  expect(t.total).toBeGreaterThanOrEqual(0);
}

describe('order totals: examples', () => {
  it('adds lines and shipping without discount or tax', () => {
    const t = computeOrderTotals({ ...base, lines: [...base.lines, { unitPrice: 250, quantity: 3 }] });
    expect(t).toMatchObject({
      subtotal: 2750,
      discountTotal: 0,
      shippingTotal: 500,
      taxTotal: 0,
      total: 3250,
    });
    expect(t.lines[1]).toEqual({ subtotal: 750, discount: 0, tax: 0, total: 750 });
  });

  it('takes a percentage per eligible line, rounded half up', () => {
    const t = computeOrderTotals({
      ...base,
      lines: [
        { unitPrice: 999, quantity: 1 },
        { unitPrice: 1000, quantity: 1 },
      ],
      discount: { kind: 'PERCENTAGE', value: '12.5', eligible: [true, false] },
    });
    expect(t.lines.map((l) => l.discount)).toEqual([125, 0]); // 124.875 → 125
    expect(t.total).toBe(1999 - 125 + 500);
  });

  it('spreads a fixed amount by subtotal with the remainder to the largest line', () => {
    const t = computeOrderTotals({
      ...base,
      lines: [
        { unitPrice: 3000, quantity: 1 },
        { unitPrice: 1000, quantity: 1 },
        { unitPrice: 1, quantity: 1 },
      ],
      discount: { kind: 'FIXED_AMOUNT', value: 1001, eligible: [true, true, false] },
    });
    expect(t.lines.map((l) => l.discount)).toEqual([751, 250, 0]);
    expect(t.discountTotal).toBe(1001);
  });

  it('never takes a line below zero, even where rounding would', () => {
    const t = computeOrderTotals({
      ...base,
      lines: [1, 2, 3].map(() => ({ unitPrice: 1, quantity: 1 })),
      discount: { kind: 'FIXED_AMOUNT', value: 2 },
    });
    expect(t.lines.map((l) => l.discount)).toEqual([1, 1, 0]);
    const capped = computeOrderTotals({ ...base, discount: { kind: 'FIXED_AMOUNT', value: 99_999 } });
    expect(capped).toMatchObject({ discountTotal: 2000, total: 500 });
  });

  it('free shipping zeroes only the shipping', () => {
    const t = computeOrderTotals({ ...base, discount: { kind: 'FREE_SHIPPING' } });
    expect(t).toMatchObject({ discountTotal: 0, shippingDiscount: 500, shippingTotal: 0, total: 2000 });
  });

  it('adds tax after the discount, on shipping too unless it is not taxable', () => {
    const input: OrderTotalsInput = {
      ...base,
      lines: [
        { unitPrice: 1000, quantity: 2 },
        { unitPrice: 1000, quantity: 1, taxable: false },
      ],
      discount: { kind: 'PERCENTAGE', value: '10' },
      taxRate: '8.875',
    };
    const t = computeOrderTotals(input);
    expect(t.lines[0]).toEqual({ subtotal: 2000, discount: 200, tax: 160, total: 1960 }); // 159.75
    expect(t.lines[1]!.tax).toBe(0);
    expect(t.shippingTax).toBe(44); // 44.375
    expect(t.total).toBe(3000 - 300 + 500 + 204);
    expect(computeOrderTotals({ ...input, shippingTaxable: false }).shippingTax).toBe(0);
  });

  it('keeps tax inside tax-inclusive prices', () => {
    const t = computeOrderTotals({ ...base, taxRate: '20', pricesIncludeTax: true, shippingPrice: 600 });
    expect(t.lines[0]).toEqual({ subtotal: 2000, discount: 0, tax: 333, total: 2000 });
    expect(t).toMatchObject({ shippingTax: 100, taxTotal: 433, total: 2600 });
  });

  it('works in zero- and three-decimal currencies', () => {
    expect(computeOrderTotals({ ...base, currencyCode: 'JPY', taxRate: '10' }).total).toBe(2750);
    expect(maxMinor('KWD')).toBeGreaterThan(maxMinor('USD'));
  });
});

describe('order totals: limits', () => {
  it('refuses an empty order and more than 500 lines', () => {
    expect(errorsOf({ ...base, lines: [] })).toEqual([['REQUIRED', 'lines']]);
    const many = Array.from({ length: 501 }, () => ({ unitPrice: 1, quantity: 1 }));
    expect(errorsOf({ ...base, lines: many })).toEqual([['LIMIT_EXCEEDED', 'lines']]);
    expect(errorsOf({ ...base, lines: many.slice(1) })).toEqual([]);
  });

  it('refuses quantities outside 1 … 100,000 and fractions, every field at once', () => {
    const lines = [0, 100_001, 1.5, 100_000].map((quantity) => ({ unitPrice: 1, quantity }));
    expect(errorsOf({ ...base, lines })).toEqual([
      ['OUT_OF_RANGE', 'lines.0.quantity'],
      ['OUT_OF_RANGE', 'lines.1.quantity'],
      ['INVALID', 'lines.2.quantity'],
    ]);
  });

  it('refuses negative, fractional and too large amounts', () => {
    const max = maxMinor('USD');
    expect(
      errorsOf({
        ...base,
        lines: [
          { unitPrice: -1, quantity: 1 },
          { unitPrice: 0.5, quantity: 1 },
          { unitPrice: max + 1, quantity: 1 },
        ],
        shippingPrice: -5,
        discount: { kind: 'FIXED_AMOUNT', value: 0 },
      }),
    ).toEqual([
      ['OUT_OF_RANGE', 'lines.0.unitPrice'],
      ['INVALID', 'lines.1.unitPrice'],
      ['OUT_OF_RANGE', 'lines.2.unitPrice'],
      ['OUT_OF_RANGE', 'shippingPrice'],
      ['OUT_OF_RANGE', 'discount.value'],
    ]);
  });

  it('refuses bad percentages and tax rates, and a subtotal or total over the maximum', () => {
    for (const value of ['0', '100.01', '12.345', 'abc', '-5']) {
      expect(errorsOf({ ...base, discount: { kind: 'PERCENTAGE', value } })).toEqual([
        ['OUT_OF_RANGE', 'discount.value'],
      ]);
    }
    expect(errorsOf({ ...base, taxRate: '101' })).toEqual([['INVALID', 'taxRate']]);
    const max = maxMinor('USD');
    expect(errorsOf({ ...base, lines: [{ unitPrice: max, quantity: 2 }] })).toEqual([
      ['LIMIT_EXCEEDED', null],
    ]);
    expect(() => computeOrderTotals({ ...base, lines: [{ unitPrice: max, quantity: 1 }] })).toThrow(
      "An order's total can be at most 99999999.99 USD.",
    );
  });
});

const arbInput: fc.Arbitrary<OrderTotalsInput> = fc
  .record({
    lines: fc.array(
      fc.record({
        unitPrice: fc.integer({ min: 0, max: 1_000_000 }),
        quantity: fc.integer({ min: 1, max: 1_000 }),
        taxable: fc.boolean(),
      }),
      { minLength: 1, maxLength: 20 },
    ),
    shippingPrice: fc.integer({ min: 0, max: 100_000 }),
    kind: fc.constantFrom('PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING', 'NONE'),
    percent: fc.integer({ min: 1, max: 10_000 }),
    fixed: fc.integer({ min: 1, max: 2_000_000_000 }),
    eligibleSeed: fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
    taxRate: fc.option(fc.integer({ min: 0, max: 100_000 }).map((m) => (m / 1000).toString())),
    pricesIncludeTax: fc.boolean(),
    shippingTaxable: fc.boolean(),
    currencyCode: fc.constantFrom('USD', 'JPY', 'KWD'),
  })
  .map((r) => {
    const eligible = r.lines.map((_l, i) => r.eligibleSeed[i]!);
    const discount =
      r.kind === 'PERCENTAGE'
        ? ({ kind: 'PERCENTAGE', value: (r.percent / 100).toString(), eligible } as const)
        : r.kind === 'FIXED_AMOUNT'
          ? ({ kind: 'FIXED_AMOUNT', value: r.fixed, eligible } as const)
          : r.kind === 'FREE_SHIPPING'
            ? ({ kind: 'FREE_SHIPPING' } as const)
            : null;
    return { ...r, discount };
  });

describe('order totals: properties', () => {
  it('are consistent by construction and never negative', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        expectConsistent(computeOrderTotals(input), input.pricesIncludeTax);
      }),
      { numRuns: 300 },
    );
  });

  it('a fixed discount takes exactly its value, or every eligible line when that is less', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        if (input.discount?.kind !== 'FIXED_AMOUNT') return;
        const t = computeOrderTotals(input);
        const eligible = input.discount.eligible!;
        const room = t.lines.reduce((a, l, i) => a + (eligible[i] ? l.subtotal : 0), 0);
        expect(t.discountTotal).toBe(Math.min(input.discount.value, room));
        t.lines.forEach((l, i) => {
          if (!eligible[i]) expect(l.discount).toBe(0);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('a fixed discount on small lines sums exactly without a line going below zero', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 80 }),
        (prices, value) => {
          const lines = prices.map((unitPrice) => ({ unitPrice, quantity: 1 }));
          const t = computeOrderTotals({ ...base, lines, discount: { kind: 'FIXED_AMOUNT', value } });
          expect(t.discountTotal).toBe(Math.min(value, t.subtotal));
          expectConsistent(t, false);
        },
      ),
    );
  });
});
