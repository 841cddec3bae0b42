import { describe, expect, it } from 'vitest';
import {
  checkReturnAction,
  returnAvailableActions,
  returnableQuantity,
  statusAfterReceipt,
} from './return-states.js';
import { exchangeItemFigures, returnLineCredit, settleReturn } from './return-settlement.js';
import { refundLineShare } from './refunds.js';

const facts = (over: Partial<Parameters<typeof returnAvailableActions>[0]> = {}) => ({
  status: 'REQUESTED' as const,
  quantity: 3,
  received: 0,
  settled: false,
  ...over,
});

describe('return states', () => {
  it('a new return can be opened, received, settled or cancelled, not closed', () => {
    expect(returnAvailableActions(facts())).toEqual(['open', 'receive', 'settle', 'cancel']);
  });

  it('once a unit is received it can no longer be cancelled; closing needs the settlement', () => {
    const partly = facts({ status: 'PARTIALLY_RECEIVED', received: 1 });
    expect(returnAvailableActions(partly)).toEqual(['receive', 'settle']);
    expect(checkReturnAction(partly, 'cancel')?.errors[0]).toMatchObject({ code: 'INVALID_TRANSITION' });
    expect(checkReturnAction(partly, 'close')?.errors[0]?.message).toBe(
      'Settle this return before closing it.',
    );
    expect(returnAvailableActions({ ...partly, settled: true })).toEqual(['receive', 'close']);
  });

  it('a fully received return takes no more receipts', () => {
    const all = facts({ status: 'RECEIVED', received: 3, settled: true });
    expect(returnAvailableActions(all)).toEqual(['close']);
  });

  it('closed and cancelled returns allow nothing', () => {
    expect(returnAvailableActions(facts({ status: 'CLOSED', received: 3, settled: true }))).toEqual([]);
    expect(returnAvailableActions(facts({ status: 'CANCELLED' }))).toEqual([]);
    expect(checkReturnAction(facts({ status: 'CANCELLED' }), 'receive')?.errors[0]?.message).toBe(
      'This return was cancelled.',
    );
  });

  it('a settled return cannot be cancelled or settled again', () => {
    const settled = facts({ status: 'OPEN', settled: true });
    expect(returnAvailableActions(settled)).toEqual(['receive']);
  });

  it('a receipt leaves the return partly or wholly received', () => {
    expect(statusAfterReceipt(3, 1)).toBe('PARTIALLY_RECEIVED');
    expect(statusAfterReceipt(3, 3)).toBe('RECEIVED');
  });

  it('returnable units are shipped units not on other returns', () => {
    expect(returnableQuantity(2, 0)).toBe(2);
    expect(returnableQuantity(2, 2)).toBe(0);
    expect(returnableQuantity(0, 0)).toBe(0);
    expect(returnableQuantity(1, 3)).toBe(0);
  });
});

describe('return credit', () => {
  // 3 × 10.00 with 1.00 discount and 2.32 tax (prices exclude tax): the customer paid 31.32.
  const line = { quantity: 3, subtotal: 3000, discount: 100, tax: 232 };

  it('unit credits sum exactly to what was paid for the line, odd cents on the last unit', () => {
    const one = returnLineCredit({ ...line, spent: 0, units: 1 }, false).amount;
    const two = returnLineCredit({ ...line, spent: 1, units: 1 }, false).amount;
    const three = returnLineCredit({ ...line, spent: 2, units: 1 }, false).amount;
    expect([one, two, three]).toEqual([1044, 1044, 1044]);
    expect(one + two + three).toBe(3000 - 100 + 232);
    const odd = { quantity: 3, subtotal: 1000, discount: 0, tax: 0 };
    const units = [0, 1, 2].map((spent) => returnLineCredit({ ...odd, spent, units: 1 }, false).amount);
    expect(units).toEqual([333, 333, 334]);
  });

  it('with prices including tax, the credit is the price paid (the tax is inside it)', () => {
    const credit = returnLineCredit({ ...line, spent: 0, units: 3 }, true);
    expect(credit.amount).toBe(2900);
    expect(credit.tax).toBe(232);
  });

  it('units refunded before ("keep it") or credited by another return come back without money', () => {
    const credit = returnLineCredit({ ...line, spent: 2, units: 2 }, false);
    expect(credit.creditedUnits).toBe(1);
    expect(credit.amount).toBe(refundLineShare({ ...line, refundedQuantity: 2 }, 1, false).amount);
    expect(returnLineCredit({ ...line, spent: 3, units: 1 }, false)).toMatchObject({
      creditedUnits: 0,
      amount: 0,
    });
  });
});

describe('return settlement', () => {
  const base = {
    lines: [{ quantity: 2, subtotal: 5000, discount: 0, tax: 400, spent: 0, units: 1 }],
    exchange: [],
    pricesIncludeTax: false,
    returnShippingFee: 0,
    restockingFeePercent: 0,
    shipping: 0,
    captured: 5400,
    refunded: 0,
  };

  it('a plain return gives back the unit with its tax', () => {
    const s = settleReturn(base);
    expect(s).toMatchObject({
      credit: 2700,
      creditTax: 200,
      fees: 0,
      difference: -2700,
      refund: 2700,
      owed: 0,
    });
  });

  it('fees reduce the credit: a restocking percent of the merchandise and a flat label fee', () => {
    const s = settleReturn({ ...base, restockingFeePercent: 10, returnShippingFee: 500 });
    expect(s).toMatchObject({ restockingFee: 250, returnShippingFee: 500, fees: 750, refund: 1950 });
  });

  it('fees never take the credit below zero', () => {
    const s = settleReturn({ ...base, restockingFeePercent: 100, returnShippingFee: 5000 });
    expect(s).toMatchObject({ fees: 2700, difference: 0, refund: 0, owed: 0 });
  });

  it('the refund is at most what was captured and not refunded', () => {
    const s = settleReturn({ ...base, refunded: 4000 });
    expect(s).toMatchObject({ refund: 1400, maximum: 1400, difference: -2700 });
  });

  it('an exchange for a dearer item at today’s rate leaves the customer owing the difference', () => {
    const s = settleReturn({ ...base, exchange: [{ unitPrice: 3000, quantity: 1, taxRate: '10' }] });
    expect(s.newItems).toEqual([{ subtotal: 3000, tax: 300, total: 3300 }]);
    expect(s).toMatchObject({ credit: 2700, difference: 600, owed: 600, refund: 0, exchangeCredit: 2700 });
  });

  it('a cheaper exchange takes only its own price from the credit; the rest goes back', () => {
    const s = settleReturn({ ...base, exchange: [{ unitPrice: 1999, quantity: 1, taxRate: '8.875' }] });
    // taxOn(1999, 8.875 %) = 177.41… → 177, as an order line would get it.
    expect(s.newItems).toEqual([{ subtotal: 1999, tax: 177, total: 2176 }]);
    expect(s).toMatchObject({ difference: 2176 - 2700, refund: 524, owed: 0, exchangeCredit: 2176 });
  });

  it('an item already on the order counts with the tax its line holds', () => {
    expect(exchangeItemFigures({ unitPrice: 1000, quantity: 3, tax: 241 }, false)).toEqual({
      subtotal: 3000,
      tax: 241,
      total: 3241,
    });
  });

  it('with prices including tax, exchanges compare on gross and the tax is the part inside the price', () => {
    expect(exchangeItemFigures({ unitPrice: 1100, quantity: 2, taxRate: '10' }, true)).toEqual({
      subtotal: 2200,
      tax: 200,
      total: 2200,
    });
  });

  it('original shipping given back adds to what the customer gets', () => {
    const s = settleReturn({ ...base, shipping: 800, returnShippingFee: 300 });
    expect(s).toMatchObject({ shipping: 800, fees: 300, difference: -(2700 + 800 - 300) });
  });
});
