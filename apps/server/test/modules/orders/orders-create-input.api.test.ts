import { describe, expect, it } from 'vitest';
import { DATABASES, useServer, type Client } from '../../helpers.js';
import { createVariant, gql } from '../../support/order-fixtures.js';
import { CREATE, FR, setUpCreateStore, snapshot, US } from '../../support/order-create-store.js';

describe.each(DATABASES)('orderCreate refusals on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false } });
  let owner: Client;
  let lamp: string;
  let standard: string;
  let express: string;

  const create = async (input: Record<string, unknown>, client = owner) =>
    (await gql(client, CREATE, { input })).orderCreate;

  it('sets up a store: locations, stock, a shipping zone with rates and a tax rate', async () => {
    ({ owner, lamp, standard, express } = await setUpCreateStore(ctx.server));
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
    expect(await refused({ lines: one(lamp, 11) })).toEqual([
      ['input.lines.0.quantity', 'INSUFFICIENT_STOCK', 'Only 10 available at Main warehouse.'],
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
});
