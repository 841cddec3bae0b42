import type { Ctx } from '../../graphql/context.js';
import type { Product } from './catalog.model.js';
import { variantStock } from './variant-stock.js';
import {
  loadProductPageRelations,
  type ProductPageRelations,
  type ProductPageWants,
} from './product-page.repository.js';

/** The relations of a product the caller selected, from the dotted field paths under the product. */
export function productPageWants(paths: Set<string>): ProductPageWants {
  return {
    variants: paths.has('variants'),
    levels: paths.has('variants.inventoryLevels'),
    locations: paths.has('variants.inventoryLevels.location'),
    media: paths.has('media'),
    categories: paths.has('category'),
  };
}

/**
 * Primes the request's loaders with what the page's nodes show (variants with their stock, media,
 * categories, locations), so the product fields' resolvers find everything in memory. A list reads
 * these in its page's own statement (`relations`); otherwise they load here in one round of
 * statements run side by side. Field permissions still apply: priming only saves queries.
 */
export async function primeProductPage(
  ctx: Ctx,
  rows: Product[],
  want: ProductPageWants,
  relations: ProductPageRelations | null = null,
): Promise<void> {
  const l = ctx.loaders;
  for (const row of rows) l.productById.prime(row.id, row);
  if (!rows.length || !Object.values(want).some(Boolean)) return;
  const rel = relations ?? (await loadProductPageRelations(ctx.services.db, rows, want));
  for (const c of rel.categories) l.categoryById.prime(c.id, c);
  const levels = new Map<string, unknown[]>();
  for (const { id } of rows) {
    if (want.variants || want.levels) {
      const variants = rel.variantsByProduct.get(id) ?? [];
      l.variantsByProductId.prime(id, variants);
      for (const v of variants) {
        l.variantById.prime(v.id, v);
        if (want.levels) levels.set(v.id, rel.levelsByVariant.get(v.id) ?? []);
      }
    }
    if (want.media) l.mediaByProductId.prime(id, rel.mediaByProduct.get(id) ?? []);
  }
  variantStock().primePage(ctx, levels, rel.locations);
}
