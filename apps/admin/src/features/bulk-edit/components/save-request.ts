import {
  changedKeys,
  isStockKey,
  locationOf,
  normalised,
  type CellKey,
  type TextField,
  type VariantRow,
} from './change-model';

/** ProductVariantBulkChange: only the fields that changed, with the version the grid loaded. */
export interface BulkChange {
  variantId: string;
  expectedVersion: number;
  price?: string;
  compareAtPrice?: string | null;
  cost?: string | null;
  sku?: string | null;
  barcode?: string | null;
  weight?: number | null;
  trackInventory?: boolean;
}

/** ProductVariantBulkStock: a level's new on hand, with what the grid loaded (null: no level yet). */
export interface BulkStock {
  variantId: string;
  locationId: string;
  onHand: number;
  expectedOnHand: number | null;
}

/** A problem shown on one cell (found here before sending, or answered by the server). */
export interface CellError {
  variantId: string;
  /** The cell's column, or "row" for the whole row. */
  key: CellKey | 'row';
  message: string;
  code?: string;
}

export interface SaveRequest {
  changes: BulkChange[];
  stock: BulkStock[];
  /** Cells that cannot be sent as they are (not a whole number…); when any, nothing is sent. */
  errors: CellError[];
  /** Whether a level would go below 0 (the save asks first and sends allowNegativeStock). */
  negativeStock: boolean;
}

const INTEGER = /^-?\d+$/;

/**
 * What a save sends: per changed row a change with only its changed fields (cleared optional
 * fields as null) and a stock entry per changed level. Pure, so the grid and the phone form send
 * the same thing for the same edits.
 */
export function buildSaveRequest(
  originals: ReadonlyMap<string, VariantRow>,
  rows: readonly VariantRow[],
  locationIds: readonly string[],
): SaveRequest {
  const changes: BulkChange[] = [];
  const stock: BulkStock[] = [];
  const errors: CellError[] = [];
  let negativeStock = false;
  for (const row of rows) {
    const original = originals.get(row.variantId);
    if (!original) continue;
    const keys = changedKeys(original, row, locationIds);
    if (keys.length === 0) continue;
    const change: BulkChange = { variantId: row.variantId, expectedVersion: original.version };
    let fieldChanged = false;
    for (const key of keys) {
      if (isStockKey(key)) {
        const text = (row[key] ?? '').trim();
        const loaded = (original[key] ?? '').trim();
        if (!INTEGER.test(text)) {
          errors.push({
            variantId: row.variantId,
            key,
            message:
              text === ''
                ? 'On hand needs a number (0 for none).'
                : `On hand "${text}" isn't a whole number.`,
          });
          continue;
        }
        const onHand = Number(text);
        if (onHand < 0) negativeStock = true;
        stock.push({
          variantId: row.variantId,
          locationId: locationOf(key),
          onHand,
          expectedOnHand: loaded === '' ? null : Number(loaded),
        });
        continue;
      }
      fieldChanged = true;
      if (key === 'trackInventory') {
        change.trackInventory = row.trackInventory;
        continue;
      }
      const error = setField(change, key, normalised(key, row[key]));
      if (error) errors.push({ variantId: row.variantId, key, message: error });
    }
    if (fieldChanged) changes.push(change);
  }
  return { changes, stock, errors, negativeStock };
}

/** Puts one field's value on the change; answers what is wrong with it when it can't be sent. */
function setField(change: BulkChange, field: TextField, value: string): string | null {
  switch (field) {
    case 'price':
      if (value === '') return 'A variant needs a price.';
      change.price = value;
      return null;
    case 'compareAtPrice':
    case 'cost':
    case 'sku':
    case 'barcode':
      change[field] = value === '' ? null : value;
      return null;
    case 'weight':
      if (value === '') change.weight = null;
      else if (!INTEGER.test(value)) return `Weight "${value}" isn't a whole number of grams.`;
      else change.weight = Number(value);
      return null;
  }
}

/** "Row 12 · SKU: SKU TS-1 is already used…" */
export const COLUMN_WORDS: Record<string, string> = {
  sku: 'SKU',
  barcode: 'Barcode',
  price: 'Price',
  compareAtPrice: 'Compare-at price',
  cost: 'Cost',
  weight: 'Weight',
  trackInventory: 'Track inventory',
  row: 'Row',
};
