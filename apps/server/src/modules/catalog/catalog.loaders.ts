import DataLoader from 'dataloader';
import type { Executor } from '../../db/database.js';
import { byId, grouped, PrimedLoader } from '../../lib/batch.js';
import type { Category, Collection, Media, Product, Variant } from './catalog.model.js';
import { findCategoriesByIds, productCountsOfCategories } from './category.repository.js';
import { collectionsOfProducts, findCollectionsByIds } from './collection.repository.js';
import { mediaOfProducts } from './media.repository.js';
import { findProductsByIds } from './product.repository.js';
import { findVariantsByIds, variantsOfProducts } from './variant.repository.js';

declare module '../../graphql/context.js' {
  interface Loaders extends ReturnType<typeof createCatalogLoaders> {}
}

/** This module's batch loaders, made fresh for every request: one query per relation per request. */
export function createCatalogLoaders(db: Executor) {
  return {
    productById: new PrimedLoader<string, Product | null>(async (ids) =>
      byId(ids, await findProductsByIds(db, ids)),
    ),
    variantById: new PrimedLoader<string, Variant | null>(async (ids) =>
      byId(ids, await findVariantsByIds(db, ids)),
    ),
    categoryById: new PrimedLoader<string, Category | null>(async (ids) =>
      byId(ids, await findCategoriesByIds(db, ids)),
    ),
    categoryProductCount: new DataLoader<string, number>((ids) => productCountsOfCategories(db, ids)),
    collectionById: new DataLoader<string, Collection | null>(async (ids) =>
      byId(ids, await findCollectionsByIds(db, ids)),
    ),
    collectionsByProductId: new DataLoader<string, Collection[]>(async (ids) => {
      const rows = await collectionsOfProducts(db, ids);
      return grouped(ids, rows, (r) => r.productId).map((list) => list.map((r) => r.collection));
    }),
    mediaByProductId: new PrimedLoader<string, Media[]>(async (ids) =>
      grouped(ids, await mediaOfProducts(db, ids), (r) => r.productId),
    ),
    variantsByProductId: new PrimedLoader<string, Variant[]>(async (ids) =>
      grouped(ids, await variantsOfProducts(db, ids), (r) => r.productId),
    ),
  };
}
