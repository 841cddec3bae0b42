import { describe, expect, it } from 'vitest';
import { emptyProductValues } from './product-form-values';
import { formPath, splitProductErrors, validateProduct } from './product-validation';

describe('formPath', () => {
  it('maps server paths to the form fields that show them', () => {
    expect(formPath(['input', 'title'])).toBe('title');
    expect(formPath(['input', 'variants', '3', 'price'])).toBe('variants.3.price');
    expect(formPath(['input', 'variants', '3'])).toBe('variants.3.price');
    expect(formPath(['input', 'options', '1', 'values', '2'])).toBe('options.1.values');
    expect(formPath(['input', 'tags', '4'])).toBe('tags');
    expect(formPath(['input', 'somethingElse'])).toBeNull();
  });

  it('sends what the form cannot show to the banner', () => {
    const split = splitProductErrors([
      { field: ['input', 'handle'], message: 'Taken', code: 'TAKEN' },
      { field: null, message: 'Whole input', code: 'INVALID' },
    ]);
    expect(split).toEqual({ fields: { handle: 'Taken' }, banner: ['Whole input'] });
  });
});

describe('validateProduct', () => {
  it('reports every failing field at once, next to its field', () => {
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
    const errors = validateProduct(values, 'USD');
    expect(Object.keys(errors).sort()).toEqual([
      'handle',
      'title',
      'variants.0.compareAtPrice',
      'variants.0.costPrice',
      'variants.0.sku',
      'variants.0.weightGrams',
    ]);
    expect(errors['title']).toBe('Enter a title.');
  });

  it('accepts a complete product', () => {
    const values = emptyProductValues();
    values.title = 'Linen shirt';
    values.variants = [{ ...values.variants[0]!, price: '19.99' }];
    expect(validateProduct(values, 'USD')).toEqual({});
  });
});
