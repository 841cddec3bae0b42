import { describe, expect, it } from 'vitest';
import { emptyVariant, type VariantRow } from './product-form-values';
import { syncVariants } from './variant-matrix';

function row(values: string[], change: Partial<VariantRow> = {}): VariantRow {
  return { ...emptyVariant(values), ...change };
}

describe('syncVariants', () => {
  const size = (values: string[]) => ({ name: 'Size', values });
  const colour = (values: string[]) => ({ name: 'Colour', values });

  it('adds rows for a new value without touching the edited rows', () => {
    const rows = [
      row(['S'], { id: 'var_s', price: '10.00', sku: 'S-1' }),
      row(['M'], { id: 'var_m', price: '12.00' }),
    ];
    const next = syncVariants([size(['S', 'M', 'L'])], rows);
    expect(next.map((r) => r.optionValues.join('/'))).toEqual(['S', 'M', 'L']);
    expect(next[0]).toMatchObject({ id: 'var_s', price: '10.00', sku: 'S-1' });
    expect(next[1]).toMatchObject({ id: 'var_m', price: '12.00' });
    expect(next[2]).toMatchObject({ id: null, sku: '', price: '10.00' });
  });

  it('removes only the rows of a removed value', () => {
    const rows = [
      row(['S'], { id: 'a' }),
      row(['M'], { id: 'b', sku: 'M' }),
      row(['L'], { id: 'c', sku: 'L' }),
    ];
    const next = syncVariants([size(['M', 'L'])], rows);
    expect(next.map((r) => [r.id, r.sku])).toEqual([
      ['b', 'M'],
      ['c', 'L'],
    ]);
  });

  it('keeps a row (and its id) for the first combination when a second option is added, and back', () => {
    const rows = [row(['S'], { id: 'var_s', sku: 'S-1' }), row(['M'], { id: 'var_m', sku: 'M-1' })];
    const grown = syncVariants([size(['S', 'M']), colour(['Red', 'Blue'])], rows);
    expect(grown.map((r) => `${r.optionValues.join('/')}:${r.id ?? '-'}:${r.sku}`)).toEqual([
      'S/Red:var_s:S-1',
      'S/Blue:-:',
      'M/Red:var_m:M-1',
      'M/Blue:-:',
    ]);
    const shrunk = syncVariants([size(['S', 'M'])], grown);
    expect(shrunk.map((r) => `${r.optionValues.join('/')}:${r.id ?? '-'}:${r.sku}`)).toEqual([
      'S:var_s:S-1',
      'M:var_m:M-1',
    ]);
  });

  it('matches values ignoring case and leaves options without values out of the matrix', () => {
    const rows = [row(['s'], { id: 'x', price: '5.00' })];
    const next = syncVariants([size(['S']), colour([])], rows);
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ id: 'x', price: '5.00', optionValues: ['S'] });
  });
});
