import type { Executor } from '../../db/database.js';
import type { OrderRow } from './order.tables.js';
import type { ListResult, PageArgs } from '../../lib/pagination.js';
import { orderSearchCondition } from './order-search.js';
import { countOrders, pageOrders, type OrderSortKey } from './order-list.repository.js';

/** Orders matching a search (money in the shop's currency, numbers with its prefix), paged by keyset. */
export function listOrders(
  db: Executor,
  args: {
    query?: string | null;
    currency: string;
    numberPrefix: string;
    sortKey: OrderSortKey;
    reverse: boolean;
    page: PageArgs;
  },
): ListResult<OrderRow> {
  const search = orderSearchCondition(args.query, args.currency, args.numberPrefix);
  if ('errors' in search) return search;
  return {
    page: () => pageOrders(db, search.condition, args.sortKey, args.reverse, args.page),
    count: () => countOrders(db, search.condition),
  };
}
