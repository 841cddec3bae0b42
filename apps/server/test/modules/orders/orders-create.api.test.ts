import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { gql, stockOf, withoutEmails } from '../../support/order-fixtures.js';
import { CREATE, setUpCreateStore, US } from '../../support/order-create-store.js';

describe.each(DATABASES)('orderCreate on $name', ({ postgresUrl }) => {
  // Many orders at once from one staff member: the rate limit would turn the race into a queue.
  const ctx = useServer({ postgresUrl, config: { rateLimit: false } });
  let owner: Client;
  let lamp: string;
  let card: string;
  let standard: string;

  const create = async (input: Record<string, unknown>, client = owner) =>
    (await gql(client, CREATE, { input })).orderCreate;

  it('sets up a store: locations, stock, a shipping zone with rates and a tax rate', async () => {
    ({ owner, lamp, card, standard } = await setUpCreateStore(ctx.server));
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
    });
    expect(withoutEmails(order.timeline)).toEqual([
      { kind: 'EVENT', message: 'Order placed by Store owner (API)', actorName: 'Store owner' },
    ]);
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
