import { describe, expect, it } from 'vitest';
import {
  buildChanges,
  canRemove,
  hasChanges,
  initialEditState,
  minimumQuantity,
  minimumWords,
  paymentDelta,
  placeEditErrors,
  stockChangeWords,
  type EditLineView,
} from './edit-plan';

const shirt: EditLineView = { id: 'l1', quantity: 3, fulfilledQuantity: 2, refundedQuantity: 0 };
const mug: EditLineView = { id: 'l2', quantity: 2, fulfilledQuantity: 0, refundedQuantity: 0 };
const usd = (amount: string) => ({ amount, currencyCode: 'USD' });

describe('edit plan', () => {
  it('never goes below what shipped or was refunded, and says why', () => {
    expect(minimumQuantity(shirt)).toBe(2);
    expect(minimumWords(shirt)).toBe('2 shipped');
    expect(minimumWords({ ...shirt, refundedQuantity: 1 })).toBe('2 shipped, 1 refunded');
    expect(minimumQuantity({ ...shirt, refundedQuantity: 3 })).toBe(3);
    expect(minimumQuantity(mug)).toBe(0);
    expect(minimumWords(mug)).toBeNull();
    expect(canRemove(mug)).toBe(true);
    expect(canRemove(shirt)).toBe(false);
  });

  it('asks nothing while the order is as it was', () => {
    const state = initialEditState([shirt, mug], 'SAVE10');
    const built = buildChanges([shirt, mug], state, { discountCode: 'SAVE10' });
    expect(built.changes).toEqual({});
    expect(hasChanges(built.changes)).toBe(false);
  });

  it('sends only what differs', () => {
    const state = {
      ...initialEditState([shirt, mug], null),
      quantities: { l1: 2, l2: 0 },
      prices: { l1: { price: ' 30.00 ', reason: ' loyal ' }, l2: { price: '5', reason: 'x' } },
      added: [
        { key: 'a1', variantId: 'v9', title: 'Cap', sku: null, price: usd('12.00'), quantity: 1 },
        { key: 'a2', variantId: 'v8', title: 'Hat', sku: null, price: usd('9.00'), quantity: 0 },
      ],
      custom: [
        { key: 'c1', title: ' Gift wrap ', price: '4', quantity: 1, taxable: false, requiresShipping: false },
      ],
      shipping: { kind: 'rate' as const, rateId: 'r1' },
    };
    const built = buildChanges([shirt, mug], state, { discountCode: null });
    expect(built.changes).toEqual({
      setQuantities: [
        { orderLineId: 'l1', quantity: 2 },
        { orderLineId: 'l2', quantity: 0 },
      ],
      // The removed line's price is not sent.
      setPrices: [{ orderLineId: 'l1', price: '30.00', reason: 'loyal' }],
      addVariants: [{ variantId: 'v9', quantity: 1 }],
      addCustomItems: [
        { title: 'Gift wrap', price: '4', quantity: 1, taxable: false, requiresShipping: false },
      ],
      shipping: { rateId: 'r1' },
    });
    expect(built.addedKeys).toEqual(['a1']);
    expect(built.customKeys).toEqual(['c1']);
    expect(hasChanges(built.changes)).toBe(true);
  });

  it('sends custom shipping and discount changes', () => {
    const base = initialEditState([mug], 'SAVE10');
    const custom = buildChanges(
      [mug],
      { ...base, shipping: { kind: 'custom', title: 'Courier', price: '9.50' } },
      { discountCode: 'SAVE10' },
    );
    expect(custom.changes).toEqual({ shipping: { customTitle: 'Courier', customPrice: '9.50' } });
    expect(buildChanges([mug], { ...base, discountCode: '' }, { discountCode: 'SAVE10' }).changes).toEqual({
      discount: { code: null, minimumOverrideReason: null },
    });
    // Same code, other case: no change; a kept code with a reason: sent with it.
    expect(
      buildChanges([mug], { ...base, discountCode: 'save10' }, { discountCode: 'SAVE10' }).changes,
    ).toEqual({});
    expect(
      buildChanges([mug], { ...base, minimumOverrideReason: 'promised' }, { discountCode: 'SAVE10' }).changes,
    ).toEqual({ discount: { code: 'SAVE10', minimumOverrideReason: 'promised' } });
  });

  it('puts userErrors next to what they are about', () => {
    const state = {
      ...initialEditState([shirt, mug], null),
      quantities: { l1: 1, l2: 5 },
      prices: { l2: { price: '1', reason: '' } },
      added: [{ key: 'a1', variantId: 'v9', title: 'Cap', sku: null, price: usd('12.00'), quantity: 4 }],
      custom: [{ key: 'c1', title: '', price: '4', quantity: 1, taxable: true, requiresShipping: true }],
    };
    const built = buildChanges([shirt, mug], state, { discountCode: null });
    const placed = placeEditErrors(
      [
        { field: ['changes', 'setQuantities', '0', 'quantity'], message: 'Not below 2 shipped.' },
        { field: ['input', 'changes', 'setPrices', '0', 'reason'], message: 'Say why.' },
        { field: ['changes', 'addVariants', '0', 'quantity'], message: 'Only 3 in stock.' },
        { field: ['changes', 'addCustomItems', '0', 'title'], message: 'Name it.' },
        { field: ['changes', 'shipping', 'rateId'], message: 'No such rate.' },
        { field: ['changes', 'discount', 'code'], message: 'Unknown code.' },
        { field: ['input', 'reason'], message: 'Give a reason.' },
        { field: null, message: 'The order changed.' },
      ],
      built,
    );
    expect(placed).toEqual({
      lines: { l1: 'Not below 2 shipped.' },
      prices: { l2: 'Say why.' },
      added: { a1: 'Only 3 in stock.' },
      custom: { c1: 'Name it.' },
      shipping: 'No such rate.',
      discount: 'Unknown code.',
      reason: 'Give a reason.',
      other: ['The order changed.'],
    });
  });

  it('words the stock effects and the payment delta', () => {
    const location = { name: 'Main warehouse' };
    expect(stockChangeWords({ quantity: 1, title: 'Linen Shirt — M', location })).toBe(
      'Commits 1 × Linen Shirt — M at Main warehouse',
    );
    expect(stockChangeWords({ quantity: -2, title: 'Mug', location })).toBe(
      'Releases 2 × Mug at Main warehouse',
    );
    expect(paymentDelta({ outstanding: usd('12.50'), suggestedRefund: usd('0.00') })).toEqual({
      kind: 'owes',
      amount: usd('12.50'),
      words: 'Customer owes $12.50',
    });
    expect(paymentDelta({ outstanding: usd('0.00'), suggestedRefund: usd('3.00') }).words).toBe(
      'Refund $3.00 suggested',
    );
    expect(paymentDelta({ outstanding: usd('0.00'), suggestedRefund: usd('0.00') })).toEqual({
      kind: 'none',
      words: 'No change in payment',
    });
  });
});
