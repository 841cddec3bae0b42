import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from './helpers.js';
import {
  CLOSE,
  createLocation,
  createOrder,
  createVariant,
  FULFILL,
  gql,
  MARK_PAID,
  CANCEL,
} from './support/order-fixtures.js';

const LIST = `query($q: String, $sort: OrderSortKeys, $reverse: Boolean, $first: Int, $after: String, $last: Int, $before: String) {
  orders(query: $q, sortKey: $sort, reverse: $reverse, first: $first, after: $after, last: $last, before: $before) {
    nodes { id name customerName total { amount } paymentStatus fulfillmentStatus status itemsCount tags
      lines { sku quantity } customer { displayName ordersCount } }
    pageInfo { hasNextPage hasPreviousPage endCursor startCursor }
    count { value precision }
    userErrors { field code message }
  } }`;

describe.each(DATABASES)('the order list, on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false } });
  let owner: Client;
  let names: { a: string; b: string; c: string; d: string };
  const list = async (q: string | null, extra: Record<string, unknown> = {}) =>
    (await gql(owner, LIST, { q, ...extra })).orders;
  const namesOf = (conn: { nodes: { name: string }[] }) => conn.nodes.map((n) => n.name);

  beforeAll(async () => {
    owner = await signedIn(ctx.server);
    const main = await createLocation(owner, 'Main warehouse');
    const annex = await createLocation(owner, 'Annex');
    const mug = await createVariant(owner, { sku: 'MUG-RED', price: '10.00', stock: { [main]: 100 } });
    const cap = await createVariant(owner, { sku: 'CAP-1', price: '25.00', stock: { [annex]: 100 } });
    const a = await createOrder(owner, [{ variantId: mug, quantity: 2 }], {
      email: 'ada@example.com',
      tags: ['VIP'],
    });
    const b = await createOrder(owner, [{ variantId: cap, quantity: 1 }], {
      email: 'grace@example.com',
      shippingAddress: {
        firstName: 'Grace',
        lastName: 'Hopper',
        line1: '1 Navy Yard',
        city: 'Arlington',
        postalCode: '22202',
        countryCode: 'US',
      },
    });
    const c = await createOrder(
      owner,
      [
        { variantId: mug, quantity: 1 },
        { variantId: cap, quantity: 3 },
      ],
      { email: 'ada@example.com', payment: { kind: 'SALE' } },
    );
    const d = await createOrder(owner, [{ variantId: mug, quantity: 5 }], { email: 'zed@example.com' });
    await gql(owner, MARK_PAID, { id: b.id });
    await gql(owner, FULFILL, { input: { orderId: b.id } });
    await gql(owner, CLOSE, { id: b.id });
    await gql(owner, CANCEL, { id: d.id, reason: 'Customer changed their mind' });
    names = { a: a.name, b: b.name, c: c.name, d: d.name };
  });

  it('lists newest first with lines and customer, and counts', async () => {
    const all = await list(null);
    expect(namesOf(all)).toEqual([names.d, names.c, names.b, names.a]);
    expect(all.count).toEqual({ value: 4, precision: 'EXACT' });
    const c = all.nodes[1];
    expect(c).toMatchObject({
      itemsCount: 4,
      total: { amount: '85.00' },
      paymentStatus: 'PAID',
      lines: [
        { sku: 'MUG-RED', quantity: 1 },
        { sku: 'CAP-1', quantity: 3 },
      ],
    });
    expect(c.customer.ordersCount).toBe(2);
  });

  it('finds orders by number, email, name, SKU, and every field', async () => {
    const number = names.a.replace(/\D/g, '');
    expect(namesOf(await list(number))).toEqual([names.a]);
    expect(namesOf(await list(names.a))).toEqual([names.a]);
    expect(namesOf(await list('ada@example.com'))).toEqual([names.c, names.a]);
    expect(namesOf(await list('grac'))).toEqual([names.b]);
    expect(namesOf(await list('hopper'))).toEqual([names.b]);
    expect(namesOf(await list('cap-1'))).toEqual([names.c, names.b]);
    expect(namesOf(await list('sku:MUG-RED'))).toEqual([names.d, names.c, names.a]);
    expect(namesOf(await list('status:open'))).toEqual([names.c, names.a]);
    expect(namesOf(await list('status:closed'))).toEqual([names.b]);
    expect(namesOf(await list('status:cancelled'))).toEqual([names.d]);
    expect(namesOf(await list('payment_status:pending -status:cancelled'))).toEqual([names.a]);
    expect(namesOf(await list('fulfillment_status:fulfilled'))).toEqual([names.b]);
    expect(namesOf(await list('status:open -fulfillment_status:fulfilled'))).toEqual([names.c, names.a]);
    expect(namesOf(await list('tag:vip'))).toEqual([names.a]);
    expect(namesOf(await list('total:>80'))).toEqual([names.c]);
    expect(namesOf(await list('created_at:>-1d'))).toHaveLength(4);
    expect(namesOf(await list('location:annex'))).toEqual([names.c, names.b]);
    expect(namesOf(await list('location:"Main warehouse" -status:cancelled'))).toEqual([names.c, names.a]);
    const customerId = (await gql(owner, `{ customers(query: "email:ada@example.com") { nodes { id } } }`))
      .customers.nodes[0].id;
    expect(namesOf(await list(`customer_id:${customerId}`))).toEqual([names.c, names.a]);
    expect(namesOf(await list('customer_id:cus_nope'))).toEqual([]);
  });

  it('says which fields it knows when given an unknown one', async () => {
    const res = await list('colour:blue');
    expect(res.nodes).toEqual([]);
    expect(res.userErrors[0]).toMatchObject({ field: ['query'], code: 'INVALID' });
    expect(res.userErrors[0].message).toContain('payment_status');
  });

  it('sorts by every key both ways and pages without losing or repeating an order', async () => {
    for (const sort of ['CREATED_AT', 'UPDATED_AT', 'NUMBER', 'TOTAL', 'CUSTOMER_NAME']) {
      for (const reverse of [false, true]) {
        const whole = namesOf(await list(null, { sort, reverse, first: 50 }));
        const paged: string[] = [];
        let after: string | null = null;
        for (;;) {
          const page: any = await list(null, { sort, reverse, first: 1, after });
          paged.push(...namesOf(page));
          if (!page.pageInfo.hasNextPage) break;
          after = page.pageInfo.endCursor;
        }
        expect(paged, `${sort} reverse=${reverse}`).toEqual(whole);
        expect(new Set(paged).size).toBe(4);
        // And backwards from the end.
        const back: string[] = [];
        let before: string | null = null;
        for (;;) {
          const page: any = await list(null, { sort, reverse, last: 1, before });
          back.unshift(...namesOf(page));
          if (!page.pageInfo.hasPreviousPage) break;
          before = page.pageInfo.startCursor;
        }
        expect(back, `${sort} reverse=${reverse} backwards`).toEqual(whole);
      }
    }
    const byTotal = await list(null, { sort: 'TOTAL' });
    expect(byTotal.nodes.map((n: any) => n.total.amount)).toEqual(['85.00', '50.00', '25.00', '20.00']);
  });

  it('pages through orders updated in the same instant (a bulk tag) without stopping early', async () => {
    const ids = (await list(null)).nodes.map((n: any) => n.id);
    const bulk = await gql(
      owner,
      `mutation($ids: [ID!]!) { ordersBulkUpdate(ids: $ids, addTags: ["batch"]) { userErrors { message } } }`,
      { ids },
    );
    expect(bulk.ordersBulkUpdate.userErrors).toEqual([]);
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = await list('tag:batch', { sort: 'UPDATED_AT', first: 1, after });
      seen.push(...namesOf(page));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(new Set(seen).size).toBe(4);
  });

  it('reads a page of orders with lines and customers in a fixed number of statements', async () => {
    const database = ctx.server.app.database;
    const statements = async (first: number) => {
      const runs: number[] = [];
      for (let i = 0; i < 3; i++) {
        const before = database.queryCount();
        await list(null, { first });
        runs.push(database.queryCount() - before);
      }
      return Math.min(...runs);
    };
    expect(await statements(4)).toBe(await statements(1));
  });

  it('is closed to people without ORDERS_READ', async () => {
    await ctx.server.createStaff({
      email: 'cat@example.com',
      name: 'Cat Alog',
      password: 'products-all-day-long-1',
      roleKeys: ['catalog-manager'],
    });
    const cat = ctx.client();
    await cat.login('cat@example.com', 'products-all-day-long-1');
    const res = await cat.request(`{ orders { nodes { id } } }`);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const variants = await cat.request(
      `{ productVariants(query: "mug") { nodes { sku product { title } } } }`,
    );
    expect(variants.body.data?.productVariants.nodes).toEqual([
      { sku: 'MUG-RED', product: { title: 'Product MUG-RED' } },
    ]);
  });

  it('finds variants for a picker by SKU, barcode-free words and product', async () => {
    const res = await gql(owner, `{ productVariants(query: "CAP-1") { nodes { sku } count { value } } }`);
    expect(res.productVariants).toEqual({ nodes: [{ sku: 'CAP-1' }], count: { value: 1 } });
    const sorted = await gql(owner, `{ productVariants(sortKey: SKU) { nodes { sku } } }`);
    expect(sorted.productVariants.nodes.map((n: any) => n.sku)).toEqual(['CAP-1', 'MUG-RED']);
    const bad = await gql(owner, `{ productVariants(query: "price:>1") { userErrors { code } } }`);
    expect(bad.productVariants.userErrors[0].code).toBe('INVALID');
  });
});
