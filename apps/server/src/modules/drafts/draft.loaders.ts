import DataLoader from 'dataloader';
import type { Executor } from '../../db/database.js';
import { byId, grouped } from '../../lib/batch.js';
import type { DraftOrderLine, DraftOrder } from './draft.model.js';
import { findDraftsByIds, linesOfDrafts } from './draft.repository.js';

declare module '../../graphql/context.js' {
  interface Loaders extends ReturnType<typeof createDraftLoaders> {}
}

/** This module's batch loaders, made fresh for every request: one query per relation per request. */
export function createDraftLoaders(db: Executor) {
  return {
    draftById: new DataLoader<string, DraftOrder | null>(async (ids) =>
      byId(ids, await findDraftsByIds(db, ids)),
    ),
    linesByDraftId: new DataLoader<string, DraftOrderLine[]>(async (ids) =>
      grouped(ids, await linesOfDrafts(db, ids), (r) => r.draftOrderId),
    ),
  };
}
