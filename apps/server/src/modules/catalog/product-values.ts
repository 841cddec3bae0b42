import type { ProductRow, VariantRow } from './catalog.tables.js';

/** How products and variants are written down: in audit events, and as productUpdate's input. */

/** A variant as the audit log records it; the id (absent on create) lets undo put a price back. */
export function variantSummary(
  v: Pick<VariantRow, 'title' | 'sku' | 'price' | 'compare_at_price'> & { id?: string },
) {
  return { id: v.id, title: v.title, sku: v.sku, price: v.price, compareAtPrice: v.compare_at_price };
}

/** A deleted variant as its event keeps it: the summary plus what productCreate needs to make it again. */
export function variantRecord(v: VariantRow) {
  return {
    ...variantSummary(v),
    optionValues: v.option_values,
    barcode: v.barcode,
    costPrice: v.cost_price,
    weightGrams: v.weight_grams,
    trackInventory: v.track_inventory,
    allowBackorder: v.allow_backorder,
    lowStockThreshold: v.low_stock_threshold,
  };
}

/** A stored product as productUpdate's input (prices as decimals). */
export function inputFromRow(
  row: ProductRow,
  variants: VariantRow[],
  currencyFormat: (minor: number) => string,
) {
  return {
    title: row.title,
    handle: row.handle,
    description: row.description,
    status: row.status,
    vendor: row.vendor,
    productType: row.product_type,
    categoryId: null as string | null,
    tags: row.tags,
    options: row.options,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    variants: variants.map((v) => ({
      id: v.id,
      optionValues: v.option_values,
      sku: v.sku,
      barcode: v.barcode,
      price: currencyFormat(v.price),
      compareAtPrice: v.compare_at_price === null ? null : currencyFormat(v.compare_at_price),
      costPrice: v.cost_price === null ? null : currencyFormat(v.cost_price),
      weightGrams: v.weight_grams,
      trackInventory: v.track_inventory,
      allowBackorder: v.allow_backorder,
      lowStockThreshold: v.low_stock_threshold,
    })),
  };
}
