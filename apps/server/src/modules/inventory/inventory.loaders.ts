import DataLoader from 'dataloader';
import type { Executor } from '../../db/database.js';
import { byId, grouped, PrimedLoader } from '../../lib/batch.js';
import type { InventoryLevel, Location } from './inventory.model.js';
import { availableOfProducts, levelsByVariantIds, levelsWithMovements } from './level.repository.js';
import { findLocationsByIds } from './location.repository.js';

declare module '../../graphql/context.js' {
  interface Loaders extends ReturnType<typeof createInventoryLoaders> {}
}

/** This module's batch loaders, made fresh for every request: one query per relation per request. */
export function createInventoryLoaders(db: Executor) {
  return {
    locationById: new PrimedLoader<string, Location | null>(async (ids) =>
      byId(ids, await findLocationsByIds(db, ids)),
    ),
    levelsByVariantId: new PrimedLoader<string, InventoryLevel[]>(async (ids) =>
      grouped(ids, await levelsByVariantIds(db, ids), (r) => r.variantId),
    ),
    /** Units available of a product read without product_stock (a page of products joins it). */
    availableByProductId: new DataLoader<string, number | null>(async (ids) => {
      const found = new Map((await availableOfProducts(db, ids)).map((r) => [r.productId, r.available]));
      return ids.map((id) => found.get(id) ?? null);
    }),
    /** Whether a level (`variantId:locationId`) has ever moved (isStocked). */
    levelHasMovements: new DataLoader<string, boolean>(async (keys) => {
      const moved = await levelsWithMovements(
        db,
        keys.map((k) => {
          const [variantId, locationId] = k.split(':') as [string, string];
          return { variantId, locationId };
        }),
      );
      return keys.map((k) => moved.has(k));
    }),
  };
}
