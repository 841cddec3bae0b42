import type { Ctx } from '../../graphql/context.js';
import type { Product } from './catalog.model.js';
import { loadProductPageRelations } from './product-page.repository.js';

/**
 * Loads what the page's nodes show (variants with their stock, media, categories) in one round of
 * statements run side by side, and primes the request's loaders with it, so the product fields'
 * resolvers find everything in memory. Field permissions still apply: priming only saves queries.
 */
export async function primeProductPage(ctx: Ctx, rows: Product[], paths: Set<string>): Promise<void> {
  const l = ctx.loaders;
  for (const row of rows) l.productById.prime(row.id, row);
  const want = {
    variants: paths.has('variants'),
    levels: paths.has('variants.inventoryLevels'),
    media: paths.has('media'),
    categories: paths.has('category'),
  };
  if (!rows.length || !Object.values(want).some(Boolean)) return;
  const rel = await loadProductPageRelations(ctx.services.db, rows, want);
  for (const c of rel.categories) l.categoryById.prime(c.id, c);
  for (const { id } of rows) {
    if (want.variants || want.levels) {
      const variants = rel.variantsByProduct.get(id) ?? [];
      l.variantsByProductId.prime(id, variants);
      for (const v of variants) {
        l.variantById.prime(v.id, v);
        if (want.levels) l.levelsByVariantId.prime(v.id, rel.levelsByVariant.get(v.id) ?? []);
      }
    }
    if (want.media) l.mediaByProductId.prime(id, rel.mediaByProduct.get(id) ?? []);
  }
}
