import type { Product, Variant } from './catalog.model.js';

/** How products and variants are written down: in audit events, and as productUpdate's input. */

/** A variant as the audit log records it; the id (absent on create) lets undo put a price back. */
export function variantSummary(
  v: Pick<Variant, 'title' | 'sku' | 'price' | 'compareAtPrice'> & { id?: string },
) {
  return { id: v.id, title: v.title, sku: v.sku, price: v.price, compareAtPrice: v.compareAtPrice };
}

/** A deleted variant as its event keeps it: the summary plus what productCreate needs to make it again. */
export function variantRecord(v: Variant) {
  return {
    ...variantSummary(v),
    optionValues: v.optionValues,
    barcode: v.barcode,
    costPrice: v.costPrice,
    weightGrams: v.weightGrams,
    trackInventory: v.trackInventory,
    allowBackorder: v.allowBackorder,
    lowStockThreshold: v.lowStockThreshold,
  };
}

/** A stored product as productUpdate's input (prices as decimals). */
export function inputFromProduct(
  row: Product,
  variants: Variant[],
  currencyFormat: (minor: number) => string,
) {
  return {
    title: row.title,
    handle: row.handle,
    description: row.description,
    status: row.status,
    vendor: row.vendor,
    productType: row.productType,
    categoryId: null as string | null,
    tags: row.tags,
    options: row.options,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    variants: variants.map((v) => ({
      id: v.id,
      optionValues: v.optionValues,
      sku: v.sku,
      barcode: v.barcode,
      price: currencyFormat(v.price),
      compareAtPrice: v.compareAtPrice === null ? null : currencyFormat(v.compareAtPrice),
      costPrice: v.costPrice === null ? null : currencyFormat(v.costPrice),
      weightGrams: v.weightGrams,
      trackInventory: v.trackInventory,
      allowBackorder: v.allowBackorder,
      lowStockThreshold: v.lowStockThreshold,
    })),
  };
}
