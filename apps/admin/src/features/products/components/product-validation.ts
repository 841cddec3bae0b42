import { parseMoney, productSchema } from '@stockroom/domain';
import type { UserErrorLike } from '../../../lib/user-errors';
import { parseWhole, valuesToInput, type ProductFormValues } from './product-form-values';

/** Messages by field path: "title", "variants.3.price", "options.0.values" … */
export type FieldErrors = Record<string, string>;

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
];

/** A path the form can show next to an input, or null (then the message goes to the banner). */
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

export function splitProductErrors(errors: readonly UserErrorLike[]): {
  fields: FieldErrors;
  banner: string[];
} {
  const fields: FieldErrors = {};
  const banner: string[] = [];
  for (const error of errors) {
    const path = error.field ? formPath(error.field) : null;
    if (path && fields[path] === undefined) fields[path] = error.message;
    else if (!path) banner.push(error.message);
  }
  return { fields, banner };
}

/** The shared rules (packages/domain) run in the browser for instant feedback; the server decides. */
export function validateProduct(values: ProductFormValues, currencyCode: string): FieldErrors {
  const input = valuesToInput(values, null);
  const fields: FieldErrors = {};
  values.variants.forEach((row, i) => {
    if (!row.price.trim()) fields[`variants.${i}.price`] = 'Enter a price, like 19.99.';
    if (Number.isNaN(parseWhole(row.weightGrams)))
      fields[`variants.${i}.weightGrams`] = 'Enter the weight in whole grams.';
    if (Number.isNaN(parseWhole(row.lowStockThreshold)))
      fields[`variants.${i}.lowStockThreshold`] = 'Enter a whole number.';
    // The shared schema checks this only when the rest of the variant is valid; say it at once.
    const price = parseMoney(row.price.trim(), currencyCode);
    const compareAt = row.compareAtPrice.trim() ? parseMoney(row.compareAtPrice.trim(), currencyCode) : null;
    if (price !== null && compareAt !== null && compareAt <= price) {
      fields[`variants.${i}.compareAtPrice`] = 'Compare-at price must be higher than the price.';
    }
  });
  const result = productSchema(currencyCode).safeParse({
    ...input,
    variants: input.variants?.map((v) => ({
      ...v,
      weightGrams: Number.isNaN(v.weightGrams) ? null : v.weightGrams,
      lowStockThreshold: Number.isNaN(v.lowStockThreshold) ? null : v.lowStockThreshold,
    })),
  });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = formPath(issue.path.filter((p): p is string | number => typeof p !== 'symbol'));
      if (path && fields[path] === undefined)
        fields[path] =
          path === 'title' && issue.message === 'Enter a name.' ? 'Enter a title.' : issue.message;
    }
  }
  return fields;
}
