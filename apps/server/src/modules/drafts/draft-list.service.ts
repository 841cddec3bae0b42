import type { Executor } from '../../db/database.js';
import type { DraftOrder } from './draft.model.js';
import type { ListResult, PageArgs } from '../../lib/pagination.js';
import { draftSearchCondition } from './draft-search.js';
import { countDrafts, pageDrafts, type DraftSortKey } from './draft.repository.js';

/** Draft orders matching a search (SPEC §7.4), sorted and paged by keyset; for other modules. */
export function listDrafts(
  db: Executor,
  args: { query?: string | null; sortKey: DraftSortKey; reverse: boolean; page: PageArgs },
): ListResult<DraftOrder> {
  const search = draftSearchCondition(args.query);
  if ('errors' in search) return search;
  return {
    page: () => pageDrafts(db, search.condition, args.sortKey, args.reverse, args.page),
    count: () => countDrafts(db, search.condition),
  };
}
