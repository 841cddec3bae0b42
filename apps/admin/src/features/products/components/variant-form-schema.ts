import {
  CATALOG_LIMITS,
  maxWeightInUnit,
  unitTextToGrams,
  variantSchema,
  weightSymbol,
  type WeightUnit,
} from '@stockroom/domain';
import { z } from 'zod';
import { parseWhole, type VariantRow } from './product-form-values';

/** The row as productUpdate takes a variant; text that is not a number is left to the form's own checks. */
function variantInput(row: VariantRow, unit: WeightUnit) {
  const whole = (text: string) => {
    const n = parseWhole(text);
    return Number.isNaN(n) ? null : n;
  };
  return {
    optionValues: row.optionValues,
    sku: row.sku.trim(),
    barcode: row.barcode.trim(),
    price: row.price.trim() || '0',
    compareAtPrice: row.compareAtPrice.trim() || null,
    costPrice: row.costPrice.trim() || null,
    weightGrams: ((g) => (Number.isNaN(g) ? null : g))(unitTextToGrams(row.weightGrams, unit)),
    trackInventory: row.trackInventory,
    allowBackorder: row.allowBackorder,
    lowStockThreshold: whole(row.lowStockThreshold),
  };
}

/**
 * One variant's fields as typed: what only the text can tell (empty price, words for numbers), then
 * the shared variant rules (catalog.ts), each message under its input, every field at once.
 */
export function variantFormSchema(currencyCode: string, unit: WeightUnit = 'G') {
  const shared = variantSchema(currencyCode);
  return z.looseObject({}).superRefine((value, ctx) => {
    const row = value as unknown as VariantRow;
    const said = new Set<string>();
    const say = (field: string, message: string) => {
      if (said.has(field)) return;
      said.add(field);
      ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (!row.price.trim()) say('price', 'Enter a price, like 19.99.');
    const grams = unitTextToGrams(row.weightGrams, unit);
    if (grams !== null && Number.isNaN(grams))
      say('weightGrams', `Enter the weight in ${weightSymbol(unit)}, like 1.5.`);
    else if (grams !== null && grams > CATALOG_LIMITS.weightGrams)
      say('weightGrams', `Enter at most ${maxWeightInUnit(unit)}.`);
    const threshold = parseWhole(row.lowStockThreshold);
    if (threshold !== null && !Number.isInteger(threshold)) say('lowStockThreshold', 'Enter a whole number.');
    const checked = shared.safeParse(variantInput(row, unit));
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string') say(field, issue.message);
    }
  });
}
