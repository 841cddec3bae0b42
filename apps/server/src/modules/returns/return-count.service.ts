import type { Executor } from '../../db/database.js';
import type { Count } from '../../lib/pagination.js';
import { countReturns, returnSearchCondition } from './return-list.repository.js';

/**
 * How many returns `returns(query:)` lists for a search (capped as its count is), for other modules
 * (Home's work queue) that link to that list: the same search, so both say the same number. Throws
 * on a search the list would refuse: callers pass their own fixed searches.
 */
export function countReturnsMatching(
  db: Executor,
  query: string,
  orderNumberPrefix: string,
): () => Promise<Count> {
  const search = returnSearchCondition(query, orderNumberPrefix);
  if ('errors' in search) throw new Error(`returns search is invalid: ${search.errors[0]?.message}`);
  return () => countReturns(db, search.condition);
}
