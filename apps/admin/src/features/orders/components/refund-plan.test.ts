import { describe, expect, it } from 'vitest';
import {
  initialChoices,
  placeRefundErrors,
  refundLinesInput,
  shippingLeftWords,
  stockNote,
  type RefundLineView,
} from './refund-plan';

const shirt: RefundLineView = {
  id: 'l1',
  quantity: 3,
  refundedQuantity: 1,
  unfulfilledQuantity: 1,
  location: { id: 'wh', name: 'Warehouse' },
  variant: { id: 'v1' },
};
const custom: RefundLineView = { ...shirt, id: 'l2', location: null, variant: null, unfulfilledQuantity: 0 };

describe('refund plan', () => {
  it('starts at nothing, restocking where it can', () => {
    expect(initialChoices([shirt, custom])).toEqual({
      l1: { quantity: 0, restock: true, locationId: 'wh' },
      l2: { quantity: 0, restock: false, locationId: null },
    });
  });

  it('sends only lines with a quantity, and restock only where it means something', () => {
    const choices = {
      l1: { quantity: 2, restock: true, locationId: 'shop' },
      l2: { quantity: 1, restock: true, locationId: null },
    };
    expect(refundLinesInput([shirt, custom], choices)).toEqual([
      { lineId: 'l1', quantity: 2, restock: true, locationId: 'shop' },
      { lineId: 'l2', quantity: 1, restock: false, locationId: null },
    ]);
    expect(refundLinesInput([shirt], { l1: { quantity: 0, restock: true, locationId: 'wh' } })).toEqual([]);
    // Only unshipped units chosen (all of a cancelled order's): nothing to restock, so none is asked
    // (issue #26 §1.1: the server refuses a restock of units that never left or already came back).
    expect(refundLinesInput([shirt], { l1: { quantity: 1, restock: true, locationId: 'wh' } })).toEqual([
      { lineId: 'l1', quantity: 1, restock: false, locationId: null },
    ]);
  });

  it('says what happens to the stock', () => {
    expect(stockNote(shirt, { quantity: 2, restock: true, locationId: 'wh' }, 'Warehouse')).toBe(
      '1 not shipped yet: its reservation is released; 1 back in stock at Warehouse',
    );
    expect(stockNote(shirt, { quantity: 1, restock: false, locationId: 'wh' }, 'Warehouse')).toBe(
      '1 not shipped yet: its reservation is released',
    );
    expect(
      stockNote(
        { ...shirt, unfulfilledQuantity: 0 },
        { quantity: 2, restock: false, locationId: 'wh' },
        null,
      ),
    ).toBe('2 not restocked');
    expect(stockNote(custom, { quantity: 1, restock: false, locationId: null }, null)).toBeNull();
    expect(stockNote(shirt, { quantity: 1, restock: true, locationId: 'wh' }, 'Warehouse', true)).toBe(
      '1 not shipped: back in stock since the order was cancelled',
    );
  });

  it('says the shipping limit includes its tax (issue #26 §3)', () => {
    const usd = (amount: string) => ({ amount, currencyCode: 'USD' });
    expect(shippingLeftWords(usd('21.10'), usd('1.15'))).toBe(
      'Up to $21.10 of shipping ($19.95 + $1.15 tax) is left to refund.',
    );
    expect(shippingLeftWords(usd('19.95'), usd('0.00'))).toBe('Up to $19.95 of shipping is left to refund.');
  });

  it('puts errors next to the line they are about', () => {
    const sent = [{ lineId: 'l1', quantity: 5 }];
    expect(
      placeRefundErrors(
        [
          {
            field: ['input', 'lines', '0', 'quantity'],
            message: 'Refund a whole number from 1 to 2 of this item.',
          },
          { field: ['lines', '0', 'quantity'], message: 'second' },
          { field: ['input', 'amount'], message: 'Too much.' },
          { field: null, message: 'Something else.' },
        ],
        sent,
      ),
    ).toEqual({
      lines: { l1: 'Refund a whole number from 1 to 2 of this item.' },
      amount: 'Too much.',
      other: ['Something else.'],
    });
  });
});
