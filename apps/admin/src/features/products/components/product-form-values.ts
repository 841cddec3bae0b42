import { gramsToUnitText, unitTextToGrams, type WeightUnit } from '@stockroom/domain';
import type { ProductFieldsFragment, ProductInput, ProductStatus } from '../../../gql/graphql';

/** One row of the variant matrix as the form edits it: every number is the text the person typed. */
export interface VariantRow {
  /** The option values, lowercased and joined: rows are matched by it when options change. */
  key: string;
  id: string | null;
  optionValues: string[];
  sku: string;
  barcode: string;
  price: string;
  compareAtPrice: string;
  costPrice: string;
  /** In the store's weight unit, as typed. */
  weightGrams: string;
  trackInventory: boolean;
  allowBackorder: boolean;
  lowStockThreshold: string;
  /** A new variant's units on hand as it is saved, by location id, as typed ("" for none). */
  startingStock: Record<string, string>;
}

export interface OptionValues {
  name: string;
  values: string[];
}

export interface ProductFormValues {
  title: string;
  handle: string;
  description: string;
  status: ProductStatus;
  vendor: string;
  productType: string;
  categoryId: string | null;
  tags: string[];
  seoTitle: string;
  seoDescription: string;
  options: OptionValues[];
  variants: VariantRow[];
}

export function rowKey(optionValues: readonly string[]): string {
  return optionValues.map((v) => v.trim().toLowerCase()).join('\u0000');
}

export function emptyVariant(optionValues: string[], template?: VariantRow): VariantRow {
  return {
    key: rowKey(optionValues),
    id: null,
    optionValues,
    sku: '',
    barcode: '',
    price: template?.price ?? '',
    compareAtPrice: template?.compareAtPrice ?? '',
    costPrice: template?.costPrice ?? '',
    weightGrams: template?.weightGrams ?? '',
    trackInventory: template?.trackInventory ?? true,
    allowBackorder: template?.allowBackorder ?? false,
    lowStockThreshold: '',
    startingStock: {},
  };
}

export function emptyProductValues(): ProductFormValues {
  return {
    title: '',
    handle: '',
    description: '',
    status: 'DRAFT',
    vendor: '',
    productType: '',
    categoryId: null,
    tags: [],
    seoTitle: '',
    seoDescription: '',
    options: [],
    variants: [emptyVariant([])],
  };
}

export function productToValues(product: ProductFieldsFragment, unit: WeightUnit = 'G'): ProductFormValues {
  return {
    title: product.title,
    handle: product.handle,
    description: product.description,
    status: product.status,
    vendor: product.vendor ?? '',
    productType: product.productType ?? '',
    categoryId: product.category?.id ?? null,
    tags: [...product.tags],
    seoTitle: product.seoTitle ?? '',
    seoDescription: product.seoDescription ?? '',
    options: product.options.map((o) => ({ name: o.name, values: [...o.values] })),
    variants: product.variants.map((v) => ({
      key: rowKey(v.optionValues),
      id: v.id,
      optionValues: [...v.optionValues],
      sku: v.sku ?? '',
      barcode: v.barcode ?? '',
      price: v.price.amount,
      compareAtPrice: v.compareAtPrice?.amount ?? '',
      costPrice: v.costPrice?.amount ?? '',
      weightGrams: gramsToUnitText(v.weightGrams, unit),
      trackInventory: v.trackInventory,
      allowBackorder: v.allowBackorder,
      lowStockThreshold:
        v.lowStockThreshold === null || v.lowStockThreshold === undefined ? '' : String(v.lowStockThreshold),
      startingStock: {},
    })),
  };
}

/** A whole number typed in a box: null when empty, NaN when it is not a number. */
export function parseWhole(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A new tracked variant's starting stock for the input: the locations given units (none when empty). */
function startingStockInput(row: VariantRow): { startingStock?: { locationId: string; quantity: number }[] } {
  if (row.id || !row.trackInventory) return {};
  const stock = Object.entries(row.startingStock ?? {}).flatMap(([locationId, text]) => {
    const quantity = parseWhole(text);
    return quantity ? [{ locationId, quantity }] : [];
  });
  return stock.length ? { startingStock: stock } : {};
}

/** The mutation input: the whole product (variants left out are removed by the server). */
export function valuesToInput(
  values: ProductFormValues,
  version: number | null,
  unit: WeightUnit = 'G',
): ProductInput {
  return {
    title: values.title,
    handle: values.handle.trim(),
    description: values.description,
    status: values.status,
    vendor: values.vendor,
    productType: values.productType,
    categoryId: values.categoryId,
    tags: values.tags,
    seoTitle: values.seoTitle,
    seoDescription: values.seoDescription,
    options: values.options.map((o) => ({ name: o.name, values: o.values })),
    variants: values.variants.map((v) => ({
      ...(v.id ? { id: v.id } : {}),
      optionValues: v.optionValues,
      sku: v.sku.trim(),
      barcode: v.barcode.trim(),
      price: v.price.trim() || '0',
      compareAtPrice: v.compareAtPrice.trim() || null,
      costPrice: v.costPrice.trim() || null,
      weightGrams: unitTextToGrams(v.weightGrams, unit),
      trackInventory: v.trackInventory,
      allowBackorder: v.allowBackorder,
      lowStockThreshold: parseWhole(v.lowStockThreshold),
      ...startingStockInput(v),
    })),
    ...(version === null ? {} : { version }),
  };
}

export function sameValues(a: ProductFormValues, b: ProductFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
