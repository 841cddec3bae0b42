import DataLoader from 'dataloader';
import type { Executor } from '../../db/database.js';
import { byId, grouped } from '../../lib/batch.js';
import type { CategoryRow, CollectionRow, MediaRow, ProductRow, VariantRow } from './catalog.tables.js';
import { findCategoriesByIds, productCountsOfCategories } from './category.repository.js';
import { collectionsOfProducts, findCollectionsByIds } from './collection.repository.js';
import { mediaOfProducts } from './media.repository.js';
import { findProductsByIds } from './product.repository.js';
import { findVariantsByIds, variantsOfProducts } from './variant.repository.js';

/** This module's batch loaders, made fresh for every request: one query per relation per request. */
export function createCatalogLoaders(db: Executor) {
  return {
    productById: new DataLoader<string, ProductRow | null>(async (ids) =>
      byId(ids, await findProductsByIds(db, ids)),
    ),
    variantById: new DataLoader<string, VariantRow | null>(async (ids) =>
      byId(ids, await findVariantsByIds(db, ids)),
    ),
    categoryById: new DataLoader<string, CategoryRow | null>(async (ids) =>
      byId(ids, await findCategoriesByIds(db, ids)),
    ),
    categoryProductCount: new DataLoader<string, number>((ids) => productCountsOfCategories(db, ids)),
    collectionById: new DataLoader<string, CollectionRow | null>(async (ids) =>
      byId(ids, await findCollectionsByIds(db, ids)),
    ),
    collectionsByProductId: new DataLoader<string, CollectionRow[]>(async (ids) => {
      const rows = await collectionsOfProducts(db, ids);
      return grouped(ids, rows, (r) => r.product_id).map((list) => list.map(({ product_id: _p, ...c }) => c));
    }),
    mediaByProductId: new DataLoader<string, MediaRow[]>(async (ids) =>
      grouped(ids, await mediaOfProducts(db, ids), (r) => r.product_id),
    ),
    variantsByProductId: new DataLoader<string, VariantRow[]>(async (ids) =>
      grouped(ids, await variantsOfProducts(db, ids), (r) => r.product_id),
    ),
  };
}
