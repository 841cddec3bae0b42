import {
  CATALOG_LIMITS,
  maxWeightInUnit,
  parseMoney,
  productSchema,
  unitTextToGrams,
  weightSymbol,
  type WeightUnit,
} from '@stockroom/domain';
import { z } from 'zod';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { parseWhole, valuesToInput, type ProductFormValues } from './product-form-values';

const TOP_FIELDS = [
  'title',
  'handle',
  'description',
  'status',
  'vendor',
  'productType',
  'categoryId',
  'tags',
  'seoTitle',
  'seoDescription',
  'options',
  'variants',
];
const VARIANT_FIELDS = [
  'sku',
  'barcode',
  'price',
  'compareAtPrice',
  'costPrice',
  'weightGrams',
  'lowStockThreshold',
  'optionValues',
  'startingStock',
];

/**
 * The input of the editor that shows a message about this path of the product's input, or null
 * (then the message goes above the form): a variant's own rule shows under its price, a bad option
 * value or tag under the one input that holds them all.
 */
export function formPath(path: readonly (string | number)[]): string | null {
  const parts = path.map(String);
  if (parts[0] === 'input') parts.shift();
  const [top, index, field] = parts;
  if (!top || !TOP_FIELDS.includes(top)) return null;
  if (top === 'variants' && index !== undefined) {
    return field && VARIANT_FIELDS.includes(field) ? `variants.${index}.${field}` : `variants.${index}.price`;
  }
  if (top === 'options' && index !== undefined)
    return `options.${index}.${field === 'name' ? 'name' : 'values'}`;
  if (top === 'tags') return 'tags';
  return top;
}

/** The server's userErrors with their paths turned into the editor's inputs, for placeUserErrors. */
export function productUserErrors(errors: readonly PlaceableUserError[]): PlaceableUserError[] {
  return errors.map((error) => {
    const path = error.field ? formPath(error.field) : null;
    return { ...error, field: path === null ? null : path.split('.') };
  });
}

/**
 * The editor's values as typed: what only the text can tell (empty price, words for numbers, a
 * compare-at price not above the price), then the shared product rules (catalog.ts) over the input
 * that would be sent, each message under its input, every field at once.
 */
export function productFormSchema(currencyCode: string, unit: WeightUnit = 'G') {
  const shared = productSchema(currencyCode);
  return z.looseObject({}).superRefine((value, ctx) => {
    const values = value as unknown as ProductFormValues;
    const said = new Set<string>();
    const say = (field: string, message: string) => {
      if (said.has(field)) return;
      said.add(field);
      ctx.addIssue({ code: 'custom', path: field.split('.'), message });
    };
    values.variants.forEach((row, i) => {
      if (!row.price.trim()) say(`variants.${i}.price`, 'Enter a price, like 19.99.');
      const grams = unitTextToGrams(row.weightGrams, unit);
      if (grams !== null && Number.isNaN(grams))
        say(`variants.${i}.weightGrams`, `Enter the weight in ${weightSymbol(unit)}, like 1.5.`);
      else if (grams !== null && grams > CATALOG_LIMITS.weightGrams)
        say(`variants.${i}.weightGrams`, `Enter at most ${maxWeightInUnit(unit)}.`);
      if (Number.isNaN(parseWhole(row.lowStockThreshold)))
        say(`variants.${i}.lowStockThreshold`, 'Enter a whole number.');
      if (
        !row.id &&
        Object.values(row.startingStock ?? {}).some((text) => {
          const n = parseWhole(text);
          return n !== null && (!Number.isInteger(n) || n < 0);
        })
      )
        say(`variants.${i}.startingStock`, 'Enter whole numbers of units, 0 or more.');
      // The shared schema checks this only when the rest of the variant is valid; say it at once.
      const price = parseMoney(row.price.trim(), currencyCode);
      const compareAt = row.compareAtPrice.trim()
        ? parseMoney(row.compareAtPrice.trim(), currencyCode)
        : null;
      if (price !== null && compareAt !== null && compareAt <= price)
        say(`variants.${i}.compareAtPrice`, 'Compare-at price must be higher than the price.');
    });
    const input = valuesToInput(values, null, unit);
    const checked = shared.safeParse({
      ...input,
      variants: input.variants?.map((v) => ({
        ...v,
        weightGrams: Number.isNaN(v.weightGrams) ? null : v.weightGrams,
        lowStockThreshold: Number.isNaN(v.lowStockThreshold) ? null : v.lowStockThreshold,
      })),
    });
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      const path = formPath(issue.path.filter((p): p is string | number => typeof p !== 'symbol'));
      if (path === null) continue;
      say(path, path === 'title' && issue.message === 'Enter a name.' ? 'Enter a title.' : issue.message);
    }
  });
}
