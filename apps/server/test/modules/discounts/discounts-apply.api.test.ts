import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { CANCEL, createLocation, createVariant, gql, stockOf } from '../../support/order-fixtures.js';
import {
  COMPLETE_DRAFT,
  createDraft,
  DELETE_DRAFT,
  UPDATE_DRAFT,
  usRates,
} from '../../support/draft-fixtures.js';
import { createDiscount, discountOf, manualCollection, productOf } from '../../support/discount-fixtures.js';

const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  line1: '1 Analytical Way',
  city: 'Columbus',
  region: 'OH',
  postalCode: '43004',
  countryCode: 'US',
};

const PLACE = `mutation($input: OrderCreateInput!) { orderCreate(input: $input) {
  order { id name discountCode subtotal { amount } discountTotal { amount } shippingTotal { amount } taxTotal { amount } total { amount }
    lines { sku discount { amount } tax { amount } total { amount } } customer { id } }
  userErrors { field code message } } }`;

/**
 * Codes applied to orders (SPEC §3–§5): worked examples with exact figures, reasons in words,
 * drafts, and limits that hold when orders race for the last use (on PostgreSQL they overlap).
 */
describe.each(DATABASES)('discount codes on orders on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let rates: { standard: string; express: string };
  const v: Record<string, string> = {};

  const place = async (lines: [string, number][], extra: Record<string, unknown> = {}) =>
    (
      await gql(owner, PLACE, {
        input: {
          lines: lines.map(([sku, quantity]) => ({ variantId: v[sku], quantity })),
          email: 'ada@example.com',
          shippingAddress: ADDRESS,
          shippingRateId: rates.express,
          ...extra,
        },
      })
    ).orderCreate;

  it('sets up a store with tax, shipping and a summer collection', async () => {
    owner = await signedIn(ctx.server);
    const warehouse = await createLocation(owner, 'Warehouse');
    rates = await usRates(owner);
    const tax = await gql(
      owner,
      `mutation { taxRateCreate(input: { countryCode: "US", name: "US sales tax", rate: "10" }) { userErrors { message } } }`,
    );
    expect(tax.taxRateCreate.userErrors).toEqual([]);
    for (const [sku, price] of [
      ['SHIRT', '20.00'],
      ['HAT', '10.00'],
      ['A', '10.00'],
      ['B', '10.00'],
      ['C', '10.01'],
    ] as const) {
      v[sku] = await createVariant(owner, { sku, price, stock: { [warehouse]: 100 } });
    }
    await manualCollection(owner, 'Summer', [await productOf(owner, v['SHIRT']!)]);
  });

  it('15 % on one collection only', async () => {
    const summer = (
      await gql(owner, `{ collections(first: 5) { nodes { id title } } }`)
    ).collections.nodes.find((c: any) => c.title === 'Summer');
    await createDiscount(owner, {
      code: 'SUMMER15',
      value: '15',
      appliesTo: 'COLLECTIONS',
      collectionIds: [summer.id],
    });
    const done = await place(
      [
        ['SHIRT', 2],
        ['HAT', 1],
      ],
      { discountCode: 'summer15' },
    );
    expect(done.userErrors).toEqual([]);
    // Shirts 40.00 − 6.00; the hat is not in the collection. Tax 10 % after the discount:
    // 3.40 + 1.00 + 1.50 on shipping.
    expect(done.order).toMatchObject({
      discountCode: 'SUMMER15',
      subtotal: { amount: '50.00' },
      discountTotal: { amount: '6.00' },
      shippingTotal: { amount: '15.00' },
      taxTotal: { amount: '5.90' },
      total: { amount: '64.90' },
      lines: [
        { sku: 'SHIRT', discount: { amount: '6.00' }, tax: { amount: '3.40' }, total: { amount: '37.40' } },
        { sku: 'HAT', discount: { amount: '0.00' }, tax: { amount: '1.00' }, total: { amount: '11.00' } },
      ],
    });
  });

  it('10.00 off over three lines: 3.33, 3.33 and 3.34, with tax on what is left', async () => {
    await createDiscount(owner, { code: 'TENNER', kind: 'FIXED_AMOUNT', value: '10.00' });
    const done = await place(
      [
        ['A', 1],
        ['B', 1],
        ['C', 1],
      ],
      { discountCode: 'TENNER' },
    );
    expect(done.userErrors).toEqual([]);
    expect(
      done.order.lines.map((l: any) => [l.sku, l.discount.amount, l.tax.amount, l.total.amount]),
    ).toEqual([
      ['A', '3.33', '0.67', '7.34'],
      ['B', '3.33', '0.67', '7.34'],
      ['C', '3.34', '0.67', '7.34'],
    ]);
    expect(done.order).toMatchObject({
      subtotal: { amount: '30.01' },
      discountTotal: { amount: '10.00' },
      taxTotal: { amount: '3.51' },
      total: { amount: '38.52' },
    });
  });

  it('free shipping takes the chosen rate off, and its tax', async () => {
    await createDiscount(owner, { code: 'FREESHIP', kind: 'FREE_SHIPPING' });
    const done = await place([['SHIRT', 1]], { discountCode: 'FreeShip' });
    expect(done.userErrors).toEqual([]);
    expect(done.order).toMatchObject({
      discountTotal: { amount: '0.00' },
      shippingTotal: { amount: '0.00' },
      taxTotal: { amount: '2.00' },
      total: { amount: '22.00' },
    });
    const noShipping = await place([['SHIRT', 1]], { discountCode: 'FREESHIP', shippingRateId: null });
    expect(noShipping.userErrors).toEqual([
      {
        field: ['input', 'discountCode'],
        code: 'DISCOUNT_NOT_APPLICABLE',
        message: 'This order has no shipping to make free.',
      },
    ]);
  });

  it('says why a code does not apply, and places nothing', async () => {
    await createDiscount(owner, { code: 'BIGSPEND', value: '10', minimumSubtotal: '100.00' });
    await createDiscount(owner, {
      code: 'THREEHATS',
      value: '10',
      minimumQuantity: 3,
      appliesTo: 'PRODUCTS',
      productIds: [await productOf(owner, v['HAT']!)],
    });
    await createDiscount(owner, {
      code: 'OCTOBER',
      value: '10',
      startsAt: '2026-10-01T12:00:00Z',
      endsAt: '2026-11-01T12:00:00Z',
    });
    const before = await stockOf(owner, v['SHIRT']!);
    const orders = (await gql(owner, `{ orders(first: 1) { count { value } } }`)).orders.count.value;
    const reason = async (code: string, lines: [string, number][] = [['SHIRT', 4]]) => {
      const done = await place(lines, { discountCode: code });
      expect(done.order).toBeNull();
      expect(done.userErrors).toHaveLength(1);
      expect(done.userErrors[0]).toMatchObject({
        field: ['input', 'discountCode'],
        code: expect.any(String),
      });
      return `${done.userErrors[0].code}: ${done.userErrors[0].message}`;
    };
    expect(await reason('BIGSPEND')).toBe('DISCOUNT_NOT_APPLICABLE: Spend 20.00 more to use this code.');
    expect(
      await reason('THREEHATS', [
        ['HAT', 2],
        ['SHIRT', 1],
      ]),
    ).toBe('DISCOUNT_NOT_APPLICABLE: Add 1 more eligible item to use this code.');
    expect(await reason('THREEHATS')).toBe('DISCOUNT_NOT_APPLICABLE: None of these products is eligible.');
    expect(await reason('OCTOBER')).toBe('DISCOUNT_NOT_APPLICABLE: This code expired on 1 Nov 2026.');
    expect(await reason('NOSUCHCODE')).toBe(
      'DISCOUNT_NOT_APPLICABLE: There is no discount code “NOSUCHCODE”.',
    );
    expect(await reason('bad code!')).toBe('INVALID: Use only letters A–Z, digits, - and _ (no spaces).');
    expect(await stockOf(owner, v['SHIRT']!)).toEqual(before);
    expect((await gql(owner, `{ orders(first: 1) { count { value } } }`)).orders.count.value).toBe(orders);
  });

  it('drafts show the code live, refuse one that does not apply, and use it on completion', async () => {
    const code = await createDiscount(owner, { code: 'PHONE20', value: '20', usageLimit: 5 });
    const input = {
      email: 'grace@example.com',
      shippingAddress: ADDRESS,
      lines: [{ variantId: v['SHIRT'], quantity: 2 }],
      shipping: { shippingRateId: rates.express },
      discountCode: 'phone20',
    };
    const calc = (
      await gql(
        owner,
        `mutation($input: DraftOrderInput!) { draftOrderCalculate(input: $input) {
          calculated { discountTotal { amount } total { amount } discount { code applied message } lines { discount { amount } } }
          userErrors { message } } }`,
        { input },
      )
    ).draftOrderCalculate;
    expect(calc).toEqual({
      calculated: {
        discountTotal: { amount: '8.00' },
        // 40 − 8 + 15, tax 3.20 + 1.50
        total: { amount: '51.70' },
        discount: { code: 'PHONE20', applied: true, message: null },
        lines: [{ discount: { amount: '8.00' } }],
      },
      userErrors: [],
    });
    const notYet = (
      await gql(
        owner,
        `mutation($input: DraftOrderInput!) { draftOrderCalculate(input: $input) {
          calculated { discountTotal { amount } discount { code applied message } } userErrors { message } } }`,
        { input: { ...input, discountCode: 'BIGSPEND' } },
      )
    ).draftOrderCalculate;
    expect(notYet.calculated).toEqual({
      discountTotal: { amount: '0.00' },
      discount: { code: 'BIGSPEND', applied: false, message: 'Spend 60.00 more to use this code.' },
    });
    const created = await gql(
      owner,
      `mutation($input: DraftOrderInput!) { draftOrderCreate(input: $input) { draftOrder { id } userErrors { field code message } } }`,
      { input: { ...input, discountCode: 'BIGSPEND' } },
    );
    expect(created.draftOrderCreate).toEqual({
      draftOrder: null,
      userErrors: [
        {
          field: ['input', 'discountCode'],
          code: 'DISCOUNT_NOT_APPLICABLE',
          message: 'Spend 60.00 more to use this code.',
        },
      ],
    });

    const draft = await createDraft(owner, input);
    // A draft holds no use: it is taken when the draft becomes an order.
    expect((await discountOf(owner, code.id)).usageCount).toBe(0);
    const removed = (await gql(owner, UPDATE_DRAFT, { id: draft.id, input: { discountCode: null } }))
      .draftOrderUpdate;
    expect(removed.userErrors).toEqual([]);
    const back = (await gql(owner, UPDATE_DRAFT, { id: draft.id, input: { discountCode: 'PHONE20' } }))
      .draftOrderUpdate;
    expect(back.userErrors).toEqual([]);
    const done = (await gql(owner, COMPLETE_DRAFT, { id: draft.id })).draftOrderComplete;
    expect(done.userErrors).toEqual([]);
    expect(done.order.total).toEqual({ amount: '51.70' });
    expect((await discountOf(owner, code.id)).usageCount).toBe(1);

    // Deleting a draft with a code gives nothing back, because it never took anything.
    const other = await createDraft(owner, input);
    expect((await gql(owner, DELETE_DRAFT, { id: other.id })).draftOrderDelete.userErrors).toEqual([]);
    expect((await discountOf(owner, code.id)).usageCount).toBe(1);
  });

  it('a code with one use left, 20 orders at once: exactly one gets it', async () => {
    const code = await createDiscount(owner, { code: 'ONLYONE', value: '50', usageLimit: 1 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_v, i) =>
        place([['HAT', 1]], { discountCode: 'ONLYONE', email: `rush${i}@example.com` }),
      ),
    );
    const won = results.filter((r) => r.userErrors.length === 0);
    expect(won).toHaveLength(1);
    expect(won[0].order.discountTotal).toEqual({ amount: '5.00' });
    for (const r of results.filter((x) => x.userErrors.length > 0)) {
      expect(r.userErrors).toEqual([
        {
          field: ['input', 'discountCode'],
          code: 'DISCOUNT_NOT_APPLICABLE',
          message: 'This code has been used its limit of 1 time.',
        },
      ]);
    }
    expect(await discountOf(owner, code.id)).toMatchObject({ usageCount: 1, status: 'EXPIRED' });
    const carrying = await gql(owner, `query($q: String) { orders(first: 50, query: $q) { nodes { id } } }`, {
      q: `discount:${code.id}`,
    });
    expect(carrying.orders.nodes).toHaveLength(1);

    // Cancelling that order gives the use back, and the next order gets it.
    await gql(owner, CANCEL, { id: won[0].order.id });
    expect(await discountOf(owner, code.id)).toMatchObject({ usageCount: 0, status: 'ACTIVE' });
    expect((await place([['HAT', 1]], { discountCode: 'ONLYONE' })).userErrors).toEqual([]);
  });

  it('once per customer, 10 orders by the same customer at once: one', async () => {
    const code = await createDiscount(owner, { code: 'FIRSTORDER', value: '10', oncePerCustomer: true });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        place([['HAT', 1]], { discountCode: 'FIRSTORDER', email: 'same@example.com' }),
      ),
    );
    expect(results.filter((r) => r.userErrors.length === 0)).toHaveLength(1);
    for (const r of results.filter((x) => x.userErrors.length > 0)) {
      expect(r.userErrors.map((e: any) => e.message)).toEqual(['Already used by this customer.']);
    }
    expect((await discountOf(owner, code.id)).usageCount).toBe(1);
    // Someone else may still use it.
    expect(
      (await place([['HAT', 1]], { discountCode: 'FIRSTORDER', email: 'other@example.com' })).userErrors,
    ).toEqual([]);
    // An order without a customer can't prove it is a first use.
    const anonymous = await place([['HAT', 1]], { discountCode: 'FIRSTORDER', email: null });
    expect(anonymous.userErrors.map((e: any) => e.message)).toEqual([
      'This code is once per customer: choose the customer or enter their email first.',
    ]);
  });
});
