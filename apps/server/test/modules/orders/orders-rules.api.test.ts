import { describe, expect, it } from 'vitest';
import { decodeIdOf } from '@stockroom/domain';
import { uuidv7 } from '../../../src/lib/uuid.js';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import type { TestServer } from '../../../src/testing.js';

/** Orders arrive with the orders area; until then tests put them in the tables directly, as a storefront would. */
async function insertOrder(
  server: TestServer,
  opts: { productId?: string; customerId?: string; email?: string },
) {
  const db = server.app.database.db;
  const id = uuidv7();
  await db
    .insertInto('orders')
    .values({
      id,
      currency_code: 'USD',
      customer_id: opts.customerId ? decodeIdOf('Customer', opts.customerId) : null,
      email: opts.email ?? null,
      phone: '+15550100199',
      customer_name: 'Grace Hopper',
      shipping_address: JSON.stringify({
        firstName: 'Grace',
        lastName: 'Hopper',
        line1: '1 Navy Yard',
        city: 'Arlington',
        postalCode: '22202',
        countryCode: 'US',
      }),
      billing_address: null,
      idempotency_key: null,
      note: 'Leave at the door, Grace',
      cancelled_at: null,
      cancel_reason: null,
      closed_at: null,
    })
    .execute();
  if (opts.productId) {
    const productId = decodeIdOf('Product', opts.productId)!;
    const variant = await db
      .selectFrom('product_variants')
      .select(['id', 'title', 'sku', 'price'])
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_lines')
      .values({
        id: uuidv7(),
        order_id: id,
        product_id: productId,
        variant_id: variant.id,
        product_title: 'Snapshot',
        variant_title: variant.title,
        sku: variant.sku,
        unit_price: variant.price,
        quantity: 1,
      })
      .execute();
  }
  return id;
}

describe.each(DATABASES)('rules that depend on orders, on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('refuses to delete a product that is on orders (archive instead), alone or in bulk', async () => {
    const owner = await signedIn(ctx.server);
    const created = await owner.request(
      `mutation { productCreate(input: { title: "Sold Lamp", variants: [{ price: "40" }] }) { product { id } } }`,
    );
    const productId = created.body.data?.productCreate.product.id;
    await insertOrder(ctx.server, { productId });
    await insertOrder(ctx.server, { productId });
    const del = await owner.request(
      `mutation($id: ID!) { productDelete(id: $id) { deletedProductId userErrors { code message } } }`,
      { id: productId },
    );
    expect(del.body.data?.productDelete).toEqual({
      deletedProductId: null,
      userErrors: [{ code: 'HAS_DEPENDENTS', message: 'This product is on 2 orders; archive it instead.' }],
    });
    const bulk = await owner.request(
      `mutation($ids: [ID!]) { productsBulkUpdate(ids: $ids, action: { delete: true }) { changedCount userErrors { code message } } }`,
      { ids: [productId] },
    );
    expect(bulk.body.data?.productsBulkUpdate.userErrors[0]).toMatchObject({
      code: 'HAS_DEPENDENTS',
      message: expect.stringContaining('Sold Lamp'),
    });
    const archived = await owner.request(
      `mutation($ids: [ID!]) { productsBulkUpdate(ids: $ids, action: { setStatus: ARCHIVED }) { changedCount } }`,
      { ids: [productId] },
    );
    expect(archived.body.data?.productsBulkUpdate.changedCount).toBe(1);
  });

  it('refuses to remove a variant that is on orders from its product, and keeps it', async () => {
    const owner = await signedIn(ctx.server);
    const created = await owner.request(
      `mutation { productCreate(input: { title: "Two Mugs", options: [{ name: "Colour", values: ["Red", "Blue"] }],
        variants: [{ optionValues: ["Red"], price: "9" }, { optionValues: ["Blue"], price: "9" }] }) {
        product { id variants { id title } } userErrors { message } } }`,
    );
    const product = created.body.data?.productCreate.product;
    expect(product.variants).toHaveLength(2);
    await insertOrder(ctx.server, { productId: product.id });
    const first = product.variants[0];
    const res = await owner.request(
      `mutation($id: ID!) { productUpdate(id: $id, input: { options: [{ name: "Colour", values: ["Blue"] }],
        variants: [{ optionValues: ["Blue"], price: "9" }] }) { product { id } userErrors { field code message } } }`,
      { id: product.id },
    );
    expect(res.body.data?.productUpdate.userErrors).toEqual([
      {
        field: ['input', 'variants'],
        code: 'HAS_DEPENDENTS',
        message: `The variant ${first.title} is on 1 order; keep it, or archive the product instead.`,
      },
    ]);
    const after = await owner.request(`query($id: ID!) { product(id: $id) { variants { id } } }`, {
      id: product.id,
    });
    expect(after.body.data?.product.variants).toHaveLength(2);
  });

  it('refuses a currency change once orders exist, and says why', async () => {
    const owner = await signedIn(ctx.server);
    const res = await owner.request(
      `mutation { shopUpdate(input: { currencyCode: "EUR" }) { userErrors { code message } } }`,
    );
    expect(res.body.data?.shopUpdate.userErrors).toEqual([
      {
        code: 'INVALID_TRANSITION',
        message: "The currency can't change once there are orders: their amounts are in USD.",
      },
    ]);
  });

  it('erases the copies of a customer’s data on their orders, keeping the orders and totals', async () => {
    const owner = await signedIn(ctx.server);
    const c = await owner.request(
      `mutation { customerCreate(input: { email: "grace@example.com", firstName: "Grace", lastName: "Hopper" }) { customer { id } } }`,
    );
    const customerId = c.body.data?.customerCreate.customer.id;
    const orderId = await insertOrder(ctx.server, { customerId, email: 'grace@example.com' });
    await owner.request(
      `mutation($id: ID!) { customerErase(id: $id, confirmation: "grace@example.com") { userErrors { message } } }`,
      { id: customerId },
    );
    const order = await ctx.server.app.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(order).toLowerCase()).not.toMatch(/grace|hopper|navy yard|arlington|5550100199/);
    expect(order.customer_id).toBe(decodeIdOf('Customer', customerId));
  });
});
