import { formatMinor } from '@stockroom/domain';
import type { CsvRecord, ImportContext, Importer, ImportRowResult } from '../jobs/import.model.js';
import { mediaOfProducts } from '../catalog/media.service.js';
import { variantsOfProducts } from '../catalog/product.service.js';
import { storeSettings } from '../settings/settings.service.js';
import { listLocations } from './location.repository.js';
import { checkProductHeader, productImportColumns } from './product-import-columns.js';
import { applyPlans } from './product-import-apply.js';
import { planGroup } from './product-import-plan.js';
import * as reads from './product-import.repository.js';
import { revertCount, revertCreation } from './product-import-revert.js';
import { rowResults, Sheet, unguard, type ProductImporterDeps } from './product-import-sheet.js';

export { unguard, type ProductImporterDeps };

/**
 * The products importer (issue #29): Shopify's product CSV — what the products export writes — one
 * row per variant, a product's own fields on its first row, images on any row. Each product is
 * checked whole by the catalog's own rules (productSchema, the SKU owners) before anything is
 * written (product-import-plan.ts); then the chunk's valid products are written together, with
 * their stock (set per `Stock: <location>` column, an IMPORT movement) and their images
 * (product-import-apply.ts): a product with one bad row is not written at all.
 */

export function productImporter(deps: ProductImporterDeps): Importer {
  return {
    kind: 'PRODUCTS',
    columns: async (trx) => productImportColumns(await listLocations(trx)),
    checkHeader: async (trx, headers) => checkProductHeader(headers, await listLocations(trx)),
    groupKey: (record) => {
      const handle = Object.entries(record.cells).find(([h]) => h.toLowerCase() === 'handle')?.[1] ?? '';
      return unguard(handle.trim()).toLowerCase();
    },
    run: (ctx, records) => runChunk(deps, ctx, records),
    reverters: {
      'product.create': revertCreation,
      'inventory.adjust': revertCount,
    },
  };
}

async function runChunk(
  deps: ProductImporterDeps,
  ctx: ImportContext,
  records: CsvRecord[],
): Promise<ImportRowResult[]> {
  const { trx } = ctx;
  const shop = await storeSettings(trx);
  const currency = shop.currencyCode;
  const money = (minor: number | null | undefined) =>
    minor === null || minor === undefined ? null : formatMinor(minor, currency);
  const locations = await listLocations(trx);
  const sheet = new Sheet(ctx.headers, locations);

  // Groups: consecutive rows of one handle.
  const groups: { handle: string; records: CsvRecord[] }[] = [];
  for (const record of records) {
    const handle = unguard(sheet.cell(record, 'Handle')).toLowerCase();
    const last = groups[groups.length - 1];
    if (last && last.handle === handle) last.records.push(record);
    else groups.push({ handle, records: [record] });
  }

  // Claims: a handle's rows stand together; a SKU is on one row of the file.
  const claims: { key: string; row: number }[] = [];
  const earlierInChunk = new Map<string, number>();
  const localDup = new Map<string, number>(); // "key@row" → earlier row in this chunk
  const claim = (key: string, row: number) => {
    const first = earlierInChunk.get(key);
    if (first !== undefined && first !== row) localDup.set(`${key}@${row}`, first);
    else {
      earlierInChunk.set(key, row);
      claims.push({ key, row });
    }
  };
  for (const g of groups) {
    if (g.handle) claim(`handle:${g.handle}`, g.records[0]!.row);
    for (const r of g.records) {
      const sku = sheet.cell(r, 'Variant SKU');
      if (sku) claim(`sku:${sku.toLowerCase()}`, r.row);
    }
  }
  const claimed = await ctx.claimKeys(claims);
  const earlierRow = (key: string, row: number): number | undefined =>
    localDup.get(`${key}@${row}`) ?? claimed.get(key);

  // Batched reads for the chunk.
  const handles = groups.map((g) => g.handle).filter(Boolean);
  const products = await reads.productsByHandles(trx, handles);
  const productIds = [...products.values()].map((p) => p.id);
  const variants = await variantsOfProducts(trx, productIds);
  const media = await mediaOfProducts(trx, productIds);
  const levels = await reads.levelsOf(
    trx,
    variants.map((v) => v.id),
  );
  const skus = records.map((r) => sheet.cell(r, 'Variant SKU').toLowerCase()).filter(Boolean);
  const holders = await reads.skuHolders(trx, skus);
  const levelOf = new Map(levels.map((l) => [`${l.variantId}/${l.locationId}`, l]));

  const plans = groups.map((g) => {
    const product = g.handle ? (products.get(g.handle) ?? null) : null;
    return planGroup({
      sheet,
      group: g,
      product,
      variants: product ? variants.filter((v) => v.productId === product.id) : [],
      media: product ? media.filter((m) => m.productId === product.id) : [],
      levelOf,
      holders,
      currency,
      money,
      earlierRow,
    });
  });
  if (ctx.mode === 'APPLY') await applyPlans(deps, ctx, plans, locations);
  return plans.flatMap(rowResults);
}
