import type { Executor } from '../../db/database.js';
import type { Discount } from './discount.model.js';
import type { ListResult, PageArgs } from '../../lib/pagination.js';
import { discountSearchCondition } from './discount-search.js';
import { countDiscounts, pageDiscounts, type DiscountSortKey } from './discount.repository.js';

/** Discount codes matching a search (SPEC §7.4), sorted and paged by keyset; for other modules. */
export function listDiscounts(
  db: Executor,
  args: { query?: string | null; sortKey: DiscountSortKey; reverse: boolean; page: PageArgs },
): ListResult<Discount> {
  const search = discountSearchCondition(args.query);
  if ('errors' in search) return search;
  return {
    page: () => pageDiscounts(db, search.condition, args.sortKey, args.reverse, args.page),
    count: () => countDiscounts(db, search.condition),
  };
}
