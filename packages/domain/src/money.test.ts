import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMinor, allocateMinor, currencyDecimals, formatMinor, parseMoney, percentOf } from './money.js';
import {
  available,
  isLowStock,
  isStocked,
  onHandInRange,
  transferQuantityValid,
  isAdjustmentReason,
} from './stock.js';

describe('currency decimals from Intl', () => {
  it('knows zero-, two- and three-decimal currencies', () => {
    expect(currencyDecimals('USD')).toBe(2);
    expect(currencyDecimals('jpy')).toBe(0);
    expect(currencyDecimals('KWD')).toBe(3);
    expect(currencyDecimals('EUR')).toBe(2);
    expect(parseMoney('12.345', 'KWD')).toBe(12345);
    expect(formatMinor(1200, 'JPY')).toBe('1200');
  });
});

describe('money arithmetic', () => {
  it('adds exactly and refuses fractions of a minor unit', () => {
    expect(addMinor(1999, 1, 0)).toBe(2000);
    expect(() => addMinor(1.5)).toThrow(RangeError);
  });

  it('takes a percentage rounded half away from zero', () => {
    expect(percentOf(1000, '8.875')).toBe(89); // 88.75 → 89
    expect(percentOf(1999, 20)).toBe(400); // 399.8
    expect(percentOf(5, '10')).toBe(1); // 0.5 → 1
    expect(percentOf(-5, '10')).toBe(-1);
    expect(percentOf(0, '99.999')).toBe(0);
  });

  it('allocates with the remainder to the largest part', () => {
    expect(allocateMinor(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateMinor(1000, [3000, 1000])).toEqual([750, 250]);
    expect(allocateMinor(7, [1, 5, 2])).toEqual([0, 6, 1]);
    expect(allocateMinor(10, [0, 0])).toEqual([10, 0]);
    expect(allocateMinor(10, [])).toEqual([]);
  });

  it('allocation always sums to the total and never goes below zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999_999_999 }),
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 50 }),
        (total, weights) => {
          const parts = allocateMinor(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          expect(parts.every((p) => p >= 0 && Number.isInteger(p))).toBe(true);
        },
      ),
    );
  });
});

describe('stock rules', () => {
  it('available, low stock with the override before the store default', () => {
    expect(available({ onHand: 10, committed: 3 })).toBe(7);
    expect(isLowStock(5, null, 5)).toBe(true);
    expect(isLowStock(6, null, 5)).toBe(false);
    expect(isLowStock(6, 10, 5)).toBe(true);
    expect(isLowStock(1, 0, 5)).toBe(false);
  });
  it('low stock only where the location stocks the variant (SPEC §10)', () => {
    const untouched = { onHand: 0, committed: 0, hasMovements: false };
    expect(isStocked(untouched)).toBe(false);
    expect(isStocked({ ...untouched, hasMovements: true })).toBe(true);
    expect(isStocked({ ...untouched, onHand: -1 })).toBe(true);
    expect(isStocked({ ...untouched, committed: 2 })).toBe(true);
    expect(isLowStock(0, null, 5, isStocked(untouched))).toBe(false);
    expect(isLowStock(0, null, 5, true)).toBe(true);
  });
  it('limits', () => {
    expect(onHandInRange(1_000_000_000)).toBe(true);
    expect(onHandInRange(1_000_000_001)).toBe(false);
    expect(onHandInRange(-1_000_000_000)).toBe(true);
    expect(transferQuantityValid(0)).toBe(false);
    expect(transferQuantityValid(2.5)).toBe(false);
    expect(isAdjustmentReason('RECEIVED')).toBe(true);
    expect(isAdjustmentReason('TRANSFER')).toBe(false);
  });
});
