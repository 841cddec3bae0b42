import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { createOrder, createVariant, createLocation, gql, CANCEL } from '../../support/order-fixtures.js';
import {
  CREATE_DISCOUNT,
  createDiscount,
  DELETE_DISCOUNT,
  discountOf,
  productOf,
  UPDATE_DISCOUNT,
} from '../../support/discount-fixtures.js';

const day = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();

/** Discount codes as records (SPEC §2 /discounts, §3, §5, §6): rules, status, list, changes, audit. */
describe.each(DATABASES)('discount codes on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let support: Client;
  let packer: Client;
  let lamp: string;
  let lampProduct: string;

  it('sets up', async () => {
    owner = await signedIn(ctx.server);
    const warehouse = await createLocation(owner, 'Warehouse');
    lamp = await createVariant(owner, { sku: 'DSC-LAMP', price: '40.00', stock: { [warehouse]: 50 } });
    lampProduct = await productOf(owner, lamp);
    await ctx.server.createStaff({
      email: 'sue@example.com',
      name: 'Sue Port',
      password: 'helpful-answers-every-day',
      roleKeys: ['support'],
    });
    await ctx.server.createStaff({
      email: 'pat@example.com',
      name: 'Pat Packer',
      password: 'packing-tape-roll-77',
      roleKeys: ['fulfillment'],
    });
    support = await signedIn(ctx.server, 'sue@example.com', 'helpful-answers-every-day');
    packer = await signedIn(ctx.server, 'pat@example.com', 'packing-tape-roll-77');
  });

  it('creates codes of each kind, with their derived status', async () => {
    const pct = await createDiscount(owner, { code: 'Welcome15', value: '15', usageLimit: 100 });
    expect(pct).toMatchObject({
      code: 'Welcome15',
      kind: 'PERCENTAGE',
      value: '15',
      summary: '15% off',
      status: 'ACTIVE',
      usageCount: 0,
      usageLimit: 100,
      version: 1,
    });
    const fixed = await createDiscount(owner, {
      code: 'TENOFF',
      kind: 'FIXED_AMOUNT',
      value: '10',
      appliesTo: 'PRODUCTS',
      productIds: [lampProduct],
      minimumSubtotal: '50.00',
      startsAt: iso(7),
    });
    expect(fixed).toMatchObject({
      value: '10.00',
      summary: '10.00 USD off',
      status: 'SCHEDULED',
      appliesTo: 'PRODUCTS',
      products: [{ id: lampProduct, title: 'Product DSC-LAMP' }],
      minimumSubtotal: { amount: '50.00' },
    });
    const ship = await createDiscount(owner, { code: 'SHIPFREE', kind: 'FREE_SHIPPING', endsAt: iso(-0.5) });
    expect(ship).toMatchObject({ value: null, summary: 'Free shipping', status: 'EXPIRED' });
    const off = await createDiscount(owner, { code: 'PAUSED', value: '5', disabled: true });
    expect(off).toMatchObject({ status: 'DISABLED', disabled: true });
  });

  it('refuses bad input field by field, and changes nothing', async () => {
    const refused = async (input: Record<string, unknown>) => {
      const data = await gql(owner, CREATE_DISCOUNT, {
        input: { kind: 'PERCENTAGE', appliesTo: 'ALL', value: '10', ...input },
      });
      expect(data.discountCreate.discount).toBeNull();
      return data.discountCreate.userErrors.map((e: any) => `${e.field.join('.')} ${e.code}: ${e.message}`);
    };
    expect(await refused({ code: 'has space' })).toEqual([
      'input.code INVALID: Use only letters A–Z, digits, - and _ (no spaces).',
    ]);
    expect(await refused({ code: 'AB' })).toEqual(['input.code INVALID: Use at least 3 characters.']);
    expect(await refused({ code: 'X'.repeat(65) })).toEqual([
      'input.code INVALID: Use at most 64 characters.',
    ]);
    expect(await refused({ code: 'BIG', value: '100.01' })).toEqual([
      'input.value OUT_OF_RANGE: Use a percentage from 0.01 to 100.',
    ]);
    expect(await refused({ code: 'TINY', value: '0.001' })).toEqual([
      'input.value INVALID: Enter a percentage like 15 or 12.5, with at most 2 decimals.',
    ]);
    expect(await refused({ code: 'ZERO', kind: 'FIXED_AMOUNT', value: '0' })).toEqual([
      'input.value OUT_OF_RANGE: Enter an amount more than 0.',
    ]);
    expect(await refused({ code: 'CENTS', kind: 'FIXED_AMOUNT', value: '1.234' })).toEqual([
      'input.value INVALID: Enter an amount like 19.99, with at most 2 decimals.',
    ]);
    expect(await refused({ code: 'BACKWARDS', startsAt: iso(2), endsAt: iso(1) })).toEqual([
      'input.endsAt INVALID: The end must be after the start.',
    ]);
    expect(await refused({ code: 'NOPRODUCTS', appliesTo: 'PRODUCTS', productIds: [] })).toEqual([
      'input.productIds INVALID: Choose at least one product.',
    ]);
    expect(
      await refused({ code: 'GHOST', appliesTo: 'PRODUCTS', productIds: ['prod_' + '0'.repeat(32), 'nope'] }),
    ).toEqual([
      "input.productIds.1 INVALID: This product doesn't exist.",
      "input.productIds.0 INVALID: This product doesn't exist.",
    ]);
    expect(await refused({ code: 'LIMITS', usageLimit: 0, minimumQuantity: -1 })).toEqual([
      'input.minimumQuantity OUT_OF_RANGE: Use 1 or more, or leave it empty for no limit.',
      'input.usageLimit OUT_OF_RANGE: Use 1 or more, or leave it empty for no limit.',
    ]);
    const taken = await gql(owner, CREATE_DISCOUNT, {
      input: { code: 'welcome15', kind: 'PERCENTAGE', value: '10', appliesTo: 'ALL' },
    });
    expect(taken.discountCreate.userErrors).toMatchObject([
      {
        field: ['input', 'code'],
        code: 'TAKEN',
        message: 'The code Welcome15 is already used by another discount.',
      },
    ]);
    expect(taken.discountCreate.userErrors[0].relatedId).toMatch(/^dsc_/);
    const all = await gql(owner, `{ discounts(first: 50) { nodes { code } } }`);
    expect(all.discounts.nodes.map((d: any) => d.code).sort()).toEqual([
      'PAUSED',
      'SHIPFREE',
      'TENOFF',
      'Welcome15',
    ]);
  });

  it('lists by status, kind and code, sorted, in keyset pages', async () => {
    const codes = async (query: string, sortKey = 'CODE', reverse = false) =>
      (
        await gql(
          owner,
          `query($q: String, $s: DiscountSortKeys, $r: Boolean) { discounts(first: 50, query: $q, sortKey: $s, reverse: $r) { nodes { code } count { value } } }`,
          {
            q: query,
            s: sortKey,
            r: reverse,
          },
        )
      ).discounts.nodes.map((d: any) => d.code);
    expect(await codes('status:active')).toEqual(['Welcome15']);
    expect(await codes('status:scheduled')).toEqual(['TENOFF']);
    expect(await codes('status:expired')).toEqual(['SHIPFREE']);
    expect(await codes('status:disabled')).toEqual(['PAUSED']);
    expect(await codes('-status:disabled kind:percentage')).toEqual(['Welcome15']);
    expect(await codes('code:wel')).toEqual(['Welcome15']);
    expect(await codes('ship')).toEqual(['SHIPFREE']);
    expect(await codes('', 'CODE', true)).toEqual(['Welcome15', 'TENOFF', 'SHIPFREE', 'PAUSED']);
    const bad = await gql(
      owner,
      `{ discounts(first: 5, query: "colour:red") { nodes { id } userErrors { field message } } }`,
    );
    expect(bad.discounts.userErrors[0].message).toContain('status');

    // Two pages of two, no row twice or missed, on every sort.
    for (const sortKey of ['CODE', 'CREATED_AT', 'UPDATED_AT', 'STARTS_AT', 'ENDS_AT', 'USAGE_COUNT']) {
      const first = await gql(
        owner,
        `query($s: DiscountSortKeys) { discounts(first: 2, sortKey: $s) { nodes { code } pageInfo { endCursor hasNextPage } } }`,
        { s: sortKey },
      );
      const second = await gql(
        owner,
        `query($s: DiscountSortKeys, $a: String) { discounts(first: 2, after: $a, sortKey: $s) { nodes { code } pageInfo { hasNextPage } } }`,
        { s: sortKey, a: first.discounts.pageInfo.endCursor },
      );
      const seen = [...first.discounts.nodes, ...second.discounts.nodes].map((d: any) => d.code);
      expect(new Set(seen).size, sortKey).toBe(4);
      expect(second.discounts.pageInfo.hasNextPage).toBe(false);
    }
  });

  it('updates what is given, checks the version, and writes the audit', async () => {
    const [d] = (
      await gql(owner, `{ discounts(first: 1, query: "code:welcome15") { nodes { id version } } }`)
    ).discounts.nodes;
    const updated = (
      await gql(owner, UPDATE_DISCOUNT, {
        id: d.id,
        version: d.version,
        input: { value: '20', oncePerCustomer: true },
      })
    ).discountUpdate;
    expect(updated.userErrors).toEqual([]);
    expect(updated.discount).toMatchObject({
      code: 'Welcome15',
      value: '20',
      oncePerCustomer: true,
      usageLimit: 100,
      version: 2,
    });
    const stale = (await gql(owner, UPDATE_DISCOUNT, { id: d.id, version: 1, input: { value: '25' } }))
      .discountUpdate;
    expect(stale.userErrors).toMatchObject([{ code: 'STALE_VERSION', field: ['version'] }]);
    const disabled = (await gql(owner, UPDATE_DISCOUNT, { id: d.id, input: { disabled: true } }))
      .discountUpdate;
    expect(disabled.discount).toMatchObject({ status: 'DISABLED', value: '20' });
    const enabled = (await gql(owner, UPDATE_DISCOUNT, { id: d.id, input: { disabled: false } }))
      .discountUpdate;
    expect(enabled.discount.status).toBe('ACTIVE');
    const log = await gql(
      owner,
      `query($id: ID!) { auditEvents(subjectId: $id, first: 10) { nodes { action changes { field before after } } } }`,
      { id: d.id },
    );
    expect(log.auditEvents.nodes.map((e: any) => e.action)).toEqual([
      'discount.update',
      'discount.update',
      'discount.update',
      'discount.create',
    ]);
    expect(log.auditEvents.nodes[1].changes).toEqual([{ field: 'disabled', before: 'false', after: 'true' }]);
  });

  it('keeps a used code (disable it instead) and deletes an unused one', async () => {
    const code = await createDiscount(owner, { code: 'ONCEUSED', value: '5' });
    const order = await createOrder(owner, [{ variantId: lamp, quantity: 1 }], { discountCode: 'onceused' });
    expect((await discountOf(owner, code.id)).usageCount).toBe(1);
    const refused = (await gql(owner, DELETE_DISCOUNT, { id: code.id })).discountDelete;
    expect(refused).toMatchObject({
      deletedId: null,
      userErrors: [{ code: 'HAS_DEPENDENTS', message: 'This code is on 1 order; disable it instead.' }],
    });
    // The orders that used it, from the code's page.
    const used = await gql(
      owner,
      `query($q: String) { orders(first: 10, query: $q) { nodes { id discountCode discount { code } } } }`,
      {
        q: `discount:${code.id}`,
      },
    );
    expect(used.orders.nodes).toEqual([
      { id: order.id, discountCode: 'ONCEUSED', discount: { code: 'ONCEUSED' } },
    ]);
    // Cancelling gives the use back; the order keeps its record of the code.
    await gql(owner, CANCEL, { id: order.id });
    expect((await discountOf(owner, code.id)).usageCount).toBe(0);
    const unused = await createDiscount(owner, { code: 'NEVERUSED', value: '5' });
    const deleted = (await gql(owner, DELETE_DISCOUNT, { id: unused.id })).discountDelete;
    expect(deleted).toEqual({ deletedId: unused.id, userErrors: [] });
    expect(await discountOf(owner, unused.id)).toBeNull();
  });

  it('lets Support read codes but not change them, and keeps them from Fulfillment', async () => {
    const list = await support.request(`{ discounts(first: 5) { nodes { code } } }`);
    expect(list.body.errors).toBeUndefined();
    const write = await support.request(CREATE_DISCOUNT, {
      input: { code: 'SNEAKY', kind: 'PERCENTAGE', value: '99', appliesTo: 'ALL' },
    });
    expect(write.body.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      permission: 'DISCOUNTS_WRITE',
    });
    const read = await packer.request(`{ discounts(first: 5) { nodes { code } } }`);
    expect(read.body.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      permission: 'DISCOUNTS_READ',
    });
    // An order's code stays visible to order staff; the discount behind it needs DISCOUNTS_READ.
    const orders = await packer.request(
      `{ orders(first: 1, query: "discount:ONCEUSED") { nodes { discountCode discount { id } } } }`,
    );
    expect(orders.body.data).toMatchObject({
      orders: { nodes: [{ discountCode: 'ONCEUSED', discount: null }] },
    });
  });

  it('reads a page of codes with their products and collections in as many statements as a page of two', async () => {
    const collection = (
      await gql(
        owner,
        `mutation { collectionCreate(input: { title: "Lamps", kind: MANUAL }) { collection { id } } }`,
      )
    ).collectionCreate.collection.id;
    for (let i = 0; i < 12; i++) {
      await createDiscount(owner, {
        code: `PAGE${i}`,
        value: '5',
        ...(i % 2
          ? { appliesTo: 'PRODUCTS', productIds: [lampProduct] }
          : { appliesTo: 'COLLECTIONS', collectionIds: [collection] }),
      });
    }
    const database = ctx.server.app.database;
    const statements = async (first: number) => {
      const runs: number[] = [];
      for (let i = 0; i < 3; i++) {
        const before = database.queryCount();
        const page = await gql(
          owner,
          `query($first: Int) { discounts(first: $first, query: "code:page") { nodes { code status summary usageCount products { title } collections { title } } } }`,
          { first },
        );
        expect(page.discounts.nodes).toHaveLength(first);
        runs.push(database.queryCount() - before);
      }
      return Math.min(...runs);
    };
    expect(await statements(8)).toBe(await statements(2));
  });
});
