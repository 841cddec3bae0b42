import type { Executor } from '../../db/database.js';
import type { Order } from './order.model.js';
import { COUNT_LIMIT, type Count, type ListResult, type PageArgs } from '../../lib/pagination.js';
import { orderSearchCondition } from './order-search.js';
import {
  countOrders,
  pageOrders,
  type OrderListInclude,
  type OrderPage,
  type OrderSortKey,
} from './order-list.repository.js';

/**
 * Orders matching a search (money in the shop's currency, numbers with its prefix), paged by keyset.
 *
 * A search for particular orders (words, SKU, tag, customer) is counted before its page is read —
 * the count is capped, so it is cheap either way: when it matches fewer orders than the cap, the page
 * gathers and sorts those few; otherwise it walks the sort's index, where matches come soon. Other
 * searches (the tabs: status, dates, totals) always walk, through partial indexes where they have one.
 */
export function listOrders(
  db: Executor,
  args: {
    query?: string | null;
    currency: string;
    numberPrefix: string;
    sortKey: OrderSortKey;
    reverse: boolean;
    page: PageArgs;
    /** What the caller shows of each order beyond its row: read with the page. */
    include?: OrderListInclude;
    /** null: count every match (an export's total); lists stop at 10,000. */
    countCap?: number | null;
    /** The search's exact count when the caller has it (an export, counted once a job): not counted again. */
    matches?: number;
  },
): ListResult<Order, OrderPage> {
  const search = orderSearchCondition(args.query, args.currency, args.numberPrefix);
  if ('errors' in search) return search;
  const { condition, needle } = search;
  let counted: Promise<Count> | undefined;
  const count = () =>
    (counted ??=
      args.matches === undefined
        ? countOrders(db, condition, args.countCap)
        : Promise.resolve(cappedAt(args.matches, args.countCap)));
  return {
    count,
    page: async () => {
      const few = needle && (await count()).precision === 'EXACT';
      return pageOrders(
        db,
        condition,
        args.sortKey,
        args.reverse,
        args.page,
        few ? 'gather' : 'walk',
        args.include,
      );
    },
  };
}

/** A known count as a count capped at `cap` reads it. */
function cappedAt(n: number, cap: number | null = COUNT_LIMIT): Count {
  return cap !== null && n > cap ? { value: cap, precision: 'AT_LEAST' } : { value: n, precision: 'EXACT' };
}
