import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { decodeIdOf } from '@stockroom/domain';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import {
  CANCEL,
  createLocation,
  createOrder,
  createVariant,
  gql,
  MARK_PAID,
} from '../../support/order-fixtures.js';
import { fulfillAll, refundOk } from '../../support/refund-fixtures.js';
import { CREATE as RETURN_CREATE, RECEIVE, SETTLE } from '../../support/return-fixtures.js';
import { usRates } from '../../support/draft-fixtures.js';
import { createDiscount } from '../../support/discount-fixtures.js';

const TZ = 'America/Los_Angeles';

const SALES = `query($period: AnalyticsPeriod!) { analytics { sales(period: $period) {
  period timezone netSalesChange ordersChange
  current { orders grossSales { amount } returns { amount } netSales { amount } averageOrderValue { amount } }
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

  it('adds up sales per period and day in the store’s timezone; refunds and cancellations are returns', async () => {
    const owner = await signedIn(ctx.server);
    const { a, b } = await store(owner);

    // Today: 20.00 paid; 50.00 paid with 25.00 refunded; 10.00 placed and cancelled (a sale and
    // its return); 50.00 placed at 00:00.
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
        orders: 4,
        grossSales: { amount: '130.00' },
        returns: { amount: '35.00' },
        netSales: { amount: '95.00' },
        averageOrderValue: { amount: '32.50' },
      },
      previous: { orders: 1, grossSales: { amount: '30.00' }, netSales: { amount: '30.00' } },
      netSalesChange: 216.7,
      ordersChange: 300,
      perDay: [{ date: localDay(0), orders: 4, netSales: { amount: '95.00' } }],
    });

    const week = (await gql(owner, SALES, { period: 'LAST_7_DAYS' })).analytics.sales;
    expect(week.current).toMatchObject({
      orders: 5,
      grossSales: { amount: '160.00' },
      netSales: { amount: '125.00' },
      averageOrderValue: { amount: '32.00' },
    });
    expect(week.previous).toMatchObject({ orders: 1, netSales: { amount: '10.00' } });
    expect(week.netSalesChange).toBe(1150);
    expect(week.ordersChange).toBe(400);
    expect(week.perDay.map((d: any) => [d.date, d.orders, d.netSales.amount])).toEqual([
      [localDay(6), 0, '0.00'],
      [localDay(5), 0, '0.00'],
      [localDay(4), 0, '0.00'],
      [localDay(3), 0, '0.00'],
      [localDay(2), 0, '0.00'],
      [localDay(1), 1, '30.00'],
      [localDay(0), 4, '95.00'],
    ]);
    expect(week.topProducts.map((p: any) => [p.title, p.unitsSold, p.netSales.amount])).toEqual([
      ['Product AN-B', 3, '75.00'],
      ['Product AN-A', 5, '50.00'],
    ]);
    expect(week.topProducts[0].product.id).toMatch(/^prod_/);

    const month = (await gql(owner, SALES, { period: 'LAST_30_DAYS' })).analytics.sales;
    expect(month.perDay).toHaveLength(30);
    expect(month.current.orders).toBe(6);
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
    expect(sales.current.orders).toBe(4);

    const bad = await catalog.request(SALES, { period: 'YESTERYEAR' });
    expect(bad.body.errors?.[0]?.message).toMatch(/YESTERYEAR/);
  });
});

const BREAKDOWN = `query { analytics { sales(period: TODAY) {
  current { from to orders grossSales { amount } discounts { amount } returns { amount } netSales { amount }
    shipping { amount } taxes { amount } totalSales { amount } }
  previous { orders grossSales { amount } netSales { amount } }
  topProducts(first: 10) { title vendor handle unitsSold netSales { amount } }
} } }`;

/** Minor units as the API's amounts ("12.34", "-0.05"). */
const amount = (minor: number) => `${minor < 0 ? '-' : ''}${(Math.abs(minor) / 100).toFixed(2)}`;

describe.each(DATABASES)('analytics: the sales breakdown of one day on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false } });

  it('gross, discounts, returns, net, shipping, taxes and total match the day’s order rows', async () => {
    const owner = await signedIn(ctx.server);
    const db = ctx.server.app.database.db;
    const shop = async (input: string) =>
      expect(
        (await gql(owner, `mutation { shopUpdate(input: { ${input} }) { userErrors { message } } }`))
          .shopUpdate.userErrors,
      ).toEqual([]);
    await shop(`timezone: "${TZ}"`);
    const at = await createLocation(owner, 'Breakdown warehouse');
    const rates = await usRates(owner);
    const tax = await gql(
      owner,
      `mutation { taxRateCreate(input: { countryCode: "US", name: "Sales tax", rate: "8.875" }) { userErrors { message } } }`,
    );
    expect(tax.taxRateCreate.userErrors).toEqual([]);
    await createDiscount(owner, { code: 'SPRING15', value: '15' });
    // Two products with one title, told apart by vendor and handle.
    const raincoat = async (vendor: string, price: string) => {
      const made = await gql(
        owner,
        `mutation($input: ProductInput!) { productCreate(input: $input) { product { variants { id } } userErrors { message } } }`,
        {
          input: {
            title: 'Harbor Wool Raincoat',
            vendor,
            status: 'ACTIVE',
            variants: [
              {
                sku: `RAIN-${vendor.split(' ')[0]}`,
                price,
                startingStock: [{ locationId: at, quantity: 50 }],
              },
            ],
          },
        },
      );
      expect(made.productCreate.userErrors).toEqual([]);
      return made.productCreate.product.variants[0].id as string;
    };
    const harbor = await raincoat('Harbor Supply', '89.00');
    const loom = await raincoat('North Loom', '79.00');
    const scarf = await createVariant(owner, { sku: 'SCARF', price: '19.99', stock: { [at]: 50 } });
    const place = (lines: [string, number][], extra: Record<string, unknown> = {}) =>
      createOrder(
        owner,
        lines.map(([variantId, quantity]) => ({ variantId, quantity })),
        { shippingRateId: rates.express, ...extra },
      );
    const lineIds = async (orderId: string) =>
      (
        await gql(owner, `query($id: ID!) { order(id: $id) { lines { id } } }`, { id: orderId })
      ).order.lines.map((l: any) => l.id as string);

    // Discounted, paid, then a partial refund of one raincoat and some shipping.
    const o1 = await place(
      [
        [harbor, 2],
        [scarf, 1],
      ],
      { discountCode: 'SPRING15' },
    );
    await gql(owner, MARK_PAID, { id: o1.id });
    await refundOk(owner, {
      orderId: o1.id,
      lines: [{ lineId: (await lineIds(o1.id))[0], quantity: 1 }],
      shipping: '3.00',
    });
    // Paid, one of two refunded, then cancelled with the rest of the money refunded.
    const o2 = await place([[loom, 2]]);
    await gql(owner, MARK_PAID, { id: o2.id });
    await refundOk(owner, { orderId: o2.id, lines: [{ lineId: (await lineIds(o2.id))[0], quantity: 1 }] });
    expect((await gql(owner, CANCEL, { id: o2.id, refund: true })).orderCancel.userErrors).toEqual([]);
    // Never paid, cancelled.
    const o3 = await place([[scarf, 3]]);
    expect((await gql(owner, CANCEL, { id: o3.id })).orderCancel.userErrors).toEqual([]);
    // Placed while prices include tax: every figure but taxes is without it.
    await shop('pricesIncludeTax: true');
    const o4 = await place(
      [
        [loom, 1],
        [scarf, 2],
      ],
      { discountCode: 'SPRING15' },
    );
    await shop('pricesIncludeTax: false');
    await gql(owner, MARK_PAID, { id: o4.id });
    // Placed yesterday, refunded today: the sale is yesterday's, the return today's.
    const o5 = await place([[scarf, 2]]);
    await gql(owner, MARK_PAID, { id: o5.id });
    await sql`update orders set created_at = created_at - interval '1 day' where id = ${decodeIdOf('Order', o5.id)}`.execute(
      db,
    );
    await refundOk(owner, {
      orderId: o5.id,
      lines: [{ lineId: (await lineIds(o5.id))[0], quantity: 1 }],
      shipping: '16.33',
    });

    // Returns (issue #31): 3 coats and a scarf shipped; one coat was refunded before ("keep it"),
    // then all three coats and the scarf come back with a restocking fee: the coat refunded before
    // counts once (on its refund), the others on the day the return is settled. A second return is
    // received but not settled: nothing is returned yet.
    const o6 = await place([
      [harbor, 3],
      [scarf, 1],
    ]);
    await gql(owner, MARK_PAID, { id: o6.id });
    await fulfillAll(owner, o6.id);
    const [coatLine, scarfLine] = await lineIds(o6.id);
    await refundOk(owner, { orderId: o6.id, lines: [{ lineId: coatLine, quantity: 1 }] });
    const made = await gql(owner, RETURN_CREATE, {
      input: {
        orderId: o6.id,
        restockingFeePercent: 10,
        lines: [
          { orderLineId: coatLine, quantity: 3, reason: 'SIZE_TOO_SMALL' },
          { orderLineId: scarfLine, quantity: 1, reason: 'UNWANTED' },
        ],
      },
    });
    expect(made.returnCreate.userErrors).toEqual([]);
    const ret = made.returnCreate.return;
    const received = await gql(owner, RECEIVE, {
      id: ret.id,
      lines: ret.lines.map((l: any) => ({
        returnLineId: l.id,
        quantity: l.quantity,
        disposition: 'RESTOCK',
      })),
    });
    expect(received.returnReceive.userErrors).toEqual([]);
    const settledReturn = await gql(owner, SETTLE, { id: ret.id });
    expect(settledReturn.returnSettle.userErrors).toEqual([]);
    expect(settledReturn.returnSettle.return.lines.map((l: any) => l.creditedQuantity)).toEqual([2, 1]);
    const o7 = await place([[loom, 1]]);
    await gql(owner, MARK_PAID, { id: o7.id });
    await fulfillAll(owner, o7.id);
    const pending = await gql(owner, RETURN_CREATE, {
      input: {
        orderId: o7.id,
        lines: [{ orderLineId: (await lineIds(o7.id))[0], quantity: 1, reason: 'DEFECTIVE' }],
      },
    });
    expect(pending.returnCreate.userErrors).toEqual([]);
    const pendingLine = pending.returnCreate.return.lines[0];
    expect(
      (
        await gql(owner, RECEIVE, {
          id: pending.returnCreate.return.id,
          lines: [{ returnLineId: pendingLine.id, quantity: 1, disposition: 'DAMAGED' }],
        })
      ).returnReceive.userErrors,
    ).toEqual([]);

    const sales = (await gql(owner, BREAKDOWN)).analytics.sales;
    const from = new Date(sales.current.from).getTime();
    const to = new Date(sales.current.to).getTime();
    const today = (t: Date | null) => t !== null && t.getTime() >= from && t.getTime() < to;

    // The figures again, from the rows the commands above wrote.
    const orders = (
      await sql<any>`select id, created_at, cancelled_at, status, prices_include_tax, shipping_total, shipping_tax from orders`.execute(
        db,
      )
    ).rows;
    const lines = (
      await sql<any>`select l.id, l.order_id, l.product_id, p.title, p.vendor, p.handle, l.unit_price, l.quantity, l.discount, l.tax
        from order_lines l join products p on p.id = l.product_id`.execute(db)
    ).rows;
    const refunds = (
      await sql<any>`select id, order_id, created_at, shipping_amount from refunds order by created_at, id`.execute(
        db,
      )
    ).rows;
    const refundLines = (
      await sql<any>`select refund_id, order_line_id, quantity from refund_lines`.execute(db)
    ).rows;
    // What settled returns credited: given back like refunded units, on the day of the settlement.
    const credits = (
      await sql<any>`select r.id, r.order_id, r.settled_at as created_at, 0 as shipping_amount, true as credit
        from returns r where r.settled_at is not null`.execute(db)
    ).rows;
    const creditLines = (
      await sql<any>`select return_id as refund_id, order_line_id, credited_quantity as quantity
        from return_lines where credited_quantity > 0`.execute(db)
    ).rows;
    expect(credits).toHaveLength(1);
    const n = (v: unknown) => Number(v);
    const floor = (total: number, part: number, whole: number) =>
      whole === 0 ? 0 : Math.floor((total * part) / whole);
    const f = { orders: 0, gross: 0, discounts: 0, returns: 0, shipping: 0, taxes: 0 };
    const product = new Map<
      string,
      { title: string; vendor: string; handle: string; units: number; net: number }
    >();
    const byProduct = (l: any, units: number, net: number) => {
      const p = product.get(l.product_id) ?? {
        title: l.title,
        vendor: l.vendor,
        handle: l.handle,
        units: 0,
        net: 0,
      };
      p.units += units;
      p.net += net;
      product.set(l.product_id, p);
    };
    for (const o of orders) {
      const incl = o.prices_include_tax as boolean;
      const charged = n(o.shipping_total) + (incl ? 0 : n(o.shipping_tax));
      const worth = (l: any) => n(l.unit_price) * l.quantity - n(l.discount) - (incl ? n(l.tax) : 0);
      const cancelledAt: Date | null = o.status === 'CANCELLED' ? o.cancelled_at : null;
      const mine = lines.filter((l) => l.order_id === o.id);
      if (today(o.created_at)) {
        f.orders += 1;
        f.shipping += n(o.shipping_total) - (incl ? n(o.shipping_tax) : 0);
        f.taxes += n(o.shipping_tax);
        for (const l of mine) {
          const subtotal = n(l.unit_price) * l.quantity;
          const discount = n(l.discount);
          // With tax inside the prices, the line's tax is split between its gross and its discount.
          const grossTax =
            incl && subtotal > discount ? Math.round((n(l.tax) * subtotal) / (subtotal - discount)) : 0;
          f.gross += subtotal - grossTax;
          f.discounts += discount - (incl ? grossTax - n(l.tax) : 0);
          f.taxes += n(l.tax);
          byProduct(l, l.quantity, worth(l));
        }
      }
      // Refunds and settled returns in the order they happened (a uuidv7 id breaks a tie in time).
      const mineRefunds = [...refunds, ...credits]
        .filter((r) => r.order_id === o.id)
        .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : 1));
      const counts = (r: any) => cancelledAt === null || r.created_at.getTime() <= cancelledAt.getTime();
      let shippingBefore = 0;
      const unitsBefore = new Map<string, number>();
      for (const r of mineRefunds) {
        if (!counts(r)) continue;
        const amountBack = n(r.shipping_amount);
        const shippingTax =
          floor(n(o.shipping_tax), shippingBefore + amountBack, charged) -
          floor(n(o.shipping_tax), shippingBefore, charged);
        for (const rl of (r.credit ? creditLines : refundLines).filter((x) => x.refund_id === r.id)) {
          const l = mine.find((x) => x.id === rl.order_line_id)!;
          const before = unitsBefore.get(l.id) ?? 0;
          const after = before + rl.quantity;
          unitsBefore.set(l.id, after);
          if (!today(r.created_at)) continue;
          const back = floor(worth(l), after, l.quantity) - floor(worth(l), before, l.quantity);
          f.returns += back;
          f.taxes -= floor(n(l.tax), after, l.quantity) - floor(n(l.tax), before, l.quantity);
          byProduct(l, -rl.quantity, -back);
        }
        shippingBefore += amountBack;
        if (today(r.created_at)) {
          f.shipping -= amountBack - shippingTax;
          f.taxes -= shippingTax;
        }
      }
      if (cancelledAt && today(cancelledAt)) {
        for (const l of mine) {
          const before = unitsBefore.get(l.id) ?? 0;
          const back = worth(l) - floor(worth(l), before, l.quantity);
          f.returns += back;
          f.taxes -= n(l.tax) - floor(n(l.tax), before, l.quantity);
          byProduct(l, -(l.quantity - before), -back);
        }
        const taxLeft = n(o.shipping_tax) - floor(n(o.shipping_tax), shippingBefore, charged);
        f.shipping -= charged - shippingBefore - taxLeft;
        f.taxes -= taxLeft;
      }
    }
    const net = f.gross - f.discounts - f.returns;
    // Every part of the breakdown is at work in this day.
    expect(f).toMatchObject({ orders: 6 });
    for (const part of [f.discounts, f.returns, f.shipping, f.taxes]) expect(part).toBeGreaterThan(0);

    expect(sales.current).toMatchObject({
      orders: 6,
      grossSales: { amount: amount(f.gross) },
      discounts: { amount: amount(f.discounts) },
      returns: { amount: amount(f.returns) },
      netSales: { amount: amount(net) },
      shipping: { amount: amount(f.shipping) },
      taxes: { amount: amount(f.taxes) },
      totalSales: { amount: amount(net + f.shipping + f.taxes) },
    });
    // Yesterday: o5's sale, before anything was returned.
    expect(sales.previous).toMatchObject({
      orders: 1,
      grossSales: { amount: '39.98' },
      netSales: { amount: '39.98' },
    });

    const expected = [...product.values()]
      .filter((p) => p.net > 0 || p.units > 0)
      .sort((a, b) => b.net - a.net)
      .map((p) => ({
        title: p.title,
        vendor: p.vendor,
        handle: p.handle,
        unitsSold: p.units,
        netSales: { amount: amount(p.net) },
      }));
    expect(sales.topProducts).toEqual(expected);
    const coats = sales.topProducts.filter((p: any) => p.title === 'Harbor Wool Raincoat');
    expect(coats).toHaveLength(2);
    expect(new Set(coats.map((p: any) => p.handle)).size).toBe(2);
    expect(coats.map((p: any) => p.vendor).sort()).toEqual(['Harbor Supply', 'North Loom']);
  });
});

const LOW = `{ analytics { workQueue { lowStock { count { value } query } } }
  inventoryLevels(query: "low_stock:true", first: 50) { nodes { available lowStock location { name } variant { sku } } }
  all: inventoryLevels(first: 100) { nodes { available lowStock location { name } variant { sku } } } }`;

describe.each(DATABASES)('analytics: low stock counts what a merchant stocks on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false } });

  it('counts tracked variants where stock was received, not the empty levels of every location', async () => {
    const owner = await signedIn(ctx.server);
    const north = await createLocation(owner, 'North');
    const south = await createLocation(owner, 'South');
    await createLocation(owner, 'East');
    // A new product received at one location only: 3 there (low); 0 at the two others, never stocked.
    await createVariant(owner, { sku: 'NEW', price: '10.00', stock: { [north]: 3 } });
    // Received at South and sold out there by a correction: stocked, and low at 0.
    const gone = await createVariant(owner, {
      sku: 'GONE',
      price: '10.00',
      stock: { [north]: 40, [south]: 4 },
    });
    const adjusted = await gql(
      owner,
      `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
      { input: { reason: 'SHRINKAGE', changes: [{ variantId: gone, locationId: south, delta: -4 }] } },
    );
    expect(adjusted.inventoryAdjust.userErrors).toEqual([]);
    // Received (2, low), then no longer tracked: not counted.
    const untracked = await createVariant(owner, { sku: 'UNTRACKED', price: '10.00', stock: { [north]: 2 } });
    const product = (
      await gql(owner, `query($id: ID!) { node(id: $id) { ... on ProductVariant { product { id } } } }`, {
        id: untracked,
      })
    ).node.product.id;
    const off = await gql(
      owner,
      `mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) { userErrors { message } } }`,
      {
        id: product,
        input: { variants: [{ id: untracked, sku: 'UNTRACKED', price: '10.00', trackInventory: false }] },
      },
    );
    expect(off.productUpdate.userErrors).toEqual([]);

    const data = await gql(owner, LOW);
    const levels = (nodes: any[]) =>
      nodes.map((l) => `${l.variant.sku}@${l.location.name}=${l.available}`).sort();
    expect(levels(data.inventoryLevels.nodes)).toEqual(['GONE@South=0', 'NEW@North=3']);
    expect(data.analytics.workQueue.lowStock).toEqual({ count: { value: 2 }, query: 'low_stock:true' });
    // The empty levels are listed in Inventory, and not low; each level's flag follows the same rule.
    expect(levels(data.all.nodes.filter((l: any) => l.lowStock))).toEqual(['GONE@South=0', 'NEW@North=3']);
    expect(levels(data.all.nodes)).toEqual(
      expect.arrayContaining(['NEW@East=0', 'NEW@South=0', 'GONE@East=0', 'GONE@North=40']),
    );
  });
});
