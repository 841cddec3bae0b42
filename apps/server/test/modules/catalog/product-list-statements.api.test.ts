import { describe, expect, it } from 'vitest';
import { PRODUCTS_ADMIN, PRODUCTS_FULL } from '../../../../../bench/scenarios/products.mjs';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { statementsOf } from '../../support/statements.js';
import { uploadImages } from '../../support/media-upload.js';

// Issue #15: a page of the product list reads what its rows show (category, thumbnails, variants
// with prices and stock) in its own statement, so the admin's document costs the page and its count,
// and the list with variants one statement more (the locations, beside them) — as the hand-written
// SQL of the bench's raw baseline does. The documents are the bench's own.

describe.each(DATABASES)('product list statements on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('reads the admin list in 2 statements and the list with variants, prices and stock in 3, each row as it reads alone', async () => {
    const client = await signedIn(ctx.server);
    const gql = async (query: string, variables: Record<string, unknown> = {}) => {
      const res = await client.request(query, variables);
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return res.body.data as any;
    };
    const locations: string[] = [];
    for (const name of ['Back room', 'Front shop']) {
      const out = await gql(
        `mutation($input: LocationInput!) { locationCreate(input: $input) { location { id } } }`,
        { input: { name } },
      );
      locations.push(out.locationCreate.location.id);
    }
    const category = await gql(`mutation { categoryCreate(input: { name: "Shirts" }) { category { id } } }`);
    const products: any[] = [];
    for (let i = 0; i < 12; i++) {
      const out = await gql(
        `mutation($input: ProductInput!) { productCreate(input: $input) { product { id variants { id } } } }`,
        {
          input: {
            title: `Listed ${i}`,
            status: i % 3 ? 'ACTIVE' : 'DRAFT',
            categoryId: i % 2 ? category.categoryCreate.category.id : null,
            options: [{ name: 'Size', values: ['S', 'M'] }],
            variants: ['S', 'M'].map((size, v) => ({
              optionValues: [size],
              sku: `LIST-${i}-${size}`,
              price: `${i}.${v}5`,
              trackInventory: i !== 5,
            })),
          },
        },
      );
      products.push(out.productCreate.product);
    }
    const changes = products.flatMap((p, i) =>
      p.variants.map((v: { id: string }, j: number) => ({
        variantId: v.id,
        locationId: locations[(i + j) % 2],
        delta: i + j + 1,
      })),
    );
    await gql(
      `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
      { input: { reason: 'RECEIVED', changes } },
    );
    await uploadImages(client, ctx.server.url, products[11].id, { count: 2, alt: 'Side' });

    const statements = (document: string, variables: Record<string, unknown>) =>
      statementsOf(ctx.server.app.database, () => gql(document, variables));
    const second = (await gql(PRODUCTS_ADMIN, { first: 5 })).products.pageInfo.endCursor;
    for (const variables of [
      { first: 50 },
      { first: 5 },
      { first: 5, after: second },
      { query: 'status:active', first: 3 },
    ]) {
      expect(await statements(PRODUCTS_ADMIN, variables), JSON.stringify(variables)).toBe(2);
      expect(await statements(PRODUCTS_FULL, variables), JSON.stringify(variables)).toBe(3);
    }

    // Every row as the product reads through `node`, which primes nothing (each relation by its loader).
    const FIELDS = `id title handle status vendor totalAvailable variantCount updatedAt
      category { id name handle description } media { id alt url thumbnailUrl(size: SMALL) width height position }
      variants { id title sku optionValues position updatedAt version price { amount } compareAtPrice { amount }
        inventoryLevels { id onHand committed available updatedAt location { id name fulfillmentPriority } } }`;
    const list = await gql(`{ products(first: 50, sortKey: TITLE) { nodes { ${FIELDS} } } }`);
    expect(list.products.nodes).toHaveLength(12);
    expect(list.products.nodes.some((n: any) => n.media.length === 2)).toBe(true);
    expect(list.products.nodes.some((n: any) => n.category?.name === 'Shirts')).toBe(true);
    for (const node of list.products.nodes) {
      const alone = await gql(`query($id: ID!) { node(id: $id) { ... on Product { ${FIELDS} } } }`, {
        id: node.id,
      });
      expect(node).toEqual(alone.node);
    }
  });
});
