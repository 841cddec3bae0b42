import type { Permission } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import type { Count, ListResult } from '../../lib/pagination.js';
import { listOrders } from '../orders/order-list.service.js';
import { listDrafts } from '../drafts/draft-list.service.js';
import { listInventoryLevels } from '../inventory/inventory-list.service.js';
import { countReturnsMatching } from '../returns/return-count.service.js';
import {
  periodBounds,
  salesOfPeriods,
  salesPerDay,
  topProducts,
  type SalesDay,
  type PeriodBounds,
  type SalesRow,
  type TopProduct,
} from './analytics.repository.js';

export const ANALYTICS_PERIODS = ['TODAY', 'LAST_7_DAYS', 'LAST_30_DAYS'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
const DAYS: Record<AnalyticsPeriod, number> = { TODAY: 1, LAST_7_DAYS: 7, LAST_30_DAYS: 30 };
export const MAX_TOP_PRODUCTS = 20;

export interface SalesFigures extends SalesRow {
  from: Date;
  to: Date;
}

export interface SalesReport {
  period: AnalyticsPeriod;
  timezone: string;
  bounds: PeriodBounds;
  current: SalesFigures;
  previous: SalesFigures;
  perDay: () => Promise<SalesDay[]>;
  top: (limit: number) => Promise<TopProduct[]>;
}

/**
 * A period is whole days in the store's timezone ending with today ("today", "last 7 days" with
 * today as the 7th), compared with as many whole days just before it. Whole days make "today vs
 * yesterday" a comparison with all of yesterday, which is what a merchant reads off a report.
 */
export async function salesReport(
  db: Executor,
  timezone: string,
  period: AnalyticsPeriod,
): Promise<SalesReport> {
  const bounds = await periodBounds(db, timezone, DAYS[period]);
  const { current, previous } = await salesOfPeriods(db, bounds);
  let days: Promise<SalesDay[]> | undefined;
  return {
    period,
    timezone,
    bounds,
    current: { ...current, from: bounds.currentStart, to: bounds.currentEnd },
    previous: { ...previous, from: bounds.previousStart, to: bounds.currentStart },
    perDay: () => (days ??= salesPerDay(db, timezone, bounds)),
    top: (limit) => topProducts(db, bounds, Math.min(Math.max(limit, 1), MAX_TOP_PRODUCTS)),
  };
}

/**
 * The change from `before` to `now` in percent, one decimal; null when there was nothing before.
 * Measured against |before|, so a rise from a negative figure (more returned than sold) is positive.
 */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
}

/**
 * What needs doing, as searches the admin's lists understand (SPEC §7.4), so each figure links to
 * the list that shows exactly the orders, drafts, stock levels or returns it counted.
 */
export const WORK_QUEUE = {
  ordersToFulfill: { permission: 'ORDERS_READ', query: 'status:open -fulfillment_status:fulfilled' },
  unpaidOrders: {
    permission: 'ORDERS_READ',
    query:
      '-status:cancelled (payment_status:pending OR payment_status:authorized OR payment_status:partially_paid)',
  },
  openDrafts: { permission: 'ORDERS_READ', query: 'status:open' },
  lowStock: { permission: 'CATALOG_READ', query: 'low_stock:true' },
  // Issue #31: parcels expected back (awaited or partly in), and returns received but not settled.
  returnsToReceive: { permission: 'ORDERS_READ', query: '(status:open OR status:partially_received)' },
  returnsToSettle: { permission: 'ORDERS_READ', query: 'to_settle:true' },
} as const satisfies Record<string, { permission: Permission; query: string }>;
export type WorkQueueKey = keyof typeof WORK_QUEUE;

export interface WorkQueueItem {
  query: string;
  count: () => Promise<Count>;
}

const counted = <Row>(list: ListResult<Row>): (() => Promise<Count>) => {
  if ('errors' in list) throw new Error(`work queue search is invalid: ${list.errors[0]?.message}`);
  return list.count;
};

/** One work-queue figure, counted (capped at 10,000) by the list service that shows it. */
export function workQueueItem(
  db: Executor,
  key: WorkQueueKey,
  shop: { currency: string; numberPrefix: string },
): WorkQueueItem {
  const { query } = WORK_QUEUE[key];
  const page = { first: 1 };
  switch (key) {
    case 'ordersToFulfill':
    case 'unpaidOrders':
      return {
        query,
        count: counted(listOrders(db, { query, ...shop, sortKey: 'CREATED_AT', reverse: false, page })),
      };
    case 'openDrafts':
      return {
        query,
        count: counted(listDrafts(db, { query, sortKey: 'UPDATED_AT', reverse: false, page })),
      };
    case 'lowStock':
      return {
        query,
        count: counted(listInventoryLevels(db, { query, sortKey: 'PRODUCT_TITLE', reverse: false, page })),
      };
    case 'returnsToReceive':
    case 'returnsToSettle':
      return { query, count: countReturnsMatching(db, query, shop.numberPrefix) };
  }
}
