import { describe, expect, it } from 'vitest';
import { countChanges, describeCount, normaliseMoney, stockKey, type VariantRow } from './change-model';
import {
  fillDown,
  parseTsv,
  pasteBlock,
  pushHistory,
  redo,
  startHistory,
  undo,
  type CellRange,
} from './grid-edits';
import { buildSaveRequest } from './save-request';

const A = 'loc-a';
const B = 'loc-b';
const LOCATIONS = [A, B];

function row(n: number, overrides: Partial<VariantRow> = {}): VariantRow {
  return {
    variantId: `v${n}`,
    productId: `p${n}`,
    productTitle: `Shirt ${n}`,
    variantTitle: 'M',
    version: 3,
    sku: `SKU-${n}`,
    barcode: '',
    price: '10.00',
    compareAtPrice: '',
    cost: '4.00',
    weight: '200',
    trackInventory: true,
    [stockKey(A)]: '5',
    [stockKey(B)]: '',
    ...overrides,
  };
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => row(i + 1));
const byId = (list: VariantRow[]) => new Map(list.map((r) => [r.variantId, r]));
const anyCell = () => true;

describe('normaliseMoney', () => {
  it('takes what spreadsheets copy and keeps what the server must judge', () => {
    expect(normaliseMoney('$1,234.50')).toBe('1234.50');
    expect(normaliseMoney(' 19.99 ')).toBe('19.99');
    expect(normaliseMoney('€ 12,5')).toBe('12.5');
    expect(normaliseMoney('12,50 EUR')).toBe('12.50');
    expect(normaliseMoney('1,234,567')).toBe('1234567');
    expect(normaliseMoney('$0,000.50')).toBe('0.50');
    expect(normaliseMoney('007')).toBe('7');
    // Three decimals stay three decimals: the server says "prices have 2".
    expect(normaliseMoney('1.234')).toBe('1.234');
    expect(normaliseMoney('')).toBe('');
    expect(normaliseMoney('abc')).toBe('');
  });
});

describe('diffing and the save request', () => {
  it('counts changed cells and variants, money compared normalised', () => {
    const originals = rows(3);
    const edited = [
      { ...originals[0]!, price: '12.00', sku: 'NEW' },
      { ...originals[1]!, price: '$10.00' },
      { ...originals[2]!, [stockKey(A)]: '7' },
    ];
    expect(countChanges(byId(originals), edited, LOCATIONS)).toEqual({ cells: 3, variants: 2 });
    expect(describeCount({ cells: 12, variants: 8 })).toBe('12 changes in 8 variants');
    expect(describeCount({ cells: 1, variants: 1 })).toBe('1 change in 1 variant');
  });

  it('sends only changed fields with the loaded version, cleared fields as null, stock with expectedOnHand', () => {
    const originals = rows(3);
    const edited = [
      { ...originals[0]!, price: '$1,234.50', compareAtPrice: '', cost: '', weight: '' },
      originals[1]!,
      { ...originals[2]!, [stockKey(A)]: '-2', [stockKey(B)]: '4', trackInventory: true },
    ];
    const request = buildSaveRequest(byId(originals), edited, LOCATIONS);
    expect(request.errors).toEqual([]);
    expect(request.changes).toEqual([
      { variantId: 'v1', expectedVersion: 3, price: '1234.50', cost: null, weight: null },
    ]);
    expect(request.stock).toEqual([
      { variantId: 'v3', locationId: A, onHand: -2, expectedOnHand: 5 },
      { variantId: 'v3', locationId: B, onHand: 4, expectedOnHand: null },
    ]);
    expect(request.negativeStock).toBe(true);
  });

  it('refuses what cannot be sent, on its cell', () => {
    const originals = rows(2);
    const edited = [
      { ...originals[0]!, weight: '1.5', price: '' },
      { ...originals[1]!, [stockKey(A)]: 'ten' },
    ];
    const { errors } = buildSaveRequest(byId(originals), edited, LOCATIONS);
    expect(errors.map((e) => [e.variantId, e.key])).toEqual([
      ['v1', 'price'],
      ['v1', 'weight'],
      ['v2', stockKey(A)],
    ]);
  });
});

describe('paste', () => {
  it('parses a 3-column TSV block of 50 rows into price, compare-at and cost', () => {
    const lines = Array.from({ length: 50 }, (_, i) => `$${i + 1},000.50\t${i + 20}.00\t${i}.5`);
    const block = parseTsv(`${lines.join('\r\n')}\r\n`);
    expect(block).toHaveLength(50);
    expect(block[0]).toEqual(['$1,000.50', '20.00', '0.5']);
    const range: CellRange = { minRow: 0, maxRow: 0, keys: ['price', 'compareAtPrice', 'cost'] };
    const pasted = pasteBlock(rows(60), range, block, anyCell);
    expect(pasted[0]).toMatchObject({ price: '1000.50', compareAtPrice: '20.00', cost: '0.5' });
    expect(pasted[49]).toMatchObject({ price: '50000.50', compareAtPrice: '69.00', cost: '49.5' });
    expect(pasted[50]!.price).toBe('10.00');
    expect(countChanges(byId(rows(60)), pasted, LOCATIONS)).toEqual({ cells: 150, variants: 50 });
  });

  it('reads quoted cells and stops at the grid edges and at cells that take no edits', () => {
    expect(parseTsv('"a\tb"\t"say ""hi"""\nc\td')).toEqual([
      ['a\tb', 'say "hi"'],
      ['c', 'd'],
    ]);
    const base = rows(2).map((r, i) => (i === 1 ? { ...r, trackInventory: false } : r));
    const range: CellRange = { minRow: 0, maxRow: 0, keys: [stockKey(A), 'trackInventory'] };
    const pasted = pasteBlock(base, range, parseTsv('9\tno\n8\tyes\n7\tyes'), (r, key) =>
      key.startsWith('onHand:') ? r.trackInventory : true,
    );
    expect(pasted).toHaveLength(2);
    expect(pasted[0]).toMatchObject({ [stockKey(A)]: '9', trackInventory: false });
    expect(pasted[1]).toMatchObject({ [stockKey(A)]: '5', trackInventory: true });
  });

  it('fills a selection with one pasted value', () => {
    const range: CellRange = { minRow: 1, maxRow: 3, keys: ['price', 'cost'] };
    const pasted = pasteBlock(rows(5), range, [['7.00']], anyCell);
    expect(pasted.map((r) => [r.price, r.cost])).toEqual([
      ['10.00', '4.00'],
      ['7.00', '7.00'],
      ['7.00', '7.00'],
      ['7.00', '7.00'],
      ['10.00', '4.00'],
    ]);
  });
});

describe('fill down, undo and redo', () => {
  it('copies the top cell of each selected column down', () => {
    const base = rows(4).map((r, i) => (i === 0 ? { ...r, price: '99.00', sku: 'TOP' } : r));
    const filled = fillDown(base, { minRow: 0, maxRow: 2, keys: ['price', null] }, anyCell);
    expect(filled.map((r) => r.price)).toEqual(['99.00', '99.00', '99.00', '10.00']);
    expect(filled[1]!.sku).toBe('SKU-2');
  });

  it('walks back and forth through the rows arrays', () => {
    const first = rows(2);
    const second = pasteBlock(first, { minRow: 0, maxRow: 0, keys: ['price'] }, [['1.00']], anyCell);
    const third = fillDown(second, { minRow: 0, maxRow: 1, keys: ['price'] }, anyCell);
    let history = pushHistory(pushHistory(startHistory(first), second), third);
    expect(history.present.map((r) => r.price)).toEqual(['1.00', '1.00']);
    history = undo(history);
    expect(history.present).toBe(second);
    history = undo(history);
    expect(history.present).toBe(first);
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.present).toBe(second);
    // A new edit after an undo drops what could be redone.
    history = pushHistory(history, first);
    expect(history.future).toEqual([]);
    expect(redo(history)).toBe(history);
  });
});
