import DataLoader from 'dataloader';
import type { Executor } from '../../db/database.js';
import { byId } from '../../lib/batch.js';
import type { Discount } from './discount.model.js';
import { findDiscountsByIds } from './discount.repository.js';
import { targetsOf, type DiscountTargets } from './discount.service.js';

declare module '../../graphql/context.js' {
  interface Loaders extends ReturnType<typeof createDiscountLoaders> {}
}

/** This module's batch loaders, made fresh for every request: one query per relation per request. */
export function createDiscountLoaders(db: Executor) {
  return {
    discountById: new DataLoader<string, Discount | null>(async (ids) =>
      byId(ids, await findDiscountsByIds(db, ids)),
    ),
    discountTargetsById: new DataLoader<string, DiscountTargets>(async (ids) => {
      const targets = await targetsOf(db, ids);
      return ids.map((id) => targets.get(id)!);
    }),
  };
}
