import { describe, expect, it } from 'vitest';
import { formMessages } from '../../../lib/forms/form-messages';
import { placeUserErrors } from '../../../lib/forms/place-user-errors';
import { formPath, productFormSchema, productUserErrors } from './product-form-schema';
import { emptyProductValues } from './product-form-values';

describe('formPath', () => {
  it('maps server paths to the form fields that show them', () => {
    expect(formPath(['input', 'title'])).toBe('title');
    expect(formPath(['input', 'variants', '3', 'price'])).toBe('variants.3.price');
    expect(formPath(['input', 'variants', '3'])).toBe('variants.3.price');
    expect(formPath(['input', 'options', '1', 'values', '2'])).toBe('options.1.values');
    expect(formPath(['input', 'tags', '4'])).toBe('tags');
    expect(formPath(['input', 'somethingElse'])).toBeNull();
  });

  it('puts server errors under their inputs and sends the rest above the form', () => {
    const values = emptyProductValues();
    const placed = placeUserErrors(
      values,
      productUserErrors([
        { field: ['input', 'handle'], message: 'Taken', code: 'TAKEN' },
        { field: ['input', 'variants', '0', 'sku'], message: 'SKU taken', code: 'TAKEN' },
        { field: null, message: 'Whole input', code: 'INVALID' },
      ]),
      [],
    );
    expect(Object.fromEntries([...placed.fields].map(([path, e]) => [path, e.message]))).toEqual({
      handle: 'Taken',
      'variants.0.sku': 'SKU taken',
    });
    expect(placed.form).toEqual(['Whole input']);
  });
});

describe('productFormSchema', () => {
  it('reports every failing field at once, next to its field', async () => {
    const values = emptyProductValues();
    values.handle = 'Bad Handle';
    values.variants = [
      {
        ...values.variants[0]!,
        price: '10',
        compareAtPrice: '5',
        costPrice: '1.234',
        sku: 'A B',
        weightGrams: '2000000',
      },
    ];
    const messages = await formMessages(productFormSchema('USD'), values);
    expect(Object.keys(messages).sort()).toEqual([
      'handle',
      'title',
      'variants.0.compareAtPrice',
      'variants.0.costPrice',
      'variants.0.sku',
      'variants.0.weightGrams',
    ]);
    expect(messages['title']).toBe('Enter a title.');
  });

  it('says what only the typed text can show', async () => {
    const values = emptyProductValues();
    values.title = 'Linen shirt';
    values.variants = [{ ...values.variants[0]!, price: '', weightGrams: 'heavy' }];
    expect(await formMessages(productFormSchema('USD'), values)).toEqual({
      'variants.0.price': 'Enter a price, like 19.99.',
      'variants.0.weightGrams': 'Enter the weight in g, like 1.5.',
    });
  });

  it('accepts a complete product', async () => {
    const values = emptyProductValues();
    values.title = 'Linen shirt';
    values.variants = [{ ...values.variants[0]!, price: '19.99' }];
    expect(await formMessages(productFormSchema('USD'), values)).toEqual({});
  });
});
