import { describe, expect, it } from 'vitest';
import {
  initialReturnChoices,
  lineOfErrorPath,
  previewSettlement,
  readFees,
  returnLinesInput,
  type ReturnableLine,
} from './return-plan';

const usd = (amount: string) => ({ amount, currencyCode: 'USD' });

function line(over: Partial<ReturnableLine> & { id: string }): ReturnableLine {
  return {
    quantity: 3,
    refundedQuantity: 0,
    returnCreditedQuantity: 0,
    returnableQuantity: 3,
    // 3 × 10.00, 1.00 off, 2.31 tax (odd cents: 0.77 a unit)
    subtotal: usd('30.00'),
    discount: usd('1.00'),
    tax: usd('2.31'),
    ...over,
  };
}

const order = {
  currencyCode: 'USD',
  pricesIncludeTax: false,
  totalPaid: usd('100.00'),
  totalRefunded: usd('0.00'),
};

describe('previewSettlement', () => {
  it('credits the chosen units at their net with tax, from the order line figures', () => {
    const lines = [line({ id: 'a' })];
    const choices = { ...initialReturnChoices(lines), a: { quantity: 3, reason: null, note: '' } };
    const f = previewSettlement(order, lines, choices, { returnShippingFee: '', restockingFeePercent: '' });
    // Every unit: exactly what was paid for the line.
    expect(f.credit).toBe(3000 - 100 + 231);
    expect(f.creditTax).toBe(231);
    expect(f.refund).toBe(3131);
  });

  it('credits nothing for units refunded before or credited by another return', () => {
    const lines = [line({ id: 'a', refundedQuantity: 1, returnCreditedQuantity: 1, returnableQuantity: 2 })];
    const choices = { a: { quantity: 2, reason: null, note: '' } };
    const f = previewSettlement(order, lines, choices, { returnShippingFee: '', restockingFeePercent: '' });
    expect(f.lines[0]!.creditedUnits).toBe(1);
    expect(f.credit).toBeGreaterThan(0);
    expect(f.credit).toBeLessThan(3131 / 2);
  });

  it('takes the fees from the credit, never below zero, and caps the refund at what is left paid', () => {
    const lines = [line({ id: 'a' })];
    const choices = { a: { quantity: 1, reason: null, note: '' } };
    const withFees = previewSettlement(order, lines, choices, {
      returnShippingFee: '5.00',
      restockingFeePercent: '10',
    });
    expect(withFees.restockingFee).toBeGreaterThan(0);
    expect(withFees.returnShippingFee).toBe(500);
    expect(withFees.refund).toBe(withFees.credit - withFees.fees);
    const huge = previewSettlement(order, lines, choices, {
      returnShippingFee: '500.00',
      restockingFeePercent: '',
    });
    expect(huge.fees).toBe(huge.credit);
    expect(huge.refund).toBe(0);
    const mostlyRefunded = previewSettlement({ ...order, totalRefunded: usd('99.00') }, lines, choices, {
      returnShippingFee: '',
      restockingFeePercent: '',
    });
    expect(mostlyRefunded.refund).toBe(100);
  });

  it('leaves out lines with no units', () => {
    const lines = [line({ id: 'a' }), line({ id: 'b' })];
    const f = previewSettlement(order, lines, initialReturnChoices(lines), {
      returnShippingFee: '',
      restockingFeePercent: '',
    });
    expect(f.lines).toHaveLength(0);
    expect(f.credit).toBe(0);
  });
});

describe('readFees', () => {
  it('reads blank as none and says what is wrong with a bad amount or percent', () => {
    expect(readFees({ returnShippingFee: '', restockingFeePercent: '' }, 'USD')).toMatchObject({
      shippingFee: 0,
      percent: 0,
      shippingFeeError: null,
      percentError: null,
    });
    expect(readFees({ returnShippingFee: '4.5', restockingFeePercent: '15' }, 'USD')).toMatchObject({
      shippingFee: 450,
      percent: 15,
    });
    expect(readFees({ returnShippingFee: 'abc', restockingFeePercent: '101' }, 'USD')).toMatchObject({
      shippingFeeError: expect.any(String),
      percentError: expect.any(String),
    });
    expect(readFees({ returnShippingFee: '1.234', restockingFeePercent: '2.5' }, 'USD')).toMatchObject({
      shippingFeeError: expect.any(String),
      percentError: expect.any(String),
    });
  });
});

describe('returnLinesInput', () => {
  it('sends chosen lines with their reason and note, and names chosen lines without a reason', () => {
    const lines = [line({ id: 'a' }), line({ id: 'b' }), line({ id: 'c' })];
    const { lines: sent, missingReason } = returnLinesInput(lines, {
      a: { quantity: 2, reason: 'SIZE_TOO_SMALL', note: '  too tight ' },
      b: { quantity: 1, reason: null, note: '' },
      c: { quantity: 0, reason: 'OTHER', note: '' },
    });
    expect(sent).toEqual([{ orderLineId: 'a', quantity: 2, reason: 'SIZE_TOO_SMALL', note: 'too tight' }]);
    expect(missingReason).toEqual(['b']);
  });
});

describe('lineOfErrorPath', () => {
  it('maps a server path to the order line that was sent at that index', () => {
    const sent = [{ orderLineId: 'a' }, { orderLineId: 'b' }];
    expect(lineOfErrorPath(['input', 'lines', '1', 'quantity'], sent)).toBe('b');
    expect(lineOfErrorPath(['input', 'returnShippingFee'], sent)).toBeNull();
    expect(lineOfErrorPath(['input', 'lines', '5'], sent)).toBeNull();
    expect(lineOfErrorPath(null, sent)).toBeNull();
  });
});
