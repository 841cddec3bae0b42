import { STOCK_COLUMN_PREFIX, weightSymbol, type ProductStatus } from '@stockroom/domain';
import type { ProductSortKey } from '../catalog/catalog-list.service.js';
import { listProducts, PRODUCT_LIST_SORTS } from '../catalog/catalog-list.service.js';
import { mediaFileName } from '../catalog/media.service.js';
import { listExporterOf, money, type CsvRow } from '../jobs/list-export.service.js';
import { levelRow, type InventoryLevel } from './inventory.model.js';
import { listLocations } from './location.repository.js';

/**
 * The products list as Shopify's product CSV (issue #29): one row per variant, the product's own
 * fields on its first row; image N on row N (rows of their own, Handle and image only, past the
 * last variant); units on hand per active location in `Stock: <name>` columns. It lives in
 * inventory because those columns are stock, and inventory sits above catalog.
 */

const LEVEL = levelRow.json('il');
const STATUS_WORDS: Record<ProductStatus, string> = {
  ACTIVE: 'active',
  DRAFT: 'draft',
  ARCHIVED: 'archived',
};
const INCLUDE = { variants: true, levels: true, media: true, locations: false, categories: false };

export const productExporter = listExporterOf({
  noun: 'products',
  sortKeys: PRODUCT_LIST_SORTS,
  pageSize: 50,
  extraColumns: async (db) =>
    (await listLocations(db, { activeOnly: true })).map((l) => ({
      name: `${STOCK_COLUMN_PREFIX}${l.name}`,
      ref: l.id,
    })),
  list: (db, { shop, sortKey, ...args }) =>
    listProducts(db, {
      ...args,
      currency: shop.currency,
      sortKey: sortKey as ProductSortKey,
      include: INCLUDE,
    }),
  rows: (_db, page, input) => {
    const relations = page.relations!;
    const weightUnit = weightSymbol(input.shop.weightUnit);
    const currency = input.shop.currency;
    return (p) => {
      const variants = relations.variantsByProduct.get(p.id) ?? [];
      const media = relations.mediaByProduct.get(p.id) ?? [];
      const noOptions = p.options.length === 0;
      const rows: CsvRow[] = [];
      for (let i = 0; i < Math.max(variants.length, media.length, 1); i++) {
        const row: CsvRow = { Handle: p.handle };
        if (i === 0) {
          Object.assign(row, {
            Title: p.title,
            'Body (HTML)': p.description,
            Vendor: p.vendor,
            Type: p.productType,
            Tags: p.tags.join(', '),
            Status: STATUS_WORDS[p.status],
            'SEO Title': p.seoTitle,
            'SEO Description': p.seoDescription,
          });
          // Shopify writes a product without options as one option "Title" of value "Default Title".
          if (noOptions && variants.length) row['Option1 Name'] = 'Title';
          p.options.slice(0, 3).forEach((o, n) => (row[`Option${n + 1} Name`] = o.name));
        }
        const v = variants[i];
        if (v) {
          if (noOptions) row['Option1 Value'] = 'Default Title';
          v.optionValues.slice(0, 3).forEach((value, n) => (row[`Option${n + 1} Value`] = value));
          const levels = ((relations.levelsByVariant.get(v.id) ?? []) as unknown[][]).map(LEVEL.of);
          Object.assign(row, {
            'Variant SKU': v.sku,
            'Variant Grams': v.weightGrams,
            'Variant Inventory Tracker': v.trackInventory ? 'shopify' : '',
            'Variant Inventory Policy': v.allowBackorder ? 'continue' : 'deny',
            'Variant Price': money(v.price, currency),
            'Variant Compare At Price': money(v.compareAtPrice, currency),
            'Variant Barcode': v.barcode,
            'Variant Weight Unit': weightUnit,
            'Cost per item': money(v.costPrice, currency),
            ...stockCells(input.extra, v.trackInventory, levels),
          });
        }
        const m = media[i];
        if (m)
          Object.assign(row, {
            'Image Src': `/media/${mediaFileName(m)}`,
            'Image Position': i + 1,
            'Image Alt Text': m.alt,
          });
        rows.push(row);
      }
      return rows;
    };
  },
});

/** On hand at each chosen location; empty where the variant tracks no stock or has no level there. */
function stockCells(extra: Record<string, string>, tracked: boolean, levels: InventoryLevel[]): CsvRow {
  const cells: CsvRow = {};
  for (const [column, locationId] of Object.entries(extra)) {
    if (!column.startsWith(STOCK_COLUMN_PREFIX)) continue;
    const level = tracked ? levels.find((l) => l.locationId === locationId) : undefined;
    cells[column] = level ? level.onHand : null;
  }
  return cells;
}
