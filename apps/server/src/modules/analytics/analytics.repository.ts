import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/**
 * Which orders count as sales, everywhere on the home screen:
 * - cancelled orders are left out entirely (SPEC §4: nothing was sold; their payment, if any, was
 *   refunded or voided when they were cancelled);
 * - an order counts on the day it was placed in the store's timezone, whatever its payment status
 *   (as Shopify's "total sales" does: an unpaid order is still a sale to chase);
 * - sales are the order's total (lines after discounts, plus shipping and tax), and net sales take
 *   away what has been refunded on those orders so far (total − totalRefunded), so a refund lowers
 *   the figures of the day the order was placed.
 * `orders_sales_idx` (created_at, with total and total_refunded, cancelled orders left out) serves
 * every statement here as a range scan.
 */
const NOT_CANCELLED = sql<boolean>`o.status <> 'CANCELLED'`;

export interface PeriodBounds {
  /** First instant of the period (midnight in the store's timezone, N − 1 days before today). */
  currentStart: Date;
  /** Midnight at the end of today in the store's timezone. */
  currentEnd: Date;
  /** First instant of the N days before the period. */
  previousStart: Date;
  /** The period's first and last day, as local dates (YYYY-MM-DD). */
  firstDay: string;
  lastDay: string;
}

/** The day boundaries of a period of `days` whole days ending today, in `timezone` (DST-aware). */
export async function periodBounds(db: Executor, timezone: string, days: number): Promise<PeriodBounds> {
  const { rows } = await sql<{
    current_start: Date;
    current_end: Date;
    previous_start: Date;
    first_day: string;
    last_day: string;
  }>`with t as (select date_trunc('day', now() at time zone ${timezone}) as today)
    select (t.today - make_interval(days => ${days - 1}::int)) at time zone ${timezone} as current_start,
      (t.today + interval '1 day') at time zone ${timezone} as current_end,
      (t.today - make_interval(days => ${2 * days - 1}::int)) at time zone ${timezone} as previous_start,
      to_char(t.today - make_interval(days => ${days - 1}::int), 'YYYY-MM-DD') as first_day,
      to_char(t.today, 'YYYY-MM-DD') as last_day
    from t`.execute(db);
  const r = rows[0]!;
  return {
    currentStart: new Date(r.current_start),
    currentEnd: new Date(r.current_end),
    previousStart: new Date(r.previous_start),
    firstDay: r.first_day,
    lastDay: r.last_day,
  };
}

export interface SalesRow {
  orders: number;
  gross: number;
  refunded: number;
}

/** Orders, sales and refunds of the period and of the one before it, in one range scan. */
export async function salesOfPeriods(
  db: Executor,
  b: PeriodBounds,
): Promise<{ current: SalesRow; previous: SalesRow }> {
  const cur = sql<boolean>`o.created_at >= ${b.currentStart}`;
  const { rows } = await sql<Record<string, string | number>>`select
      count(*) filter (where ${cur})::int as cur_orders,
      coalesce(sum(o.total) filter (where ${cur}), 0)::bigint as cur_gross,
      coalesce(sum(o.total_refunded) filter (where ${cur}), 0)::bigint as cur_refunded,
      count(*) filter (where not ${cur})::int as prev_orders,
      coalesce(sum(o.total) filter (where not ${cur}), 0)::bigint as prev_gross,
      coalesce(sum(o.total_refunded) filter (where not ${cur}), 0)::bigint as prev_refunded
    from orders o
    where ${NOT_CANCELLED} and o.created_at >= ${b.previousStart} and o.created_at < ${b.currentEnd}`.execute(
    db,
  );
  const r = rows[0]!;
  const row = (p: string): SalesRow => ({
    orders: Number(r[`${p}_orders`]),
    gross: Number(r[`${p}_gross`]),
    refunded: Number(r[`${p}_refunded`]),
  });
  return { current: row('cur'), previous: row('prev') };
}

export interface SalesDay {
  day: string;
  orders: number;
  gross: number;
  refunded: number;
}

/** Every day of the period in the store's timezone, days without orders included (as zeros). */
export async function salesPerDay(db: Executor, timezone: string, b: PeriodBounds): Promise<SalesDay[]> {
  const { rows } = await sql<{ day: string; orders: number; gross: string; refunded: string }>`
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(x.orders, 0)::int as orders,
      coalesce(x.gross, 0)::bigint as gross, coalesce(x.refunded, 0)::bigint as refunded
    from generate_series(${b.firstDay}::timestamp, ${b.lastDay}::timestamp, interval '1 day') as d(day)
    left join (
      select date_trunc('day', o.created_at at time zone ${timezone}) as day, count(*) as orders,
        sum(o.total) as gross, sum(o.total_refunded) as refunded
      from orders o
      where ${NOT_CANCELLED} and o.created_at >= ${b.currentStart} and o.created_at < ${b.currentEnd}
      group by 1
    ) x on x.day = d.day
    order by d.day`.execute(db);
  return rows.map((r) => ({
    day: r.day,
    orders: Number(r.orders),
    gross: Number(r.gross),
    refunded: Number(r.refunded),
  }));
}

export interface TopProduct {
  productId: string;
  title: string;
  units: number;
  revenue: number;
}

/**
 * Products by what their lines brought in during the period: units kept (sold − refunded) times
 * the unit price, less the line's discount on those units. Tax and shipping are not a product's.
 */
export async function topProducts(db: Executor, b: PeriodBounds, limit: number): Promise<TopProduct[]> {
  const { rows } = await sql<{ product_id: string; title: string; units: number; revenue: string }>`
    select l.product_id, max(l.product_title) as title,
      sum(l.quantity - l.refunded_quantity)::int as units,
      sum(l.unit_price * (l.quantity - l.refunded_quantity)
        - (l.discount * (l.quantity - l.refunded_quantity)) / l.quantity)::bigint as revenue
    from orders o
    join order_lines l on l.order_id = o.id
    where ${NOT_CANCELLED} and o.created_at >= ${b.currentStart} and o.created_at < ${b.currentEnd}
      and l.product_id is not null
    group by l.product_id
    having sum(l.quantity - l.refunded_quantity) > 0
    order by revenue desc, l.product_id
    limit ${limit}`.execute(db);
  return rows.map((r) => ({
    productId: r.product_id,
    title: r.title,
    units: Number(r.units),
    revenue: Number(r.revenue),
  }));
}
