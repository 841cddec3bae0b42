import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DATABASES, signedIn, useServer, type Client } from './helpers.js';
import { createLocation, createVariant, gql, stockOf } from './support/order-fixtures.js';
import type { TestServer } from '../src/testing.js';

const CREATE = `mutation($input: OrderCreateInput!) { orderCreate(input: $input) {
  order { id name status paymentStatus fulfillmentStatus availableActions pricesIncludeTax itemsCount email customerName
    subtotal { amount } shippingTotal { amount } taxTotal { amount } discountTotal { amount } total { amount }
    totalPaid { amount } outstanding { amount } totalCapturable { amount }
    shippingLine { name price { amount } tax { amount } }
    customer { displayName email ordersCount totalSpent { amount } state }
    lines { sku quantity unitPrice { amount } subtotal { amount } tax { amount } total { amount } location { name } }
    transactions { kind status amount { amount } gateway actorName }
    timeline { kind message actorName } }
  userErrors { field code message } } }`;

const US = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  line1: '1 Analytical Way',
  city: 'Columbus',
  postalCode: '43004',
  countryCode: 'US',
};
const FR = { ...US, city: 'Paris', postalCode: '75001', countryCode: 'FR' };

/** What a refused command must leave alone: orders, customers, and every stock number. */
async function snapshot(server: TestServer) {
  const db = server.app.database.db;
  const count = async (table: 'orders' | 'customers' | 'order_lines' | 'inventory_movements') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const levels = await db
    .selectFrom('inventory_levels')
    .select(['on_hand', 'committed'])
    .orderBy('id')
    .execute();
  return {
    orders: await count('orders'),
    lines: await count('order_lines'),
    customers: await count('customers'),
    movements: await count('inventory_movements'),
    levels,
  };
}

describe.each(DATABASES)('orderCreate on $name', ({ postgresUrl }) => {
  // Many orders at once from one staff member: the rate limit would turn the race into a queue.
  const ctx = useServer({ postgresUrl, config: { rateLimit: false } });
  let owner: Client;
  let main: string;
  let lamp: string;
  let card: string;
  let standard: string;
  let express: string;

  const create = async (input: Record<string, unknown>, client = owner) =>
    (await gql(client, CREATE, { input })).orderCreate;

  it('sets up a store: locations, stock, a shipping zone with rates and a tax rate', async () => {
    owner = await signedIn(ctx.server);
    main = await createLocation(owner, 'Main warehouse');
    await createLocation(owner, 'Backroom');
    lamp = await createVariant(owner, { sku: 'LAMP', price: '40.00', stock: { [main]: 10 } });
    card = await createVariant(owner, { sku: 'CARD', price: '25.00', untracked: true });
    const zone = await gql(
      owner,
      `mutation { shippingZoneCreate(input: { name: "Domestic", countries: ["US"] }) { zone { id } userErrors { message } } }`,
    );
    const rate = async (input: Record<string, unknown>) =>
      (
        await gql(
          owner,
          `mutation($z: ID!, $input: ShippingRateInput!) { shippingRateCreate(zoneId: $z, input: $input) { rate { id } userErrors { message } } }`,
          { z: zone.shippingZoneCreate.zone.id, input },
        )
      ).shippingRateCreate.rate.id;
    standard = await rate({ name: 'Standard', price: '5.00' });
    express = await rate({ name: 'Express', price: '15.00', maxSubtotal: '20.00' });
    const tax = await gql(
      owner,
      `mutation { taxRateCreate(input: { countryCode: "US", rate: "10", name: "Sales tax" }) { userErrors { message } } }`,
    );
    expect(tax.taxRateCreate.userErrors).toEqual([]);
  });

  it('places an order with tax on top: totals, stock committed, customer made, paid by SALE', async () => {
    const before = await stockOf(owner, lamp);
    expect(before['Main warehouse']).toBe('10/0');
    const { order, userErrors } = await create({
      lines: [
        { variantId: lamp, quantity: 2 },
        { variantId: card, quantity: 1 },
      ],
      email: 'Ada@Example.com',
      shippingAddress: US,
      shippingRateId: standard,
      payment: { kind: 'SALE', reference: 'pos-1' },
      tags: ['vip'],
    });
    expect(userErrors).toEqual([]);
    expect(order).toMatchObject({
      name: '#1001',
      status: 'OPEN',
      paymentStatus: 'PAID',
      fulfillmentStatus: 'UNFULFILLED',
      pricesIncludeTax: false,
      itemsCount: 3,
      email: 'ada@example.com',
      customerName: 'Ada Lovelace',
      subtotal: { amount: '105.00' },
      shippingTotal: { amount: '5.00' },
      taxTotal: { amount: '11.00' },
      discountTotal: { amount: '0.00' },
      total: { amount: '121.00' },
      totalPaid: { amount: '121.00' },
      outstanding: { amount: '0.00' },
      shippingLine: { name: 'Standard', price: { amount: '5.00' }, tax: { amount: '0.50' } },
      customer: {
        displayName: 'Ada Lovelace',
        email: 'ada@example.com',
        ordersCount: 1,
        totalSpent: { amount: '121.00' },
      },
      lines: [
        {
          sku: 'LAMP',
          quantity: 2,
          subtotal: { amount: '80.00' },
          tax: { amount: '8.00' },
          total: { amount: '88.00' },
          location: { name: 'Main warehouse' },
        },
        {
          sku: 'CARD',
          quantity: 1,
          subtotal: { amount: '25.00' },
          tax: { amount: '2.50' },
          total: { amount: '27.50' },
          location: null,
        },
      ],
      transactions: [
        {
          kind: 'SALE',
          status: 'SUCCESS',
          amount: { amount: '121.00' },
          gateway: 'manual',
          actorName: 'Store owner',
        },
      ],
      timeline: [{ kind: 'EVENT', message: 'Order placed by Store owner (API)', actorName: 'Store owner' }],
    });
    expect(order.availableActions).toEqual(expect.arrayContaining(['CANCEL', 'CLOSE', 'FULFILL']));
    expect(order.availableActions).not.toContain('MARK_PAID');
    expect((await stockOf(owner, lamp))['Main warehouse']).toBe('10/2');
  });

  it('keeps tax inside the prices of a store that says so, and holds the money of an AUTHORIZATION', async () => {
    await gql(owner, `mutation { shopUpdate(input: { pricesIncludeTax: true }) { userErrors { message } } }`);
    try {
      const { order, userErrors } = await create({
        lines: [{ variantId: lamp, quantity: 1 }],
        shippingAddress: US,
        shippingRateId: standard,
        payment: { kind: 'AUTHORIZATION' },
      });
      expect(userErrors).toEqual([]);
      expect(order).toMatchObject({
        pricesIncludeTax: true,
        paymentStatus: 'AUTHORIZED',
        subtotal: { amount: '40.00' },
        taxTotal: { amount: '4.09' }, // 40 × 10/110 = 3.64, shipping 5 × 10/110 = 0.45
        total: { amount: '45.00' },
        totalPaid: { amount: '0.00' },
        outstanding: { amount: '45.00' },
        totalCapturable: { amount: '45.00' },
        customer: null,
        customerName: 'Ada Lovelace',
        lines: [{ tax: { amount: '3.64' }, total: { amount: '40.00' } }],
        transactions: [{ kind: 'AUTHORIZATION', amount: { amount: '45.00' } }],
      });
      expect(order.availableActions).toEqual(expect.arrayContaining(['CAPTURE', 'VOID', 'CANCEL']));
    } finally {
      await gql(
        owner,
        `mutation { shopUpdate(input: { pricesIncludeTax: false }) { userErrors { message } } }`,
      );
    }
  });

  it('refuses every bad input with a userError on its field, and changes nothing', async () => {
    const archived = await createVariant(owner, { sku: 'OLD', price: '1.00' });
    const huge = await createVariant(owner, { sku: 'HUGE', price: '99999999.99', untracked: true });
    const archivedProduct = (
      await gql(owner, `query($id: ID!) { node(id: $id) { ... on ProductVariant { product { id } } } }`, {
        id: archived,
      })
    ).node.product.id;
    await gql(
      owner,
      `mutation($id: ID!) { productUpdate(id: $id, input: { status: ARCHIVED }) { userErrors { message } } }`,
      { id: archivedProduct },
    );
    const before = await snapshot(ctx.server);
    const refused = async (input: Record<string, unknown>) => {
      const { order, userErrors } = await create({ shippingAddress: US, ...input });
      expect(order).toBeNull();
      return userErrors.map((e: any) => [e.field.join('.'), e.code, e.message]);
    };
    const one = (variantId: string, quantity = 1) => [{ variantId, quantity }];
    expect(await refused({ lines: one(lamp, 0) })).toEqual([
      ['input.lines.0.quantity', 'OUT_OF_RANGE', 'Enter a whole quantity from 1 to 100,000.'],
    ]);
    expect(await refused({ lines: one(lamp, 100_001) })).toEqual([
      ['input.lines.0.quantity', 'OUT_OF_RANGE', 'Enter a whole quantity from 1 to 100,000.'],
    ]);
    expect(
      await refused({ lines: Array.from({ length: 501 }, () => ({ variantId: lamp, quantity: 1 })) }),
    ).toEqual([['input.lines', 'LIMIT_EXCEEDED', 'An order can have at most 500 lines.']]);
    expect(await refused({ lines: [] })).toEqual([
      ['input.lines', 'REQUIRED', 'An order needs at least one line.'],
    ]);
    const unknown = `var_${'0'.repeat(31)}1`;
    expect(await refused({ lines: [...one(unknown), { variantId: 'nonsense', quantity: 1 }] })).toEqual([
      ['input.lines.1.variantId', 'INVALID', "This variant doesn't exist."],
      ['input.lines.0.variantId', 'INVALID', "This variant doesn't exist."],
    ]);
    expect(await refused({ lines: one(archived) })).toEqual([
      ['input.lines.0.variantId', 'INVALID', "Product OLD is archived and can't be sold."],
    ]);
    expect(await refused({ lines: [...one(lamp), ...one(lamp)] })).toEqual([
      [
        'input.lines.1.variantId',
        'INVALID',
        "This variant is already on line 1; change that line's quantity instead.",
      ],
    ]);
    expect(await refused({ lines: one(lamp), shippingAddress: FR, shippingRateId: standard })).toEqual([
      [
        'input.shippingRateId',
        'INVALID',
        "This shipping rate doesn't apply to orders to France of this subtotal.",
      ],
    ]);
    expect(await refused({ lines: one(lamp), shippingRateId: express })).toEqual([
      [
        'input.shippingRateId',
        'INVALID',
        "This shipping rate doesn't apply to orders to United States of this subtotal.",
      ],
    ]);
    expect(await refused({ lines: one(lamp), shippingAddress: null, shippingRateId: standard })).toEqual([
      ['input.shippingAddress', 'REQUIRED', 'Enter the shipping address to ship with a rate.'],
    ]);
    expect(await refused({ lines: one(lamp), email: 'not-an-email' })).toEqual([
      ['input.email', 'INVALID', 'Enter a valid email address, like name@example.com.'],
    ]);
    expect(await refused({ lines: one(lamp), payment: { kind: 'CAPTURE' } })).toEqual([
      [
        'input.payment.kind',
        'INVALID',
        'A new order is paid by AUTHORIZATION (hold the money) or SALE (take it now).',
      ],
    ]);
    expect(await refused({ lines: one(lamp), customerId: `cus_${'0'.repeat(31)}1` })).toEqual([
      ['input.customerId', 'INVALID', "This customer doesn't exist."],
    ]);
    expect(await refused({ lines: one(huge, 2) })).toEqual([
      ['input.lines', 'LIMIT_EXCEEDED', "An order's subtotal can be at most 99999999.99 USD."],
    ]);
    expect(await refused({ lines: one(lamp, 9) })).toEqual([
      ['input.lines.0.quantity', 'INSUFFICIENT_STOCK', 'Only 7 available at Main warehouse.'],
    ]);
    // Every failing field at once.
    const many = await refused({ lines: [...one(lamp, 0), ...one(unknown)], email: 'x', phone: '12' });
    expect(many.map((e: any) => e[0]).sort()).toEqual([
      'input.email',
      'input.lines.0.quantity',
      'input.lines.1.variantId',
      'input.phone',
    ]);
    expect(await snapshot(ctx.server)).toEqual(before);
  });

  it('links an existing customer by id or by email in any case, and adds the order to their figures', async () => {
    const { customer } = (
      await gql(
        owner,
        `mutation { customerCreate(input: { email: "grace@example.com", firstName: "Grace", lastName: "Hopper" }) { customer { id } } }`,
      )
    ).customerCreate;
    const byId = await create({
      lines: [{ variantId: card, quantity: 2 }],
      customerId: customer.id,
      shippingAddress: US,
    });
    expect(byId.order).toMatchObject({
      email: 'grace@example.com',
      customerName: 'Grace Hopper',
      total: { amount: '55.00' },
    });
    // No address and the store has none: no place to tax, so no tax.
    const byEmail = await create({ lines: [{ variantId: card, quantity: 1 }], email: 'GRACE@example.COM' });
    expect(byEmail.order.customer).toMatchObject({
      displayName: 'Grace Hopper',
      ordersCount: 2,
      totalSpent: { amount: '80.00' },
    });
    const read = await gql(
      owner,
      `query($id: ID!) { customer(id: $id) { ordersCount totalSpent { amount } lastOrderAt orders(first: 5) { name } } }`,
      { id: customer.id },
    );
    expect(read.customer).toMatchObject({ ordersCount: 2, totalSpent: { amount: '80.00' } });
    expect(read.customer.lastOrderAt).toBeTruthy();
    expect(read.customer.orders.map((o: any) => o.name)).toEqual([byEmail.order.name, byId.order.name]);
    const disabled = await gql(
      owner,
      `mutation($id: ID!) { customerDisable(id: $id) { userErrors { message } } }`,
      { id: customer.id },
    );
    expect(disabled.customerDisable.userErrors).toEqual([]);
    const refused = await create({ lines: [{ variantId: card, quantity: 1 }], customerId: customer.id });
    expect(refused.userErrors).toEqual([
      {
        field: ['input', 'customerId'],
        code: 'INVALID',
        message: 'This customer is disabled; enable them first.',
      },
    ]);
  });

  it('answers a repeated idempotency key with the first order, even 20 at once, and refuses it for other input', async () => {
    const input = {
      lines: [{ variantId: lamp, quantity: 1 }],
      shippingAddress: US,
      idempotencyKey: 'checkout-42',
    };
    const before = await stockOf(owner, lamp);
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(input)));
    const first = answers[0];
    expect(first.userErrors).toEqual([]);
    for (const a of answers) expect(a).toEqual(first);
    const db = ctx.server.app.database.db;
    const rows = await db
      .selectFrom('orders')
      .select('id')
      .where('idempotency_key', '=', 'checkout-42')
      .execute();
    expect(rows).toHaveLength(1);
    const [on, committed] = before['Main warehouse']!.split('/').map(Number);
    expect((await stockOf(owner, lamp))['Main warehouse']).toBe(`${on}/${committed! + 1}`);
    const reused = await create({ ...input, lines: [{ variantId: lamp, quantity: 2 }] });
    expect(reused).toEqual({
      order: null,
      userErrors: [
        {
          field: ['input', 'idempotencyKey'],
          code: 'IDEMPOTENCY_KEY_REUSED',
          message: 'This idempotency key was already used for a different request.',
        },
      ],
    });
  });

  it('lets Fulfillment staff read orders and refuses a Catalog manager', async () => {
    const password = 'a-long-staff-password-1';
    await ctx.server.createStaff({
      email: 'picker@example.com',
      name: 'Pat Picker',
      password,
      roleKeys: ['fulfillment'],
    });
    await ctx.server.createStaff({
      email: 'cat@example.com',
      name: 'Cat Alog',
      password,
      roleKeys: ['catalog-manager'],
    });
    const { order } = await create({ lines: [{ variantId: card, quantity: 1 }] });
    const picker = await signedIn(ctx.server, 'picker@example.com', password);
    const read = await gql(
      picker,
      `query($id: ID!) { order(id: $id) { name lines { sku } } node(id: $id) { id } }`,
      { id: order.id },
    );
    expect(read).toEqual({ order: { name: order.name, lines: [{ sku: 'CARD' }] }, node: { id: order.id } });
    const cat = await signedIn(ctx.server, 'cat@example.com', password);
    const denied = await cat.request(`query($id: ID!) { order(id: $id) { name } }`, { id: order.id });
    expect(denied.body.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
    const noNode = await gql(cat, `query($id: ID!) { node(id: $id) { id } }`, { id: order.id });
    expect(noNode.node).toBeNull();
    const cannotPlace = await cat.request(CREATE, { input: { lines: [{ variantId: card, quantity: 1 }] } });
    expect(cannotPlace.body.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
  });
});
