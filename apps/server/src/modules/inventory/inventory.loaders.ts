import DataLoader from 'dataloader';
import type { Executor } from '../../db/database.js';
import { byId, grouped } from '../../lib/batch.js';
import type { InventoryLevelRow, LocationRow } from './inventory.tables.js';
import { availableByProductIds, levelsByVariantIds } from './level.repository.js';
import { findLocationsByIds } from './location.repository.js';

/** This module's batch loaders, made fresh for every request: one query per relation per request. */
export function createInventoryLoaders(db: Executor) {
  return {
    locationById: new DataLoader<string, LocationRow | null>(async (ids) =>
      byId(ids, await findLocationsByIds(db, ids)),
    ),
    levelsByVariantId: new DataLoader<string, InventoryLevelRow[]>(async (ids) =>
      grouped(ids, await levelsByVariantIds(db, ids), (r) => r.variant_id),
    ),
    availableByProductId: new DataLoader<string, number | null>(async (ids) => {
      const rows = await availableByProductIds(db, ids);
      return ids.map((id) => rows.find((r) => r.product_id === id)?.available ?? null);
    }),
  };
}
