import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { createVariant, gql, readOrder, setUpActionStore, stockOf } from '../../support/order-fixtures.js';
import {
  CALCULATE_DRAFT,
  COMPLETE_DRAFT,
  createDraft,
  DELETE_DRAFT,
  UPDATE_DRAFT,
  usRates,
} from '../../support/draft-fixtures.js';

const ADDRESS = {
  firstName: 'Grace',
  lastName: 'Hopper',
  line1: '1 Navy Yard',
  city: 'Columbus',
  region: 'OH',
  postalCode: '43004',
  countryCode: 'US',
};

/** Draft orders (SPEC §2 /drafts, §4): calculate, save, complete through orderCreate's path. */
describe.each(DATABASES)('draft orders on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let analyst: Client;
  let warehouse: string;
  let lamp: string;
  let mug: string;
  let rates: { standard: string; express: string };

  it('sets up', async () => {
    ({ owner, warehouse, lamp, mug } = await setUpActionStore(ctx.server, 3));
    rates = await usRates(owner);
    const tax = await gql(
      owner,
      `mutation { taxRateCreate(input: { countryCode: "US", name: "US sales tax", rate: "10" }) { userErrors { message } } }`,
    );
    expect(tax.taxRateCreate.userErrors).toEqual([]);
    await ctx.server.createStaff({
      email: 'ana@example.com',
      name: 'Ana Lyst',
      password: 'numbers-all-day-long-4',
      roleKeys: ['analyst'],
    });
    analyst = await signedIn(ctx.server, 'ana@example.com', 'numbers-all-day-long-4');
  });

  const phoneOrder = () => ({
    email: 'grace@example.com',
    shippingAddress: ADDRESS,
    lines: [
      { variantId: lamp, quantity: 2, price: '35.00', priceOverrideReason: 'Loyal customer' },
      { variantId: mug, quantity: 1 },
      { title: 'Gift wrapping', price: '3.00', quantity: 1, taxable: false },
    ],
    shipping: { shippingRateId: rates.express },
    note: 'Called in',
    tags: ['phone'],
  });

  it('calculates, saves and completes a draft into the same order it showed', async () => {
    const calc = (await gql(owner, CALCULATE_DRAFT, { input: phoneOrder() })).draftOrderCalculate;
    expect(calc.userErrors).toEqual([]);
    // 70.00 + 12.50 + 3.00 = 85.50; tax 10 % on 82.50 and on 15.00 shipping = 9.75.
    expect(calc.calculated).toMatchObject({
      subtotal: { amount: '85.50' },
      shippingTotal: { amount: '15.00' },
      taxTotal: { amount: '9.75' },
      total: { amount: '110.25' },
    });
    expect(calc.calculated.availableShippingRates.map((r: any) => `${r.name} ${r.price.amount}`)).toEqual([
      'Standard 5.00',
      'Express 15.00',
    ]);

    const stockBefore = await stockOf(owner, lamp);
    const draft = await createDraft(owner, phoneOrder());
    expect(draft).toMatchObject({
      name: expect.stringMatching(/^#D\d+$/),
      status: 'OPEN',
      itemsCount: 4,
      total: { amount: '110.25' },
      customerName: 'Grace Hopper',
      shippingLine: { title: 'Express', price: { amount: '15.00' }, custom: false },
      calculated: { total: { amount: '110.25' }, taxName: 'US sales tax' },
    });
    expect(
      draft.lines.map((l: any) => [l.custom, l.title, l.unitPrice.amount, l.priceOverrideReason]),
    ).toEqual([
      [false, 'Product ACT-LAMP', '35.00', 'Loyal customer'],
      [false, 'Product ACT-MUG', '12.50', null],
      [true, 'Gift wrapping', '3.00', null],
    ]);
    // A draft reserves nothing.
    expect(await stockOf(owner, lamp)).toEqual(stockBefore);

    const done = (await gql(owner, COMPLETE_DRAFT, { id: draft.id })).draftOrderComplete;
    expect(done.userErrors).toEqual([]);
    expect(done.draftOrder).toMatchObject({ status: 'COMPLETED', order: { id: done.order.id } });
    expect(done.order).toMatchObject({
      source: 'DRAFT',
      total: { amount: '110.25' },
      paymentStatus: 'PENDING',
      shippingLine: { name: 'Express', price: { amount: '15.00' } },
    });
    expect(
      done.order.lines.map((l: any) => [
        l.productTitle,
        l.custom,
        l.unitPrice.amount,
        l.originalUnitPrice?.amount ?? null,
        l.priceOverrideReason,
        l.taxable,
      ]),
    ).toEqual([
      ['Product ACT-LAMP', false, '35.00', '40.00', 'Loyal customer', true],
      ['Product ACT-MUG', false, '12.50', null, null, true],
      ['Gift wrapping', true, '3.00', null, null, false],
    ]);
    const [onHand, committed] = stockBefore['Warehouse']!.split('/').map(Number);
    expect((await stockOf(owner, lamp))['Warehouse']).toBe(`${onHand}/${committed! + 2}`);

    // Completed: it is the record of its order now.
    const again = (await gql(owner, COMPLETE_DRAFT, { id: draft.id })).draftOrderComplete;
    expect(again.userErrors).toEqual([
      {
        field: ['id'],
        code: 'INVALID_TRANSITION',
        message: `This draft is already completed as order ${done.order.name}.`,
      },
    ]);
    const edit = (await gql(owner, UPDATE_DRAFT, { id: draft.id, input: { note: 'x' } })).draftOrderUpdate;
    expect(edit.userErrors[0].code).toBe('INVALID_TRANSITION');
    const del = (await gql(owner, DELETE_DRAFT, { id: draft.id })).draftOrderDelete;
    expect(del.userErrors[0].code).toBe('INVALID_TRANSITION');

    const audit = await gql(
      owner,
      `{ auditEvents(first: 5, subjectId: "${draft.id}") { nodes { action } } }`,
    );
    expect(audit.auditEvents.nodes.map((e: any) => e.action).sort()).toEqual([
      'draft_order.complete',
      'draft_order.create',
    ]);
  });

  it('recalculates prices at completion, and marks paid when asked', async () => {
    const draft = await createDraft(owner, {
      email: 'late@example.com',
      lines: [{ variantId: mug, quantity: 1 }],
    });
    expect(draft.total).toEqual({ amount: '12.50' });
    const product = await gql(
      owner,
      `query($id: ID!) { node(id: $id) { ... on ProductVariant { id product { id } } } }`,
      { id: mug },
    );
    const changed = await gql(
      owner,
      `mutation($id: ID!, $v: ID!) { productUpdate(id: $id, input: { variants: [{ id: $v, price: "14.00" }] }) { userErrors { message } } }`,
      { id: product.node.product.id, v: mug },
    );
    expect(changed.productUpdate.userErrors).toEqual([]);
    const done = (await gql(owner, COMPLETE_DRAFT, { id: draft.id, paid: true })).draftOrderComplete;
    expect(done.userErrors).toEqual([]);
    expect(done.order).toMatchObject({ total: { amount: '14.00' }, paymentStatus: 'PAID' });
  });

  it('keeps the draft when stock is short, naming the line', async () => {
    const draft = await createDraft(owner, {
      lines: [
        { title: 'Engraving', price: '10.00', quantity: 1 },
        { variantId: mug, quantity: 50 },
      ],
    });
    const before = await stockOf(owner, mug);
    const done = (await gql(owner, COMPLETE_DRAFT, { id: draft.id })).draftOrderComplete;
    expect(done.order).toBeNull();
    expect(done.userErrors).toEqual([
      {
        field: ['lines', '1', 'quantity'],
        code: 'INSUFFICIENT_STOCK',
        message: expect.stringMatching(/^Only \d+ available at /),
      },
    ]);
    expect(await stockOf(owner, mug)).toEqual(before);
    const still = await gql(owner, `query($id: ID!) { draftOrder(id: $id) { status order { id } } }`, {
      id: draft.id,
    });
    expect(still.draftOrder).toEqual({ status: 'OPEN', order: null });
  });

  it('refuses bad input with the field named', async () => {
    const errorsOf = async (input: Record<string, unknown>) =>
      (await gql(owner, CALCULATE_DRAFT, { input })).draftOrderCalculate.userErrors;
    expect(await errorsOf({ lines: [{ variantId: lamp, quantity: 1, price: '1.00' }] })).toEqual([
      {
        field: ['input', 'lines', '0', 'priceOverrideReason'],
        code: 'REQUIRED',
        message: 'Enter why the price is changed.',
      },
    ]);
    expect(await errorsOf({ lines: [{ title: ' ', quantity: 1 }] })).toEqual([
      { field: ['input', 'lines', '0', 'title'], code: 'REQUIRED', message: 'Enter what the item is.' },
      { field: ['input', 'lines', '0', 'price'], code: 'REQUIRED', message: 'Enter the price of the item.' },
    ]);
    expect(await errorsOf({ lines: [{ title: 'Fee', price: '1.234', quantity: 0 }] })).toEqual([
      {
        field: ['input', 'lines', '0', 'quantity'],
        code: 'OUT_OF_RANGE',
        message: 'Enter a whole quantity from 1 to 100,000.',
      },
      {
        field: ['input', 'lines', '0', 'price'],
        code: 'INVALID',
        message: 'Enter a price like 12.50 in USD.',
      },
    ]);
    expect(await errorsOf({ lines: [{ variantId: 'nope', quantity: 1 }] })).toEqual([
      {
        field: ['input', 'lines', '0', 'variantId'],
        code: 'INVALID',
        message: "This variant doesn't exist.",
      },
    ]);
    // Express applies anywhere in the US; no address, no rate.
    expect(
      await errorsOf({
        lines: [{ variantId: mug, quantity: 1 }],
        shipping: { shippingRateId: rates.express },
      }),
    ).toEqual([
      {
        field: ['input', 'shipping', 'shippingRateId'],
        code: 'INVALID',
        message: 'Enter the shipping address to ship with a rate.',
      },
    ]);
    expect(await errorsOf({ shipping: { title: 'Courier' } })).toEqual([
      {
        field: ['input', 'shipping', 'price'],
        code: 'REQUIRED',
        message: 'Enter the price of the shipping.',
      },
    ]);
    // Nothing was saved by any of it.
    const list = await gql(owner, `{ draftOrders(first: 50) { count { value } } }`);
    expect(list.draftOrders.count.value).toBe(3);
  });

  it('updates with a version, deletes open drafts, and lets ORDERS_READ only look', async () => {
    const draft = await createDraft(owner, { lines: [{ variantId: lamp, quantity: 1 }] });
    const saved = (
      await gql(owner, UPDATE_DRAFT, {
        id: draft.id,
        version: draft.version,
        input: { shipping: { title: 'Courier', price: '7.00' }, lines: [{ variantId: lamp, quantity: 3 }] },
      })
    ).draftOrderUpdate;
    expect(saved.userErrors).toEqual([]);
    expect(saved.draftOrder).toMatchObject({
      itemsCount: 3,
      total: { amount: '127.00' },
      shippingLine: { custom: true },
    });
    const stale = (
      await gql(owner, UPDATE_DRAFT, { id: draft.id, version: draft.version, input: { note: 'late' } })
    ).draftOrderUpdate;
    expect(stale.userErrors[0]).toMatchObject({ code: 'STALE_VERSION', field: ['version'] });

    const denied = await analyst.request(DELETE_DRAFT, { id: draft.id });
    expect(denied.body.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      permission: 'ORDERS_WRITE',
    });
    const seen = await gql(analyst, `query($id: ID!) { draftOrder(id: $id) { id } }`, { id: draft.id });
    expect(seen.draftOrder.id).toBe(draft.id);

    const deleted = (await gql(owner, DELETE_DRAFT, { id: draft.id })).draftOrderDelete;
    expect(deleted).toEqual({ deletedId: draft.id, userErrors: [] });
    expect(
      (await gql(owner, `query($id: ID!) { draftOrder(id: $id) { id } }`, { id: draft.id })).draftOrder,
    ).toBeNull();
  });

  it('lists drafts with search, sort and keyset pages', async () => {
    for (let i = 0; i < 5; i++) {
      await createDraft(owner, {
        email: `pager${i}@example.com`,
        lines: [{ title: `Item ${i}`, price: `${i + 1}.00`, quantity: 1 }],
      });
    }
    const LIST = `query($q: String, $after: String) { draftOrders(first: 2, query: $q, after: $after, sortKey: TOTAL) {
      nodes { name email total { amount } } pageInfo { hasNextPage endCursor } count { value precision } } }`;
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = (await gql(owner, LIST, { q: 'status:open pager', after })).draftOrders;
      expect(page.count).toEqual({ value: 5, precision: 'EXACT' });
      seen.push(...page.nodes.map((n: any) => n.total.amount));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(['5.00', '4.00', '3.00', '2.00', '1.00']);
    const one = (await gql(owner, LIST, { q: 'pager3@example.com' })).draftOrders;
    expect(one.nodes.map((n: any) => n.email)).toEqual(['pager3@example.com']);
    const byName = (await gql(owner, LIST, { q: one.nodes[0].name })).draftOrders;
    expect(byName.nodes).toHaveLength(1);
    const bad = await gql(
      owner,
      `{ draftOrders(query: "colour:blue") { nodes { id } userErrors { field code message } } }`,
    );
    expect(bad.draftOrders.userErrors[0]).toMatchObject({ field: ['query'], code: 'INVALID' });
    expect(bad.draftOrders.userErrors[0].message).toContain('status');
  });

  it('completing the same draft at once makes one order; a repeated key answers the first', async () => {
    const second = await signedIn(ctx.server);
    const v = await createVariant(owner, { sku: 'DRAFT-RACE', price: '2.00', stock: { [warehouse]: 100 } });
    const draft = await createDraft(owner, { lines: [{ variantId: v, quantity: 1 }] });
    const results = await Promise.all([
      gql(owner, COMPLETE_DRAFT, { id: draft.id }),
      gql(second, COMPLETE_DRAFT, { id: draft.id }),
    ]);
    const ok = results.filter((r) => r.draftOrderComplete.userErrors.length === 0);
    expect(ok).toHaveLength(1);
    const orders = await gql(owner, `{ orders(first: 10, query: "sku:DRAFT-RACE") { nodes { id } } }`);
    expect(orders.orders.nodes).toHaveLength(1);
    expect((await stockOf(owner, v))['Warehouse']).toBe('100/1');

    const keyed = await createDraft(owner, { lines: [{ variantId: v, quantity: 2 }] });
    const first = (await gql(owner, COMPLETE_DRAFT, { id: keyed.id, key: 'complete-once' }))
      .draftOrderComplete;
    const repeat = (await gql(owner, COMPLETE_DRAFT, { id: keyed.id, key: 'complete-once' }))
      .draftOrderComplete;
    expect(repeat.userErrors).toEqual([]);
    expect(repeat.order.id).toBe(first.order.id);
    expect((await readOrder(owner, first.order.id)).lines[0].quantity).toBe(2);
  });
});
