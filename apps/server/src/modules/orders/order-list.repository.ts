import type { RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { OrderRow } from './order.tables.js';
import { cappedCount, keysetPage, type Count, type Page, type PageArgs } from '../../lib/pagination.js';

// ---- The list (alias: o orders); each sort has its index (migrations 005, 007) ----

const SORTS = {
  CREATED_AT: { expression: 'o.created_at', cast: 'timestamptz', descending: true },
  UPDATED_AT: { expression: 'o.updated_at', cast: 'timestamptz', descending: true },
  NUMBER: { expression: 'o.number', cast: 'bigint', descending: true },
  TOTAL: { expression: 'o.total', cast: 'bigint', descending: true },
  CUSTOMER_NAME: { expression: 'lower(o.customer_name)', cast: 'text', descending: false, nullable: true },
} as const;

export type OrderSortKey = keyof typeof SORTS;
export const ORDER_SORT_KEYS = Object.keys(SORTS) as OrderSortKey[];

function orderListQuery(db: Executor, condition: RawBuilder<boolean> | null) {
  const q = db.selectFrom('orders as o').selectAll('o');
  return condition ? q.where(condition) : q;
}

export function pageOrders(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  sortKey: OrderSortKey,
  reverse: boolean,
  args: PageArgs,
): Promise<Page<OrderRow>> {
  const key = SORTS[sortKey];
  return keysetPage(
    orderListQuery(db, condition),
    { ...key, idColumn: 'o.id' },
    key.descending !== reverse,
    args,
  );
}

export function countOrders(db: Executor, condition: RawBuilder<boolean> | null): Promise<Count> {
  return cappedCount(db, orderListQuery(db, condition));
}
