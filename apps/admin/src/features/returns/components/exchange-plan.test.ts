import { describe, expect, it } from 'vitest';
import { fulfilledWords } from './exchange-card';
import {
  exchangeErrorAt,
  exchangeItemsOf,
  exchangeLinesInput,
  priceDiffers,
  type ExchangeChoice,
} from './exchange-plan';
import { initialReturnChoices, previewSettlement, type ReturnableLine } from './return-plan';

const usd = (amount: string) => ({ amount, currencyCode: 'USD' });

function choice(over: Partial<ExchangeChoice> = {}): ExchangeChoice {
  return {
    variantId: 'V1',
    title: 'Shirt, L',
    sku: 'SH-L',
    todayPrice: usd('20.00'),
    price: '20.00',
    reason: '',
    quantity: 1,
    ...over,
  };
}

describe('exchange choices', () => {
  it('a price differs only when it reads and is not today’s', () => {
    expect(priceDiffers(choice())).toBe(false);
    expect(priceDiffers(choice({ price: '20' }))).toBe(false);
    expect(priceDiffers(choice({ price: '18.50' }))).toBe(true);
    expect(priceDiffers(choice({ price: 'abc' }))).toBe(false);
  });

  it('sends today’s price as null and a changed price with its reason', () => {
    const { lines, errors } = exchangeLinesInput([
      choice({ quantity: 2 }),
      choice({ variantId: 'V2', price: ' 18.50 ', reason: ' Price match ' }),
    ]);
    expect(errors).toEqual({});
    expect(lines).toEqual([
      { variantId: 'V1', quantity: 2, price: null, priceOverrideReason: null },
      { variantId: 'V2', quantity: 1, price: '18.50', priceOverrideReason: 'Price match' },
    ]);
  });

  it('asks for a reason when the price changed, and for a readable price', () => {
    const { errors } = exchangeLinesInput([
      choice({ price: '18.50' }),
      choice({ variantId: 'V2', price: '1.2.3' }),
      choice({ variantId: 'V3', quantity: 0 }),
    ]);
    expect(errors[0]?.reason).toMatch(/why the price differs/i);
    expect(errors[0]?.price).toBeUndefined();
    expect(errors[1]?.price).toMatch(/price like/i);
    expect(errors[2]?.quantity).toBeTruthy();
  });

  it('places server errors on the item and field they name', () => {
    expect(exchangeErrorAt(['input', 'exchangeLines', '1', 'priceOverrideReason'])).toEqual({
      index: 1,
      field: 'reason',
    });
    expect(exchangeErrorAt(['input', 'exchangeLines', '0', 'price'])).toEqual({ index: 0, field: 'price' });
    expect(exchangeErrorAt(['input', 'exchangeLines', '2', 'variantId'])).toEqual({
      index: 2,
      field: 'quantity',
    });
    expect(exchangeErrorAt(['input', 'lines', '0', 'quantity'])).toBeNull();
    expect(exchangeErrorAt(null)).toBeNull();
  });

  it('prices the new items as typed (today’s while unreadable) at the rate given', () => {
    expect(
      exchangeItemsOf([choice({ price: '18.50', quantity: 2 }), choice({ price: 'x' })], '8.875'),
    ).toEqual([
      { unitPrice: 1850, quantity: 2, taxRate: '8.875' },
      { unitPrice: 2000, quantity: 1, taxRate: '8.875' },
    ]);
  });
});

describe('the settlement with an exchange', () => {
  const line: ReturnableLine = {
    id: 'L1',
    quantity: 1,
    refundedQuantity: 0,
    returnCreditedQuantity: 0,
    returnableQuantity: 1,
    subtotal: usd('10.00'),
    discount: usd('0.00'),
    tax: usd('0.80'),
  };
  const order = {
    currencyCode: 'USD',
    pricesIncludeTax: false,
    totalPaid: usd('10.80'),
    totalRefunded: usd('0.00'),
  };
  const choices = {
    ...initialReturnChoices([line]),
    L1: { quantity: 1, reason: 'UNWANTED' as const, note: '' },
  };
  const noFees = { returnShippingFee: '', restockingFeePercent: '' };

  it('new items cost more: the customer owes the difference, nothing is refunded', () => {
    const f = previewSettlement(order, [line], choices, noFees, exchangeItemsOf([choice()], '8.875'));
    // 20.00 + 1.775 → 1.78 tax = 21.78; credit 10.80
    expect(f.newItemsTax).toBe(178);
    expect(f.newItemsTotal).toBe(2178);
    expect(f.difference).toBe(1098);
    expect(f.owed).toBe(1098);
    expect(f.refund).toBe(0);
    expect(f.exchangeCredit).toBe(1080);
  });

  it('new items cost less: the rest goes back', () => {
    const f = previewSettlement(
      order,
      [line],
      choices,
      noFees,
      exchangeItemsOf([choice({ price: '5.00', reason: 'Sale' })], null),
    );
    expect(f.newItemsTax).toBe(0);
    expect(f.difference).toBe(-580);
    expect(f.owed).toBe(0);
    expect(f.refund).toBe(580);
  });

  it('no exchange: as before, the credit back', () => {
    const f = previewSettlement(order, [line], choices, noFees);
    expect(f.newItemsTotal).toBe(0);
    expect(f.refund).toBe(1080);
  });
});

describe('fulfilledWords', () => {
  it('says how much of a new item shipped', () => {
    expect(fulfilledWords({ quantity: 2, fulfilledQuantity: 0 })).toBe('Not shipped');
    expect(fulfilledWords({ quantity: 2, fulfilledQuantity: 1 })).toBe('1 of 2 shipped');
    expect(fulfilledWords({ quantity: 2, fulfilledQuantity: 2 })).toBe('Shipped');
  });
});
