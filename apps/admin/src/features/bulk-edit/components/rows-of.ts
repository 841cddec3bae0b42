import type { BulkVariantFieldsFragment } from '../../../gql/graphql';
import { changedKeys, stockKey, type VariantRow } from './change-model';

/** A grid row from a variant as the server has it; "" where the variant has no level at a location. */
export function rowOf(
  product: { id: string; title: string },
  variant: BulkVariantFieldsFragment,
  locationIds: readonly string[],
): VariantRow {
  const row: VariantRow = {
    variantId: variant.id,
    productId: product.id,
    productTitle: product.title,
    variantTitle: variant.title,
    version: variant.version,
    sku: variant.sku ?? '',
    barcode: variant.barcode ?? '',
    price: variant.price.amount,
    compareAtPrice: variant.compareAtPrice?.amount ?? '',
    cost: variant.costPrice?.amount ?? '',
    weight: variant.weightGrams == null ? '' : String(variant.weightGrams),
    trackInventory: variant.trackInventory,
  };
  for (const id of locationIds) {
    const level = variant.inventoryLevels.find((l) => l.location.id === id);
    row[stockKey(id)] = level ? String(level.onHand) : '';
  }
  return row;
}

/**
 * A row edited against an older load, moved onto the row as it is now ("Reload those rows"): the
 * person's changed cells kept, everything else (and the version) from the fresh row.
 */
export function rebaseRow(
  original: VariantRow,
  edited: VariantRow,
  fresh: VariantRow,
  locationIds: readonly string[],
): VariantRow {
  const keys = changedKeys(original, edited, locationIds);
  if (keys.length === 0) return fresh;
  const row: VariantRow = { ...fresh };
  for (const key of keys) {
    if (key === 'trackInventory') row.trackInventory = edited.trackInventory;
    else row[key] = edited[key] ?? '';
  }
  return row;
}
