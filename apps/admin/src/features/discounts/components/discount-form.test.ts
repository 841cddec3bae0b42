import { describe, expect, it } from 'vitest';
import { toUserErrors } from '@stockroom/domain';
import { discountFormSchema, discountInput, newDiscountValues, type DiscountValues } from './discount-form';

const ZONE = 'America/New_York';
const base = (over: Partial<DiscountValues> = {}): DiscountValues => ({
  ...newDiscountValues(ZONE, new Date('2026-11-24T17:00:00Z')),
  code: 'WELCOME10',
  ...over,
});

describe('discount form', () => {
  it('sends the values as the API takes them, dates in the store’s zone', () => {
    expect(newDiscountValues(ZONE, new Date('2026-11-24T17:00:00Z')).startsAt).toBe('2026-11-24T12:00');
    expect(
      discountInput(
        base({
          kind: 'FREE_SHIPPING',
          appliesTo: 'PRODUCTS',
          productIds: ['prod_1'],
          collectionIds: ['col_1'],
          minimumSubtotal: ' 50 ',
          minimumQuantity: '3',
          endsAt: '2026-12-01T00:00',
          usageLimit: 100,
        }),
        ZONE,
      ),
    ).toEqual({
      code: 'WELCOME10',
      kind: 'FREE_SHIPPING',
      value: null,
      appliesTo: 'PRODUCTS',
      productIds: ['prod_1'],
      collectionIds: [],
      minimumSubtotal: '50',
      minimumQuantity: 3,
      startsAt: '2026-11-24T17:00:00.000Z',
      endsAt: '2026-12-01T05:00:00.000Z',
      usageLimit: 100,
      oncePerCustomer: false,
    });
  });

  it('checks with the server’s rules and names each field', () => {
    const result = discountFormSchema('USD', ZONE).safeParse(
      base({ code: 'two words', value: '120', endsAt: '2026-11-01T00:00', appliesTo: 'COLLECTIONS' }),
    );
    expect(result.success).toBe(false);
    expect(toUserErrors(result.error!).map((e) => [e.field!.join('.'), e.message])).toEqual([
      ['code', 'Use only letters A–Z, digits, - and _ (no spaces).'],
      ['value', 'Use a percentage from 0.01 to 100.'],
      ['collectionIds', 'Choose at least one collection.'],
      ['endsAt', 'The end must be after the start.'],
    ]);
    expect(discountFormSchema('USD', ZONE).safeParse(base()).success).toBe(true);
  });
});
