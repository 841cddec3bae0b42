import type { RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import { toOrder, type Order } from './order.model.js';
import {
  cappedCount,
  keysetPage,
  mapPage,
  type Count,
  type Page,
  type PageArgs,
  type SortCast,
} from '../../lib/pagination.js';

// ---- The list (alias: o orders); each sort has its index (migrations 005, 007) ----

interface OrderSort {
  /** The indexed expression: the page walks its index and stops after a page of matches. */
  walk: string;
  /**
   * The same values through an expression no index has, so the planner cannot walk the sort's
   * index: it fetches the matches by the search's own indexes (name words, SKU, tag) and sorts them.
   */
  gather: string;
  cast: SortCast;
  descending: boolean;
  nullable?: boolean;
}

const SORTS: Record<'CREATED_AT' | 'UPDATED_AT' | 'NUMBER' | 'TOTAL' | 'CUSTOMER_NAME', OrderSort> = {
  CREATED_AT: {
    walk: 'o.created_at',
    gather: "(o.created_at + interval '0 s')",
    cast: 'timestamptz',
    descending: true,
  },
  UPDATED_AT: {
    walk: 'o.updated_at',
    gather: "(o.updated_at + interval '0 s')",
    cast: 'timestamptz',
    descending: true,
  },
  NUMBER: { walk: 'o.number', gather: '(o.number + 0)', cast: 'bigint', descending: true },
  TOTAL: { walk: 'o.total', gather: '(o.total + 0)', cast: 'bigint', descending: true },
  CUSTOMER_NAME: {
    walk: 'lower(o.customer_name)',
    gather: "(lower(o.customer_name) || '')",
    cast: 'text',
    descending: false,
    nullable: true,
  },
};

export type OrderSortKey = keyof typeof SORTS;
export const ORDER_SORT_KEYS = Object.keys(SORTS) as OrderSortKey[];

/**
 * How a page reads: `walk` the sort's index, filtering as it goes (right when many orders match),
 * or `gather` the matches and sort them (right when few do: a walk past a million orders to find
 * none is what makes a search for a misspelt name slow, and the planner cannot know which case it is
 * in, since it guesses how many orders a word prefix matches).
 */
export type OrderAccess = 'walk' | 'gather';

function orderListQuery(db: Executor, condition: RawBuilder<boolean> | null) {
  const q = db.selectFrom('orders as o').selectAll('o');
  return condition ? q.where(condition) : q;
}

export async function pageOrders(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  sortKey: OrderSortKey,
  reverse: boolean,
  args: PageArgs,
  access: OrderAccess,
): Promise<Page<Order>> {
  const sort = SORTS[sortKey];
  const page = await keysetPage(
    orderListQuery(db, condition),
    {
      expression: access === 'walk' ? sort.walk : sort.gather,
      cast: sort.cast,
      nullable: sort.nullable ?? false,
      idColumn: 'o.id',
    },
    sort.descending !== reverse,
    args,
  );
  return mapPage(page, toOrder);
}

export function countOrders(db: Executor, condition: RawBuilder<boolean> | null): Promise<Count> {
  return cappedCount(db, orderListQuery(db, condition));
}
