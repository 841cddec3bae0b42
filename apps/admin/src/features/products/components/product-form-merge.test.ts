import { describe, expect, it } from 'vitest';
import { mergeEdits } from './product-form-merge';
import { emptyProductValues, type ProductFormValues } from './product-form-values';

const base: ProductFormValues = { ...emptyProductValues(), title: 'Linen Apron', vendor: 'Acme' };

describe('mergeEdits', () => {
  it('keeps what I typed where they changed nothing, and takes their change where I typed nothing', () => {
    const mine = { ...base, productType: 'Aprons' };
    const theirs = { ...base, vendor: 'Maya Textiles' };
    const { merged, mineOnTop, conflicts } = mergeEdits(base, mine, theirs);
    expect(merged).toEqual({ ...base, vendor: 'Maya Textiles', productType: 'Aprons' });
    expect(mineOnTop).toEqual(merged);
    expect(conflicts).toEqual([]);
  });

  it('shows their value where both changed a part, and keeps mine for "Use my values"', () => {
    const mine = { ...base, title: 'Apron (mine)', tags: ['gift'] };
    const theirs = { ...base, title: 'Apron (theirs)' };
    const { merged, mineOnTop, conflicts } = mergeEdits(base, mine, theirs);
    expect(merged).toEqual({ ...base, title: 'Apron (theirs)', tags: ['gift'] });
    expect(mineOnTop).toEqual({ ...base, title: 'Apron (mine)', tags: ['gift'] });
    expect(conflicts).toEqual(['title']);
  });

  it('is no conflict when both typed the same', () => {
    const mine = { ...base, title: 'Same' };
    const { merged, conflicts } = mergeEdits(base, mine, { ...base, title: 'Same' });
    expect(merged.title).toBe('Same');
    expect(conflicts).toEqual([]);
  });

  it('takes options and variant rows together', () => {
    const mine = { ...base, options: [{ name: 'Size', values: ['S', 'M'] }] };
    const theirs = { ...base, variants: [{ ...base.variants[0]!, price: '20.00' }] };
    const { merged, conflicts } = mergeEdits(base, mine, theirs);
    expect(merged.options).toEqual(theirs.options);
    expect(merged.variants).toEqual(theirs.variants);
    expect(conflicts).toEqual(['options', 'variants']);
  });
});
