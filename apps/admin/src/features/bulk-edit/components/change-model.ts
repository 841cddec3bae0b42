/**
 * The bulk editor's change model (issue #34): one row per variant, every editable value kept as the
 * text the person typed or pasted, so the server judges it ("1.234" reaches it and is refused with
 * its words). The grid and the phone form both edit these rows; `originals` are the rows as loaded.
 */

/** The variant fields the grid edits, named as ProductVariantBulkChange names them. */
export const TEXT_FIELDS = ['sku', 'barcode', 'price', 'compareAtPrice', 'cost', 'weight'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export const MONEY_FIELDS: readonly TextField[] = ['price', 'compareAtPrice', 'cost'];

/** The key of a stock column: on hand at one location. */
export type StockKey = `onHand:${string}`;

export interface VariantRow {
  variantId: string;
  productId: string;
  productTitle: string;
  /** The option values joined ("M / Blue"), "Default" without options. */
  variantTitle: string;
  version: number;
  sku: string;
  barcode: string;
  price: string;
  compareAtPrice: string;
  cost: string;
  /** Grams, as text while edited. */
  weight: string;
  trackInventory: boolean;
  /** On hand per location (`onHand:<locationId>`); "" where the variant has no level there. */
  [stock: StockKey]: string;
}

/** Every column a change can be in: the fields, trackInventory and one per location. */
export type CellKey = TextField | 'trackInventory' | StockKey;

export const stockKey = (locationId: string): StockKey => `onHand:${locationId}`;
export const locationOf = (key: StockKey): string => key.slice('onHand:'.length);
export const isStockKey = (key: string): key is StockKey => key.startsWith('onHand:');

/** The columns of a row that differ from what was loaded. */
export function changedKeys(
  original: VariantRow,
  row: VariantRow,
  locationIds: readonly string[],
): CellKey[] {
  if (original === row) return [];
  const keys: CellKey[] = [];
  for (const field of TEXT_FIELDS)
    if (normalised(field, row[field]) !== normalised(field, original[field])) keys.push(field);
  if (row.trackInventory !== original.trackInventory) keys.push('trackInventory');
  for (const id of locationIds) {
    const key = stockKey(id);
    if ((row[key] ?? '').trim() !== (original[key] ?? '').trim()) keys.push(key);
  }
  return keys;
}

/** A money value as the server wants it: "$1,234.50" → "1234.50", "12,5" → "12.5"; anything else as typed. */
export function normaliseMoney(text: string): string {
  let value = text.trim().replace(/[\s\u00a0]/g, '');
  // Currency signs and codes around the number ("$", "€", "USD").
  value = value.replace(/^[^\d.,-]+|[^\d.,]+$/g, '');
  if (/^-?\d+,\d{1,2}$/.test(value))
    value = value.replace(',', '.'); // a decimal comma
  else if (/^-?\d{1,3}(,\d{3})+(\.\d*)?$/.test(value)) value = value.replace(/,/g, ''); // thousands separators
  return value.replace(/^(-?)0+(?=\d)/, '$1'); // "0000.50" → "0.50"
}

/** A cell's value as it is compared and sent: money normalised, the rest trimmed. */
export function normalised(field: TextField, text: string): string {
  return MONEY_FIELDS.includes(field) ? normaliseMoney(text) : text.trim();
}

export interface ChangeCount {
  cells: number;
  variants: number;
}

/** "12 changes in 8 variants". */
export function countChanges(
  originals: ReadonlyMap<string, VariantRow>,
  rows: readonly VariantRow[],
  locationIds: readonly string[],
): ChangeCount {
  let cells = 0;
  let variants = 0;
  for (const row of rows) {
    const original = originals.get(row.variantId);
    if (!original) continue;
    const n = changedKeys(original, row, locationIds).length;
    if (n > 0) {
      cells += n;
      variants += 1;
    }
  }
  return { cells, variants };
}

export function describeCount({ cells, variants }: ChangeCount): string {
  if (cells === 0) return 'No changes';
  return `${cells.toLocaleString()} ${cells === 1 ? 'change' : 'changes'} in ${variants.toLocaleString()} ${
    variants === 1 ? 'variant' : 'variants'
  }`;
}
