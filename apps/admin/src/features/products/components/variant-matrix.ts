import { variantMatrix } from '@stockroom/domain';
import { emptyVariant, rowKey, type OptionValues, type VariantRow } from './product-form-values';

function usableOptions(options: readonly OptionValues[]): OptionValues[] {
  return options.filter((o) => o.values.length > 0);
}

/**
 * The rows for the options as they now are. A row whose option values still exist is kept as it
 * was (with its id and edits); new combinations get new rows priced like the first row. When an
 * option is added or removed, the row that matches on the remaining values keeps its data (and id)
 * for the first combination it maps to.
 */
export function syncVariants(options: readonly OptionValues[], rows: readonly VariantRow[]): VariantRow[] {
  const combos = variantMatrix(usableOptions(options));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const used = new Set<VariantRow>();
  const template = rows[0];
  return combos.map((values) => {
    const exact = byKey.get(rowKey(values));
    if (exact && !used.has(exact)) {
      used.add(exact);
      return { ...exact, optionValues: values, key: rowKey(values) };
    }
    // An option was added or removed: a row whose values are all in this combination (or the other way round).
    const lower = values.map((v) => v.toLowerCase());
    const related = rows.find((row) => {
      if (used.has(row)) return false;
      const mine = row.optionValues.map((v) => v.toLowerCase());
      return mine.every((v) => lower.includes(v)) || lower.every((v) => mine.includes(v));
    });
    if (related && related.optionValues.length !== values.length) {
      used.add(related);
      return { ...related, optionValues: values, key: rowKey(values) };
    }
    return emptyVariant(values, template);
  });
}
