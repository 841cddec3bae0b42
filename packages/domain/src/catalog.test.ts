import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMinor, parseMoney } from './money.js';
import { productSchema, slugify, variantMatrix, validate } from './index.js';

describe('money', () => {
  it('parses decimal strings into minor units by currency', () => {
    expect(parseMoney('19.99', 'USD')).toBe(1999);
    expect(parseMoney('19.9', 'USD')).toBe(1990);
    expect(parseMoney('20', 'USD')).toBe(2000);
    expect(parseMoney('19.999', 'USD')).toBeNull();
    expect(parseMoney('1500', 'JPY')).toBe(1500);
    expect(parseMoney('15.5', 'JPY')).toBeNull();
    expect(parseMoney('1.234', 'KWD')).toBe(1234);
    expect(parseMoney('-1', 'USD')).toBeNull();
    expect(parseMoney('1e3', 'USD')).toBeNull();
  });

  it('round-trips every amount up to the SPEC maximum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (minor) => {
        expect(parseMoney(formatMinor(minor, 'USD'), 'USD')).toBe(minor);
      }),
    );
  });
});

describe('handles', () => {
  it('are made from titles', () => {
    expect(slugify('Linen Shirt — Blue!')).toBe('linen-shirt-blue');
    expect(slugify('Crème Brûlée Mug')).toBe('creme-brulee-mug');
    expect(slugify('***')).toBe('');
  });
});

describe('product rules (SPEC §5)', () => {
  const schema = productSchema('USD');
  const base = { title: 'Shirt', variants: [{ price: '10.00' }] };

  it('accepts a simple product and fills defaults', () => {
    const r = validate(schema, base);
    expect(r).toMatchObject({
      ok: true,
      value: {
        title: 'Shirt',
        status: 'DRAFT',
        tags: [],
        handle: null,
        variants: [{ price: 1000, sku: null, trackInventory: true }],
      },
    });
  });

  it('returns every failing field at once', () => {
    const r = validate(
      schema,
      {
        title: ' ',
        handle: 'Not A Handle',
        tags: ['a', 'A', ''],
        options: [{ name: 'Size', values: ['S', 's'] }],
        variants: [
          { optionValues: ['S'], price: '10.001', compareAtPrice: '5', sku: 'has space', weightGrams: -1 },
        ],
      },
      ['input'],
    );
    expect(r.ok).toBe(false);
    const fields = !r.ok ? r.errors.map((e) => `${e.field!.join('.')}: ${e.message}`) : [];
    expect(fields).toEqual(
      expect.arrayContaining([
        'input.title: Enter a name.',
        'input.handle: Use lowercase letters, digits and single hyphens, like linen-shirt.',
        'input.tags.2: A tag cannot be empty.',
        'input.options.0.values.1: "s" is already a value of this option.',
        'input.variants.0.price: Enter an amount like 19.99, with at most 2 decimals.',
        'input.variants.0.sku: A SKU cannot contain spaces.',
        'input.variants.0.weightGrams: Weight cannot be negative.',
      ]),
    );
  });

  it('requires compare-at above the price, and caps money', () => {
    const r = validate(schema, {
      title: 'x',
      variants: [{ price: '10', compareAtPrice: '10' }, { price: '100000000' }],
    });
    expect(!r.ok && r.errors.map((e) => e.message)).toEqual([
      'Compare-at price must be higher than the price.',
      'Enter at most 99999999.99.',
      'Another variant is already the default.',
    ]);
  });

  it('checks compare-at even when another field of the variant failed', () => {
    const r = validate(schema, {
      title: 'X',
      variants: [{ price: '10.00', compareAtPrice: '5.00', costPrice: '1.234' }],
    });
    expect(!r.ok && r.errors.map((e) => e.field!.join('.'))).toEqual([
      'variants.0.costPrice',
      'variants.0.compareAtPrice',
    ]);
  });

  it('limits options, values, variants and tags', () => {
    const tooMany = validate(schema, {
      title: 'x',
      options: [1, 2, 3, 4].map((i) => ({ name: `O${i}`, values: ['a'] })),
      tags: Array.from({ length: 251 }, (_, i) => `t${i}`),
      variants: Array.from({ length: 2001 }, () => ({ price: '1' })),
    });
    expect(!tooMany.ok && tooMany.errors.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        'A product can have at most 3 options.',
        'A product can have at most 250 tags.',
        'A product can have at most 2,000 variants.',
      ]),
    );
  });

  it('dedupes tags ignoring case and trims them', () => {
    const r = validate(schema, { ...base, tags: [' Summer ', 'summer', 'Linen'] });
    expect(r.ok && r.value.tags).toEqual(['Summer', 'Linen']);
  });

  it('refuses two variants with the same option values, and values not of the option', () => {
    const r = validate(schema, {
      title: 'x',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { optionValues: ['S'], price: '1' },
        { optionValues: ['s'], price: '1' },
        { optionValues: ['XL'], price: '1' },
      ],
    });
    expect(!r.ok && r.errors.map((e) => e.message)).toEqual([
      'Another variant is already s.',
      '"XL" is not a value of Size.',
    ]);
  });

  it('builds the variant matrix', () => {
    expect(variantMatrix([{ values: ['S', 'M', 'L'] }, { values: ['Red', 'Blue'] }])).toHaveLength(6);
    expect(variantMatrix([])).toEqual([[]]);
  });
});
