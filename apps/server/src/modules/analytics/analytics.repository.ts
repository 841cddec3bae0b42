import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';

/**
 * Home's sales figures (SPEC §10, Shopify's definitions), in the store's timezone:
 * - gross sales: line prices × quantities, on the day the order was placed;
 * - discounts: what the lines' discounts took off, that day;
 * - returns: the refunded lines' worth (their share of the line after its discount), on the day
 *   refunded; refunded shipping lowers shipping and refunded tax lowers taxes instead;
 * - net sales = gross − discounts − returns; total sales = net sales + shipping + taxes.
 * Prices that include tax: gross, discounts, returns and shipping are without their tax (each line's
 * tax is split between its gross and its discount in proportion), so the sum is still what was paid.
 * Cancelled orders: their sale stays on the day they were placed (they were orders, and are counted
 * as such); on the day they were cancelled everything not refunded before is returned — the lines'
 * worth as returns, the shipping and the tax out of shipping and taxes — whether the payment was
 * refunded, kept or never taken: nothing was sold, so a cancelled order nets to zero, and an unpaid
 * one does not inflate sales for ever. A refund made after the cancellation counts nothing more (its
 * items were returned by the cancellation); a refund of money only (no items, no shipping) is not a
 * return. Order counts are orders placed, cancelled ones included, like the sales they carry.
 * A return (issue #31) is a return on the day it was settled: the units its settlement credited
 * count like refunded units, whatever part of the credit went back as money, was kept as fees or
 * paid for exchange items (its refund gives money only, so it is not counted twice).
 * Every share is the refunds' own: floor(amount × units given back so far ÷ units), units given back
 * by refunds and by settled returns alike, so the returns of a line given back in parts add up to
 * the line's worth, to the minor unit.
 */

/** floor(total × part ÷ whole) over non-negative integers; 0 when whole is 0. */
const share = (total: RawBuilder<unknown>, part: RawBuilder<unknown>, whole: RawBuilder<unknown>) =>
  sql`(case when ${whole} = 0 then 0 else (${total})::bigint * (${part}) / (${whole}) end)`;

// Over a line `l` of an order `o`.
const SUBTOTAL = sql`(l.unit_price::bigint * l.quantity)`;
/** The tax inside the line's subtotal when prices include tax (the line's tax, scaled from after the discount to before it). */
const GROSS_TAX = sql`(case when o.prices_include_tax and ${SUBTOTAL} > l.discount
  then (l.tax::bigint * ${SUBTOTAL} * 2 + (${SUBTOTAL} - l.discount)) / (2 * (${SUBTOTAL} - l.discount))
  else 0 end)`;
const LINE_GROSS = sql`(${SUBTOTAL} - ${GROSS_TAX})`;
const LINE_DISCOUNT = sql`(l.discount - case when o.prices_include_tax then ${GROSS_TAX} - l.tax else 0 end)`;
/** What the line was worth in sales: after its discount, without its tax. */
const LINE_NET = sql`(${SUBTOTAL} - l.discount - case when o.prices_include_tax then l.tax else 0 end)`;
/** Shipping as charged (with its tax when prices exclude tax: what a shipping refund gives back of). */
const SHIPPING_CHARGED = sql`(o.shipping_total + case when o.prices_include_tax then 0 else o.shipping_tax end)`;
const SHIPPING_NET = sql`(o.shipping_total - case when o.prices_include_tax then o.shipping_tax else 0 end)`;
/** A refund `r` counts unless it came after its order's cancellation (which already returned everything). */
const REFUND_COUNTS = sql`(o.status <> 'CANCELLED' or o.cancelled_at is null or r.created_at <= o.cancelled_at)`;

/**
 * Units of order lines given back, with when: refund lines (at their refund) and the units settled
 * returns credited (at their settlement). `(at, event_id)` orders them.
 */
const GIVEN_BACK = sql`(
  select rl.order_line_id, r.created_at as at, r.id as event_id, rl.quantity
  from refund_lines rl join refunds r on r.id = rl.refund_id
  union all
  select xl.order_line_id, ret.settled_at, ret.id, xl.credited_quantity
  from return_lines xl join returns ret on ret.id = xl.return_id
  where ret.settled_at is not null and xl.credited_quantity > 0
)`;

/**
 * Every sales event in [from, to): one row per line sold, order placed, line refunded, shipping
 * refunded, line and shipping of a cancelled order, with when it happened and its product.
 */
function salesFacts(from: Date, to: Date) {
  const placed = sql`o.created_at >= ${from} and o.created_at < ${to}`;
  const refunded = sql`r.created_at >= ${from} and r.created_at < ${to} and ${REFUND_COUNTS}`;
  const settled = sql`ret.settled_at >= ${from} and ret.settled_at < ${to}
    and (o.status <> 'CANCELLED' or o.cancelled_at is null or ret.settled_at <= o.cancelled_at)`;
  const cancelled = sql`o.status = 'CANCELLED' and o.cancelled_at >= ${from} and o.cancelled_at < ${to}`;
  const linePart = (units: RawBuilder<unknown>, before: RawBuilder<unknown>) => ({
    worth: sql`(${share(LINE_NET, sql`${before} + ${units}`, sql`l.quantity`)} - ${share(LINE_NET, before, sql`l.quantity`)})`,
    tax: sql`(${share(sql`l.tax`, sql`${before} + ${units}`, sql`l.quantity`)} - ${share(sql`l.tax`, before, sql`l.quantity`)})`,
  });
  const refundLine = linePart(sql`rl.quantity`, sql`x.before`);
  const creditLine = linePart(sql`xl.credited_quantity`, sql`x.before`);
  const cancelLine = linePart(sql`(l.quantity - x.before)`, sql`x.before`);
  const shippingTax = (amount: RawBuilder<unknown>, before: RawBuilder<unknown>) =>
    sql`(${share(sql`o.shipping_tax`, sql`${before} + ${amount}`, SHIPPING_CHARGED)} - ${share(sql`o.shipping_tax`, before, SHIPPING_CHARGED)})`;
  const refundShippingTax = shippingTax(sql`r.shipping_amount`, sql`x.before`);
  const cancelShippingTax = shippingTax(sql`(${SHIPPING_CHARGED} - x.before)`, sql`x.before`);
  return sql`
    select o.created_at as at, l.product_id, l.product_title as title, 0 as orders, l.quantity::bigint as units,
      ${LINE_GROSS} as gross, ${LINE_DISCOUNT} as discounts, 0 as returns, 0 as shipping, l.tax::bigint as taxes
    from orders o join order_lines l on l.order_id = o.id
    where ${placed}
    union all
    select o.created_at, null, null, 1, 0, 0, 0, 0, ${SHIPPING_NET}, o.shipping_tax
    from orders o
    where ${placed}
    union all
    select r.created_at, l.product_id, l.product_title, 0, -rl.quantity::bigint, 0, 0,
      ${refundLine.worth}, 0, -${refundLine.tax}
    from refunds r
    join orders o on o.id = r.order_id
    join refund_lines rl on rl.refund_id = r.id
    join order_lines l on l.id = rl.order_line_id
    cross join lateral (
      select coalesce(sum(g.quantity), 0)::bigint as before
      from ${GIVEN_BACK} g
      where g.order_line_id = rl.order_line_id and (g.at, g.event_id) < (r.created_at, r.id)
    ) x
    where ${refunded}
    union all
    select ret.settled_at, l.product_id, l.product_title, 0, -xl.credited_quantity::bigint, 0, 0,
      ${creditLine.worth}, 0, -${creditLine.tax}
    from returns ret
    join orders o on o.id = ret.order_id
    join return_lines xl on xl.return_id = ret.id
    join order_lines l on l.id = xl.order_line_id
    cross join lateral (
      select coalesce(sum(g.quantity), 0)::bigint as before
      from ${GIVEN_BACK} g
      where g.order_line_id = xl.order_line_id and (g.at, g.event_id) < (ret.settled_at, ret.id)
    ) x
    where xl.credited_quantity > 0 and ${settled}
    union all
    select r.created_at, null, null, 0, 0, 0, 0, 0,
      -(r.shipping_amount - ${refundShippingTax}), -${refundShippingTax}
    from refunds r
    join orders o on o.id = r.order_id
    cross join lateral (
      select coalesce(sum(r2.shipping_amount), 0)::bigint as before
      from refunds r2
      where r2.order_id = r.order_id and (r2.created_at, r2.id) < (r.created_at, r.id)
    ) x
    where r.shipping_amount > 0 and ${refunded}
    union all
    select o.cancelled_at, l.product_id, l.product_title, 0, -(l.quantity - x.before), 0, 0,
      ${cancelLine.worth}, 0, -${cancelLine.tax}
    from orders o
    join order_lines l on l.order_id = o.id
    cross join lateral (
      select coalesce(sum(g.quantity), 0)::bigint as before
      from ${GIVEN_BACK} g
      where g.order_line_id = l.id and g.at <= o.cancelled_at
    ) x
    where ${cancelled}
    union all
    select o.cancelled_at, null, null, 0, 0, 0, 0, 0,
      -((${SHIPPING_CHARGED} - x.before) - ${cancelShippingTax}), -${cancelShippingTax}
    from orders o
    cross join lateral (
      select coalesce(sum(r.shipping_amount), 0)::bigint as before
      from refunds r
      where r.order_id = o.id and r.created_at <= o.cancelled_at
    ) x
    where ${cancelled}`;
}

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
  discounts: number;
  returns: number;
  shipping: number;
  taxes: number;
}

/** net sales = gross − discounts − returns */
export const netOf = (r: SalesRow): number => r.gross - r.discounts - r.returns;
/** total sales = net sales + shipping + taxes */
export const totalOf = (r: SalesRow): number => netOf(r) + r.shipping + r.taxes;

const FIGURES = ['orders', 'gross', 'discounts', 'returns', 'shipping', 'taxes'] as const;

/** The figures of the period and of the one before it. */
export async function salesOfPeriods(
  db: Executor,
  b: PeriodBounds,
): Promise<{ current: SalesRow; previous: SalesRow }> {
  const cur = sql<boolean>`f.at >= ${b.currentStart}`;
  const sums = FIGURES.flatMap((c) => [
    sql`coalesce(sum(f.${sql.raw(c)}) filter (where ${cur}), 0)::bigint as ${sql.raw(`cur_${c}`)}`,
    sql`coalesce(sum(f.${sql.raw(c)}) filter (where not ${cur}), 0)::bigint as ${sql.raw(`prev_${c}`)}`,
  ]);
  const { rows } = await sql<Record<string, string | number>>`
    select ${sql.join(sums)} from (${salesFacts(b.previousStart, b.currentEnd)}) f`.execute(db);
  const r = rows[0]!;
  const row = (p: string) =>
    Object.fromEntries(FIGURES.map((c) => [c, Number(r[`${p}_${c}`])])) as unknown as SalesRow;
  return { current: row('cur'), previous: row('prev') };
}

export interface SalesDay extends SalesRow {
  day: string;
}

/** Every day of the period in the store's timezone, days without sales included (as zeros). */
export async function salesPerDay(db: Executor, timezone: string, b: PeriodBounds): Promise<SalesDay[]> {
  const sums = FIGURES.map((c) => sql`coalesce(sum(f.${sql.raw(c)}), 0)::bigint as ${sql.raw(c)}`);
  const { rows } = await sql<Record<string, string>>`
    select to_char(d.day, 'YYYY-MM-DD') as day, ${sql.join(FIGURES.map((c) => sql`coalesce(x.${sql.raw(c)}, 0)::bigint as ${sql.raw(c)}`))}
    from generate_series(${b.firstDay}::timestamp, ${b.lastDay}::timestamp, interval '1 day') as d(day)
    left join (
      select date_trunc('day', f.at at time zone ${timezone}) as day, ${sql.join(sums)}
      from (${salesFacts(b.currentStart, b.currentEnd)}) f
      group by 1
    ) x on x.day = d.day
    order by d.day`.execute(db);
  return rows.map((r) => ({
    day: String(r.day),
    ...(Object.fromEntries(FIGURES.map((c) => [c, Number(r[c])])) as unknown as SalesRow),
  }));
}

export interface TopProduct {
  productId: string;
  title: string;
  /** From the catalog; null once the product is deleted. */
  vendor: string | null;
  handle: string | null;
  units: number;
  revenue: number;
}

/**
 * Products by net sales in the period, by the same rule as the period's figures (gross − discounts
 * − returns of their lines, returns on the day refunded); units are units sold less units returned.
 */
export async function topProducts(db: Executor, b: PeriodBounds, limit: number): Promise<TopProduct[]> {
  const { rows } = await sql<{
    product_id: string;
    title: string;
    vendor: string | null;
    handle: string | null;
    units: string;
    revenue: string;
  }>`
    select t.product_id, coalesce(p.title, t.title) as title, p.vendor, p.handle, t.units, t.revenue
    from (
      select f.product_id, max(f.title) as title, sum(f.units)::bigint as units,
        sum(f.gross - f.discounts - f.returns)::bigint as revenue
      from (${salesFacts(b.currentStart, b.currentEnd)}) f
      where f.product_id is not null
      group by f.product_id
    ) t
    left join products p on p.id = t.product_id
    where t.revenue > 0 or t.units > 0
    order by t.revenue desc, t.product_id
    limit ${limit}`.execute(db);
  return rows.map((r) => ({
    productId: r.product_id,
    title: r.title,
    vendor: r.vendor,
    handle: r.handle,
    units: Number(r.units),
    revenue: Number(r.revenue),
  }));
}
