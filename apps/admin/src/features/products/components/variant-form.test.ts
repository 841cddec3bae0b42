import { describe, expect, it } from 'vitest';
import { formMessages } from '../../../lib/forms/form-messages';
import { emptyVariant } from './product-form-values';
import { variantFormSchema } from './variant-form-schema';

const row = { ...emptyVariant([]), id: 'gid-v', price: '10' };

describe('variant form', () => {
  it('names every wrong field at once, under its input', async () => {
    expect(
      await formMessages(variantFormSchema('USD'), {
        ...row,
        price: '',
        costPrice: '1.234',
        sku: 'A B',
        weightGrams: 'heavy',
        lowStockThreshold: '2.5',
      }),
    ).toEqual({
      price: 'Enter a price, like 19.99.',
      costPrice: 'Enter an amount like 19.99, with at most 2 decimals.',
      sku: 'A SKU cannot contain spaces.',
      weightGrams: 'Enter the weight in g, like 1.5.',
      lowStockThreshold: 'Enter a whole number.',
    });
  });

  it('checks the compare-at price against the price, and the limits of the shared rules', async () => {
    expect(
      await formMessages(variantFormSchema('USD'), {
        ...row,
        compareAtPrice: '5',
        weightGrams: '2000000',
        lowStockThreshold: '-1',
      }),
    ).toEqual({
      compareAtPrice: 'Compare-at price must be higher than the price.',
      weightGrams: 'Enter at most 1,000,000 g.',
      lowStockThreshold: 'Use 0 or more.',
    });
    expect(await formMessages(variantFormSchema('JPY'), { ...row, price: '10.50' })).toEqual({
      price: 'Enter a whole amount, like 20.',
    });
    expect(await formMessages(variantFormSchema('USD'), { ...row, compareAtPrice: '12.00' })).toEqual({});
  });

  it('reads the weight in the store’s unit and names its limit in that unit', async () => {
    expect(await formMessages(variantFormSchema('USD', 'KG'), { ...row, weightGrams: '1.5' })).toEqual({});
    expect(await formMessages(variantFormSchema('USD', 'KG'), { ...row, weightGrams: '1000.001' })).toEqual({
      weightGrams: 'Enter at most 1,000 kg.',
    });
    expect(await formMessages(variantFormSchema('USD', 'LB'), { ...row, weightGrams: 'a lot' })).toEqual({
      weightGrams: 'Enter the weight in lb, like 1.5.',
    });
  });
});
