import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { decodeIdOf } from '@stockroom/domain';
import { DATABASES, signedIn, useServer, type Client } from './helpers.js';
import {
  CANCEL,
  createLocation,
  createOrder,
  createVariant,
  gql,
  MARK_PAID,
} from './support/order-fixtures.js';
import { refundOk } from './support/refund-fixtures.js';

const TZ = 'America/Los_Angeles';

const SALES = `query($period: AnalyticsPeriod!) { analytics { sales(period: $period) {
  period timezone netSalesChange ordersChange
  current { orders grossSales { amount } refunds { amount } netSales { amount } averageOrderValue { amount } }
  previous { orders grossSales { amount } netSales { amount } }
  perDay { date orders netSales { amount } }
  topProducts(first: 5) { title unitsSold netSales { amount } product { id } }
} } }`;

const QUEUE = `{ analytics { workQueue {
  ordersToFulfill { count { value precision } query }
  unpaidOrders { count { value } query }
  openDrafts { count { value } query }
  lowStock { count { value } query }
} } }`;

/** The local date (YYYY-MM-DD) `daysAgo` days before today in the store's timezone. */
function localDay(daysAgo: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - daysAgo);
  return d.toISOString().slice(0, 10);
}

describe.each(DATABASES)('analytics: the home figures on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false } });

  /** Moves an order to `local` (a time of day, `daysAgo` days back) in the store's timezone. */
  async function placeAt(orderId: string, daysAgo: number, local: string) {
    const db = ctx.server.app.database.db;
    await sql`update orders set created_at =
        (date_trunc('day', now() at time zone ${TZ}::text) - make_interval(days => ${daysAgo}::int) + ${local}::interval)
        at time zone ${TZ}::text
      where id = ${decodeIdOf('Order', orderId)}`.execute(db);
  }

  async function store(owner: Client) {
    const set = await gql(
      owner,
      `mutation { shopUpdate(input: { timezone: "${TZ}" }) { userErrors { field message } } }`,
    );
    expect(set.shopUpdate.userErrors).toEqual([]);
    const at = await createLocation(owner, 'Analytics warehouse');
    const a = await createVariant(owner, { sku: 'AN-A', price: '10.00', stock: { [at]: 100 } });
    const b = await createVariant(owner, { sku: 'AN-B', price: '25.00', stock: { [at]: 100 } });
    await createVariant(owner, { sku: 'AN-LOW', price: '5.00', stock: { [at]: 2 } });
    return { a, b };
  }

  it('adds up sales per period and day in the store’s timezone, nets refunds and leaves cancelled orders out', async () => {
    const owner = await signedIn(ctx.server);
    const { a, b } = await store(owner);

    // Today: 20.00 paid; 50.00 paid with 25.00 refunded; 10.00 cancelled; 50.00 placed at 00:00.
    const o1 = await createOrder(owner, [{ variantId: a, quantity: 2 }]);
    expect(o1.total).toEqual({ amount: '20.00' });
    await gql(owner, MARK_PAID, { id: o1.id });
    const o2 = await createOrder(owner, [{ variantId: b, quantity: 2 }]);
    await gql(owner, MARK_PAID, { id: o2.id });
    const lines = await gql(owner, `query($id: ID!) { order(id: $id) { lines { id } } }`, { id: o2.id });
    await refundOk(owner, {
      orderId: o2.id,
      lines: [{ lineId: lines.order.lines[0].id, quantity: 1, restock: false }],
      reason: 'One was enough',
    });
    const o3 = await createOrder(owner, [{ variantId: a, quantity: 1 }]);
    const cancelled = await gql(owner, CANCEL, { id: o3.id, reason: 'Customer changed their mind' });
    expect(cancelled.orderCancel.userErrors).toEqual([]);
    const o5 = await createOrder(owner, [{ variantId: b, quantity: 2 }]);
    await placeAt(o5.id, 0, '0 hours');
    // Yesterday at 23:30 in Los Angeles — already "today" in UTC — is yesterday's sale.
    const o4 = await createOrder(owner, [{ variantId: a, quantity: 3 }]);
    await placeAt(o4.id, 1, '23 hours 30 minutes');
    // Eight days ago: the 7 days before the last 7.
    const o6 = await createOrder(owner, [{ variantId: a, quantity: 1 }]);
    await placeAt(o6.id, 8, '12 hours');

    const today = (await gql(owner, SALES, { period: 'TODAY' })).analytics.sales;
    expect(today).toMatchObject({
      period: 'TODAY',
      timezone: TZ,
      current: {
        orders: 3,
        grossSales: { amount: '120.00' },
        refunds: { amount: '25.00' },
        netSales: { amount: '95.00' },
        averageOrderValue: { amount: '31.67' },
      },
      previous: { orders: 1, grossSales: { amount: '30.00' }, netSales: { amount: '30.00' } },
      netSalesChange: 216.7,
      ordersChange: 200,
      perDay: [{ date: localDay(0), orders: 3, netSales: { amount: '95.00' } }],
    });

    const week = (await gql(owner, SALES, { period: 'LAST_7_DAYS' })).analytics.sales;
    expect(week.current).toMatchObject({
      orders: 4,
      grossSales: { amount: '150.00' },
      netSales: { amount: '125.00' },
      averageOrderValue: { amount: '31.25' },
    });
    expect(week.previous).toMatchObject({ orders: 1, netSales: { amount: '10.00' } });
    expect(week.netSalesChange).toBe(1150);
    expect(week.ordersChange).toBe(300);
    expect(week.perDay.map((d: any) => [d.date, d.orders, d.netSales.amount])).toEqual([
      [localDay(6), 0, '0.00'],
      [localDay(5), 0, '0.00'],
      [localDay(4), 0, '0.00'],
      [localDay(3), 0, '0.00'],
      [localDay(2), 0, '0.00'],
      [localDay(1), 1, '30.00'],
      [localDay(0), 3, '95.00'],
    ]);
    expect(week.topProducts.map((p: any) => [p.title, p.unitsSold, p.netSales.amount])).toEqual([
      ['Product AN-B', 3, '75.00'],
      ['Product AN-A', 5, '50.00'],
    ]);
    expect(week.topProducts[0].product.id).toMatch(/^prod_/);

    const month = (await gql(owner, SALES, { period: 'LAST_30_DAYS' })).analytics.sales;
    expect(month.perDay).toHaveLength(30);
    expect(month.current.orders).toBe(5);
    expect(month.previous.orders).toBe(0);
    expect(month.ordersChange).toBeNull();

    const queue = (await gql(owner, QUEUE)).analytics.workQueue;
    expect(queue).toEqual({
      ordersToFulfill: {
        count: { value: 5, precision: 'EXACT' },
        query: 'status:open -fulfillment_status:fulfilled',
      },
      unpaidOrders: {
        count: { value: 3 },
        query:
          '-status:cancelled (payment_status:pending OR payment_status:authorized OR payment_status:partially_paid)',
      },
      openDrafts: { count: { value: 0 }, query: 'status:open' },
      lowStock: { count: { value: 1 }, query: 'low_stock:true' },
    });
    // Each figure's query shows exactly what it counted in its list.
    const listed = await gql(owner, `query($q: String) { orders(query: $q) { count { value } } }`, {
      q: queue.unpaidOrders.query,
    });
    expect(listed.orders.count.value).toBe(3);
  });

  it('shows the work queue to those without REPORTS_READ, only the parts they may read, and refuses sales', async () => {
    await ctx.server.createStaff({
      email: 'packer@example.com',
      name: 'Pat Packer',
      password: 'packing-tape-roll-77',
      roleKeys: ['fulfillment'],
    });
    const packer = await signedIn(ctx.server, 'packer@example.com', 'packing-tape-roll-77');
    const queue = (await gql(packer, QUEUE)).analytics.workQueue;
    expect(queue.ordersToFulfill.count.value).toBe(5);
    expect(queue.lowStock.count.value).toBe(1);

    const refused = await packer.request(SALES, { period: 'TODAY' });
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      permission: 'REPORTS_READ',
    });

    await ctx.server.createStaff({
      email: 'support@example.com',
      name: 'Sam Support',
      password: 'support-desk-phone-88',
      roleKeys: ['catalog-manager'],
    });
    const catalog = await signedIn(ctx.server, 'support@example.com', 'support-desk-phone-88');
    const theirs = (await gql(catalog, QUEUE)).analytics.workQueue;
    expect(theirs).toMatchObject({ ordersToFulfill: null, unpaidOrders: null, openDrafts: null });
    expect(theirs.lowStock.count.value).toBe(1);
    const sales = (await gql(catalog, SALES, { period: 'TODAY' })).analytics.sales;
    expect(sales.current.orders).toBe(3);

    const bad = await catalog.request(SALES, { period: 'YESTERYEAR' });
    expect(bad.body.errors?.[0]?.message).toMatch(/YESTERYEAR/);
  });
});
