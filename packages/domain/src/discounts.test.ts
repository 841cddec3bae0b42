import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeOrderTotals } from './order-totals.js';
import {
  applyDiscount,
  discountSchema,
  discountStatus,
  generateDiscountCode,
  type DiscountCart,
  type DiscountRule,
} from './discounts.js';
import { toUserErrors } from './validation.js';

const NOW = new Date('2026-11-24T12:00:00Z');

const rule = (over: Partial<DiscountRule> = {}): DiscountRule => ({
  code: 'SAVE',
  kind: 'PERCENTAGE',
  percentage: '15',
  amount: null,
  appliesTo: 'ALL',
  productIds: [],
  collectionIds: [],
  minimumSubtotal: null,
  minimumQuantity: null,
  startsAt: new Date('2026-11-01T00:00:00Z'),
  endsAt: null,
  usageLimit: null,
  usageCount: 0,
  oncePerCustomer: false,
  disabled: false,
  ...over,
});

const cart = (over: Partial<DiscountCart> = {}): DiscountCart => ({
  lines: [
    { productId: 'p1', collectionIds: ['summer'], subtotal: 4000, quantity: 2 },
    { productId: 'p2', collectionIds: [], subtotal: 1250, quantity: 1 },
  ],
  shippingPrice: 500,
  currencyCode: 'USD',
  timeZone: 'America/New_York',
  now: NOW,
  hasCustomer: true,
  usedByCustomer: false,
  ...over,
});

describe('discount input', () => {
  const parse = (input: Record<string, unknown>) => {
    const r = discountSchema('USD').safeParse({
      code: 'WELCOME10',
      kind: 'PERCENTAGE',
      value: '10',
      appliesTo: 'ALL',
      startsAt: '2026-11-01T00:00:00Z',
      ...input,
    });
    return r.success
      ? { ok: r.data }
      : { errors: toUserErrors(r.error).map((e) => `${e.field!.join('.')}: ${e.message}`) };
  };

  it('takes a percentage, an amount, or free shipping', () => {
    expect(parse({}).ok).toMatchObject({ percentage: '10', amount: null, code: 'WELCOME10' });
    expect(parse({ kind: 'FIXED_AMOUNT', value: '10.50' }).ok).toMatchObject({
      amount: 1050,
      percentage: null,
    });
    expect(parse({ kind: 'FREE_SHIPPING', value: null }).ok).toMatchObject({
      amount: null,
      percentage: null,
    });
  });

  it('names every broken rule at once', () => {
    expect(
      parse({
        code: 'no spaces!',
        value: '100.5',
        appliesTo: 'PRODUCTS',
        endsAt: '2026-10-01T00:00:00Z',
      }).errors,
    ).toEqual([
      'code: Use only letters A–Z, digits, - and _ (no spaces).',
      'value: Use a percentage from 0.01 to 100.',
      'productIds: Choose at least one product.',
      'endsAt: The end must be after the start.',
    ]);
    expect(parse({ value: '0' }).errors).toEqual(['value: Use a percentage from 0.01 to 100.']);
    expect(parse({ value: '0.001' }).errors).toEqual([
      'value: Enter a percentage like 15 or 12.5, with at most 2 decimals.',
    ]);
    expect(parse({ kind: 'FIXED_AMOUNT', value: '0' }).errors).toEqual([
      'value: Enter an amount more than 0.',
    ]);
    expect(parse({ kind: 'FIXED_AMOUNT', value: '1.999' }).errors).toEqual([
      'value: Enter an amount like 19.99, with at most 2 decimals.',
    ]);
    expect(parse({ code: 'AB' }).errors).toEqual(['code: Use at least 3 characters.']);
  });

  it('generates codes of unambiguous characters', () => {
    const code = generateDiscountCode((n) => new Uint8Array(n).map((_v, i) => i * 37));
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
  });
});

describe('discount status', () => {
  it('is derived from the flag, the dates and the limit', () => {
    expect(discountStatus(rule(), NOW)).toBe('ACTIVE');
    expect(discountStatus(rule({ disabled: true }), NOW)).toBe('DISABLED');
    expect(discountStatus(rule({ startsAt: new Date('2026-12-01T00:00:00Z') }), NOW)).toBe('SCHEDULED');
    expect(discountStatus(rule({ endsAt: NOW }), NOW)).toBe('EXPIRED');
    expect(discountStatus(rule({ usageLimit: 3, usageCount: 3 }), NOW)).toBe('EXPIRED');
  });
});

describe('applying a code', () => {
  it('applies to the chosen collection only', () => {
    const r = applyDiscount(rule({ appliesTo: 'COLLECTIONS', collectionIds: ['summer'] }), cart());
    expect(r).toEqual({
      ok: true,
      eligible: [true, false],
      discount: { kind: 'PERCENTAGE', value: '15', eligible: [true, false] },
    });
  });

  it('says in words why it does not apply', () => {
    const message = (r: DiscountRule, c: DiscountCart = cart()) => {
      const result = applyDiscount(r, c);
      return result.ok ? null : result.message;
    };
    expect(message(rule({ minimumSubtotal: 7250 }))).toBe('Spend 20.00 more to use this code.');
    expect(message(rule({ appliesTo: 'PRODUCTS', productIds: ['p2'], minimumSubtotal: 2000 }))).toBe(
      'Spend 7.50 more on eligible products to use this code.',
    );
    expect(message(rule({ minimumQuantity: 5 }))).toBe('Add 2 more items to use this code.');
    // Midnight UTC on 2 Nov is still 1 Nov in New York.
    expect(message(rule({ endsAt: new Date('2026-11-02T00:00:00Z') }))).toBe(
      'This code expired on 1 Nov 2026.',
    );
    expect(message(rule({ startsAt: new Date('2026-12-01T12:00:00Z') }))).toBe(
      'This code starts on 1 Dec 2026.',
    );
    expect(message(rule({ oncePerCustomer: true }), cart({ usedByCustomer: true }))).toBe(
      'Already used by this customer.',
    );
    expect(message(rule({ appliesTo: 'PRODUCTS', productIds: ['p9'] }))).toBe(
      'None of these products is eligible.',
    );
    expect(message(rule({ usageLimit: 1, usageCount: 1 }))).toBe(
      'This code has been used its limit of 1 time.',
    );
    expect(message(rule({ disabled: true }))).toBe('This code is disabled.');
    expect(message(rule({ kind: 'FREE_SHIPPING', percentage: null }), cart({ shippingPrice: null }))).toBe(
      'This order has no shipping to make free.',
    );
  });
});

describe('discount amounts (property)', () => {
  const line = fc.record({
    unitPrice: fc.integer({ min: 0, max: 500_000 }),
    quantity: fc.integer({ min: 1, max: 50 }),
    product: fc.constantFrom('p1', 'p2', 'p3', null),
    taxable: fc.boolean(),
  });
  const code = fc.oneof(
    fc.record({
      kind: fc.constant('PERCENTAGE' as const),
      percentage: fc.integer({ min: 1, max: 10_000 }).map((n) => String(n / 100)),
      amount: fc.constant(null),
    }),
    fc.record({
      kind: fc.constant('FIXED_AMOUNT' as const),
      percentage: fc.constant(null),
      amount: fc.integer({ min: 1, max: 5_000_000 }),
    }),
  );

  it('never exceeds the eligible subtotal, never makes a line negative, and adds up exactly', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        code,
        fc.subarray(['p1', 'p2', 'p3']),
        fc.constantFrom(null, '8.875', '20'),
        fc.boolean(),
        (lines, value, chosen, taxRate, pricesIncludeTax) => {
          const r = rule({
            ...value,
            appliesTo: chosen.length ? 'PRODUCTS' : 'ALL',
            productIds: chosen,
          });
          const applied = applyDiscount(
            r,
            cart({
              lines: lines.map((l) => ({
                productId: l.product,
                collectionIds: [],
                subtotal: l.unitPrice * l.quantity,
                quantity: l.quantity,
              })),
            }),
          );
          if (!applied.ok) {
            expect(applied.message).toBe('None of these products is eligible.');
            return;
          }
          const totals = computeOrderTotals({
            currencyCode: 'USD',
            lines,
            shippingPrice: 500,
            discount: applied.discount,
            taxRate,
            pricesIncludeTax,
          });
          const eligibleSubtotal = totals.lines.reduce(
            (s, l, i) => s + (applied.eligible[i] ? l.subtotal : 0),
            0,
          );
          expect(totals.discountTotal).toBeLessThanOrEqual(eligibleSubtotal);
          expect(totals.lines.reduce((s, l) => s + l.discount, 0)).toBe(totals.discountTotal);
          totals.lines.forEach((l, i) => {
            expect(l.discount).toBeGreaterThanOrEqual(0);
            expect(l.subtotal - l.discount).toBeGreaterThanOrEqual(0);
            if (!applied.eligible[i]) expect(l.discount).toBe(0);
          });
          if (value.kind === 'FIXED_AMOUNT')
            expect(totals.discountTotal).toBe(Math.min(value.amount, eligibleSubtotal));
        },
      ),
      { numRuns: 400 },
    );
  });
});
