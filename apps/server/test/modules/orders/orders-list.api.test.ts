import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import {
  CLOSE,
  createLocation,
  createOrder,
  createVariant,
  FULFILL,
  gql,
  MARK_PAID,
  CANCEL,
} from '../../support/order-fixtures.js';

const LIST = `query($q: String, $sort: OrderSortKeys, $reverse: Boolean, $first: Int, $after: String, $last: Int, $before: String) {
  orders(query: $q, sortKey: $sort, reverse: $reverse, first: $first, after: $after, last: $last, before: $before) {
    nodes { id name customerName email createdAt total { amount } paymentStatus fulfillmentStatus status itemsCount tags availableActions
      lines { sku quantity } customer { displayName ordersCount } }
    pageInfo { hasNextPage hasPreviousPage endCursor startCursor }
    count { value precision }
    userErrors { field code message }
  } }`;

describe.each(DATABASES)('the order list, on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false } });
  let owner: Client;
  let names: { a: string; b: string; c: string; d: string };
  const ids = { annex: '', mug: '' };
  const list = async (q: string | null, extra: Record<string, unknown> = {}) =>
    (await gql(owner, LIST, { q, ...extra })).orders;
  const namesOf = (conn: { nodes: { name: string }[] }) => conn.nodes.map((n) => n.name);
  /** Every order of a search, one page of one at a time: forward (after) or backward (before). */
  const pageByOne = async (q: string | null, extra: Record<string, unknown>, backward = false) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (;;) {
      const page: any = await list(
        q,
        backward ? { ...extra, last: 1, before: cursor } : { ...extra, first: 1, after: cursor },
      );
      if (backward) seen.unshift(...namesOf(page));
      else seen.push(...namesOf(page));
      if (!(backward ? page.pageInfo.hasPreviousPage : page.pageInfo.hasNextPage)) return seen;
      cursor = backward ? page.pageInfo.startCursor : page.pageInfo.endCursor;
    }
  };

  beforeAll(async () => {
    owner = await signedIn(ctx.server);
    const main = await createLocation(owner, 'Main warehouse');
    const annex = await createLocation(owner, 'Annex');
    const mug = await createVariant(owner, { sku: 'MUG-RED', price: '10.00', stock: { [main]: 100 } });
    const cap = await createVariant(owner, { sku: 'CAP-1', price: '25.00', stock: { [annex]: 100 } });
    Object.assign(ids, { annex, mug });
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
    expect(namesOf(await list(`location:${ids.annex}`))).toEqual([names.c, names.b]);
    expect(namesOf(await list('location:nowhere'))).toEqual([]);
    expect(namesOf(await list('email:ADA@example.com'))).toEqual([names.c, names.a]);
    expect(namesOf(await list('source:api'))).toHaveLength(4);
    expect(namesOf(await list('source:import'))).toEqual([]);
    expect(namesOf(await list('updated_at:>-1d'))).toHaveLength(4);
    expect(namesOf(await list('created_at:<2000-01-01'))).toEqual([]);
    const first = Number(names.a.replace(/\D/g, ''));
    expect(namesOf(await list(`number:>=${first + 2}`))).toEqual([names.d, names.c]);
    expect(namesOf(await list('payment_status:authorized'))).toEqual([]);
    expect(namesOf(await list('total:<=20'))).toEqual([names.a]);
    // Words and fields together, NOT and OR.
    expect(namesOf(await list('ada@example.com -tag:vip'))).toEqual([names.c]);
    expect(namesOf(await list('tag:vip OR status:cancelled'))).toEqual([names.d, names.a]);
    expect(namesOf(await list('NOT sku:cap-1'))).toEqual([names.d, names.a]);
    // A word that is nothing of an order's finds nothing, quickly rather than by reading them all.
    expect(namesOf(await list('qwertyuiop'))).toEqual([]);
  });

  it("answers the tabs' searches (the admin's All, Unfulfilled, Unpaid, Open, Archived)", async () => {
    // The same strings as apps/admin/src/features/orders/components/order-list-sorting.ts.
    const tabs: Record<string, string[]> = {
      '': [names.d, names.c, names.b, names.a],
      'status:open -fulfillment_status:fulfilled': [names.c, names.a],
      '-status:cancelled (payment_status:pending OR payment_status:authorized OR payment_status:partially_paid)':
        [names.a],
      'status:open': [names.c, names.a],
      'status:closed': [names.b],
    };
    for (const [q, expected] of Object.entries(tabs)) {
      const res = await list(q || null);
      expect(res.userErrors, q).toEqual([]);
      expect(namesOf(res), q).toEqual(expected);
      expect(res.count, q).toEqual({ value: expected.length, precision: 'EXACT' });
    }
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
        expect(whole).toHaveLength(4);
        expect(await pageByOne(null, { sort, reverse }), `${sort} reverse=${reverse}`).toEqual(whole);
        expect(
          await pageByOne(null, { sort, reverse }, true),
          `${sort} reverse=${reverse} backwards`,
        ).toEqual(whole);
      }
    }
    // Searches for particular orders read their few matches and sort them; they page the same way.
    for (const [q, sort] of [
      ['ada@example.com', 'CREATED_AT'],
      ['sku:MUG-RED', 'TOTAL'],
      ['mug-red', 'CUSTOMER_NAME'],
    ]) {
      for (const reverse of [false, true]) {
        const whole = namesOf(await list(q!, { sort, reverse }));
        expect(whole.length).toBeGreaterThan(1);
        expect(await pageByOne(q!, { sort, reverse }), `${q} ${sort} reverse=${reverse}`).toEqual(whole);
        expect(await pageByOne(q!, { sort, reverse }, true), `${q} backwards`).toEqual(whole);
      }
    }
    const byTotal = await list(null, { sort: 'TOTAL' });
    expect(byTotal.nodes.map((n: any) => n.total.amount)).toEqual(['85.00', '50.00', '25.00', '20.00']);
  });

  it('pages through orders updated in the same instant (a bulk tag) without stopping early', async () => {
    const all = (await list(null)).nodes.map((n: any) => n.id);
    const bulk = await gql(
      owner,
      `mutation($ids: [ID!]!) { ordersBulkUpdate(ids: $ids, addTags: ["batch"]) { userErrors { message } } }`,
      { ids: all },
    );
    expect(bulk.ordersBulkUpdate.userErrors).toEqual([]);
    // With the search (a tag: the few matches are sorted) and without (the index is walked).
    for (const q of ['tag:batch', null]) {
      for (const reverse of [false, true]) {
        const seen = await pageByOne(q, { sort: 'UPDATED_AT', reverse });
        expect([seen.length, new Set(seen)], `${q} ${reverse}`).toEqual([4, new Set(Object.values(names))]);
        expect(await pageByOne(q, { sort: 'UPDATED_AT', reverse }, true)).toEqual(seen);
      }
    }
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

  it('finds variants for a picker by SKU, barcode, words of the product and the variant', async () => {
    const made = await gql(
      owner,
      `mutation($input: ProductInput!) { productCreate(input: $input) { product { id } userErrors { message } } }`,
      {
        input: {
          title: 'Wool Beanie',
          vendor: 'Northwind',
          options: [{ name: 'Colour', values: ['Grey', 'Navy'] }],
          variants: [
            { optionValues: ['Grey'], price: '18', sku: 'BEANIE-GREY', barcode: '0123456789012' },
            { optionValues: ['Navy'], price: '18', sku: 'BEANIE-NAVY' },
          ],
        },
      },
    );
    expect(made.productCreate.userErrors).toEqual([]);
    const find = async (query: string | null, sortKey = 'TITLE') =>
      (
        await gql(
          owner,
          `query($q: String, $s: ProductVariantSortKeys) { productVariants(query: $q, sortKey: $s) {
            nodes { sku title product { title } } count { value } userErrors { field code message } } }`,
          { q: query, s: sortKey },
        )
      ).productVariants;
    const skus = async (query: string | null, sortKey?: string) =>
      (await find(query, sortKey)).nodes.map((n: any) => n.sku);
    expect(await find('CAP-1')).toMatchObject({ nodes: [{ sku: 'CAP-1' }], count: { value: 1 } });
    expect(await skus('beanie navy')).toEqual(['BEANIE-NAVY']);
    expect(await skus('northw')).toEqual(['BEANIE-GREY', 'BEANIE-NAVY']);
    expect(await skus('0123456789012')).toEqual(['BEANIE-GREY']);
    expect(await skus('barcode:0123456789012')).toEqual(['BEANIE-GREY']);
    expect(await skus('sku:beanie-navy')).toEqual(['BEANIE-NAVY']);
    expect(await skus('status:draft')).toEqual(['BEANIE-GREY', 'BEANIE-NAVY']);
    expect(await skus(`product_id:${made.productCreate.product.id}`)).toEqual(['BEANIE-GREY', 'BEANIE-NAVY']);
    expect(await skus('status:active', 'SKU')).toEqual(['CAP-1', 'MUG-RED']);
    expect(await skus(null, 'SKU')).toEqual(['BEANIE-GREY', 'BEANIE-NAVY', 'CAP-1', 'MUG-RED']);
    const bad = await find('price:>1');
    expect(bad.nodes).toEqual([]);
    expect(bad.userErrors[0]).toMatchObject({ field: ['query'], code: 'INVALID' });
    expect(bad.userErrors[0].message).toContain('barcode');
  });

  it('reads a page of 50 orders with lines and customers in as many statements as a page of one', async () => {
    // Runs last: it adds orders, each for a customer of its own.
    for (let i = 0; i < 46; i++) {
      await createOrder(owner, [{ variantId: ids.mug, quantity: 1 }], { email: `buyer${i}@example.com` });
    }
    const database = ctx.server.app.database;
    const statements = async (q: string | null, first: number) => {
      const runs: number[] = [];
      for (let i = 0; i < 3; i++) {
        const before = database.queryCount();
        const page = await list(q, { first });
        expect(page.nodes).toHaveLength(Math.min(first, q ? 49 : 50));
        runs.push(database.queryCount() - before);
      }
      return Math.min(...runs);
    };
    expect(await statements(null, 50)).toBe(await statements(null, 1));
    expect(await statements('mug-red', 50)).toBe(await statements('mug-red', 1));
  });
});
