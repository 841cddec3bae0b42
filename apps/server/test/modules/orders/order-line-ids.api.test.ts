import { describe, expect, it } from 'vitest';
import { Client, DATABASES, signedIn, useServer } from '../../helpers.js';
import { createLocation, createOrder, createVariant, gql } from '../../support/order-fixtures.js';
import { statementsOf } from '../../support/statements.js';

const IDS = `query($id: ID!) { order(id: $id) { lines { productId variantId product { id } variant { id } } } }`;

describe.each(DATABASES)('OrderLine productId and variantId on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('give the ids `product { id }` and `variant { id }` give, without reading the catalog, and follow CATALOG_READ', async () => {
    const owner = await signedIn(ctx.server);
    const main = await createLocation(owner, 'Main warehouse');
    const variants = await Promise.all(
      ['IDS-1', 'IDS-2', 'IDS-3'].map((sku) =>
        createVariant(owner, { sku, price: '4.00', stock: { [main]: 5 } }),
      ),
    );
    const order = await createOrder(
      owner,
      variants.map((variantId) => ({ variantId, quantity: 1 })),
    );
    const read = await gql(owner, IDS, { id: order.id });
    expect(read.order.lines).toHaveLength(3);
    for (const line of read.order.lines) {
      expect(line.productId).toBe(line.product.id);
      expect(line.variantId).toBe(line.variant.id);
    }
    expect(read.order.lines.map((l: { variantId: string }) => l.variantId).sort()).toEqual(
      [...variants].sort(),
    );

    // The ids alone cost no statement of the catalog: two fewer than the objects (products, variants).
    const send = (query: string) => () => owner.request(query, { id: order.id });
    const ids = await statementsOf(
      ctx.server.app.database,
      send(`query($id: ID!) { order(id: $id) { lines { productId variantId } } }`),
    );
    const objects = await statementsOf(
      ctx.server.app.database,
      send(`query($id: ID!) { order(id: $id) { lines { product { id } variant { id } } } }`),
    );
    expect(objects - ids).toBe(2);

    // Without CATALOG_READ (a token for orders only), no catalog ids either.
    const made = await gql(
      owner,
      `mutation($input: ApiTokenInput!) { apiTokenCreate(input: $input) { token userErrors { message } } }`,
      { input: { name: 'Orders only', permissions: ['ORDERS_READ'] } },
    );
    const token = new Client(ctx.server.url);
    const res = await token.request(
      IDS,
      { id: order.id },
      { csrf: false, headers: { authorization: `Bearer ${made.apiTokenCreate.token}` } },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data?.order.lines).toEqual(
      variants.map(() => ({ productId: null, variantId: null, product: null, variant: null })),
    );
  });
});
