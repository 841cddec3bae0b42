import { describe, expect, it } from 'vitest';
import { draftInput, EMPTY_ADDRESS, EMPTY_DRAFT, placeDraftErrors, type DraftLineValues } from './draft-form';

const lamp: DraftLineValues = {
  key: 'a',
  variantId: 'v1',
  title: 'Lamp',
  variantTitle: 'Default',
  sku: 'L-1',
  catalogPrice: { amount: '40.00', currencyCode: 'USD' },
  price: '',
  reason: '',
  quantity: 2,
  taxable: true,
};
const wrap: DraftLineValues = {
  ...lamp,
  key: 'b',
  variantId: null,
  title: 'Gift wrap',
  catalogPrice: null,
  price: '3.00',
  taxable: false,
  quantity: 1,
};

describe('draft form', () => {
  it('sends catalog lines, overrides with their reason, and custom items', () => {
    const input = draftInput({
      ...EMPTY_DRAFT,
      email: ' mia@example.com ',
      shippingAddress: { ...EMPTY_ADDRESS, city: 'Portland' },
      lines: [{ ...lamp, price: '35.00', reason: 'Loyal' }, wrap],
      shipping: { kind: 'rate', rateId: 'r1' },
    });
    expect(input.email).toBe('mia@example.com');
    expect(input.lines).toEqual([
      { variantId: 'v1', quantity: 2, price: '35.00', priceOverrideReason: 'Loyal' },
      { title: 'Gift wrap', price: '3.00', quantity: 1, taxable: false },
    ]);
    expect(input.shipping).toEqual({ shippingRateId: 'r1' });
    // Billing follows shipping unless told otherwise.
    expect(input.billingAddress).toEqual(input.shippingAddress);
    expect(draftInput({ ...EMPTY_DRAFT, lines: [lamp] }).lines).toEqual([{ variantId: 'v1', quantity: 2 }]);
  });

  it('places errors on the line they are about', () => {
    expect(
      placeDraftErrors(
        [
          { field: ['input', 'lines', '1', 'price'], message: 'Enter the price of the item.' },
          { field: ['lines', '0', 'quantity'], message: 'Only 1 available at Warehouse.' },
          { field: ['input', 'shipping', 'shippingRateId'], message: 'No.' },
          { field: ['input', 'shippingAddress', 'city'], message: 'Enter the city.' },
          { field: ['id'], message: 'Already completed.' },
        ],
        [lamp, wrap],
      ),
    ).toEqual({
      lines: { a: 'Only 1 available at Warehouse.', b: 'Enter the price of the item.' },
      // An address's part also by its path, to show under its input.
      fields: {
        shipping: 'No.',
        shippingAddress: 'Enter the city.',
        'shippingAddress.city': 'Enter the city.',
      },
      other: ['Already completed.'],
    });
  });
});
