import { variantSchema } from '@stockroom/domain';
import { z } from 'zod';
import { parseWhole, type VariantRow } from './product-form-values';

/** The row as productUpdate takes a variant; text that is not a number is left to the form's own checks. */
function variantInput(row: VariantRow) {
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
    weightGrams: whole(row.weightGrams),
    trackInventory: row.trackInventory,
    allowBackorder: row.allowBackorder,
    lowStockThreshold: whole(row.lowStockThreshold),
  };
}

/**
 * One variant's fields as typed: what only the text can tell (empty price, words for numbers), then
 * the shared variant rules (catalog.ts), each message under its input, every field at once.
 */
export function variantFormSchema(currencyCode: string) {
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
    if (Number.isNaN(parseWhole(row.weightGrams))) say('weightGrams', 'Enter the weight in whole grams.');
    const threshold = parseWhole(row.lowStockThreshold);
    if (threshold !== null && !Number.isInteger(threshold)) say('lowStockThreshold', 'Enter a whole number.');
    const checked = shared.safeParse(variantInput(row));
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string') say(field, issue.message);
    }
  });
}
