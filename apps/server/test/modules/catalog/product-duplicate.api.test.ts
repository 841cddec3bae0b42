import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer } from '../../helpers.js';

const CREATE = `mutation($input: ProductInput!) { productCreate(input: $input) { product { id } userErrors { message } } }`;

/** #16 item 5: a copy is a draft with its own SKUs; deleting a product leaves nothing to read. */
describe.each(DATABASES)('duplicating products on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('duplicates as a draft with SKUs made unique, and deletes', async () => {
    const client = await signedIn(ctx.server);
    const { product } = (
      await client.request(CREATE, {
        input: { title: 'Enamel Mug', status: 'ACTIVE', variants: [{ price: '12', sku: 'MUG-1' }] },
      })
    ).body.data?.productCreate;
    const dup = await client.request(
      `mutation($id: ID!) { productDuplicate(id: $id) { product { title status handle variants { sku price { amount } } } userErrors { code } } }`,
      { id: product.id },
    );
    expect(dup.body.data?.productDuplicate.product).toEqual({
      title: 'Copy of Enamel Mug',
      status: 'DRAFT',
      handle: 'copy-of-enamel-mug',
      variants: [{ sku: 'MUG-1-copy', price: { amount: '12.00' } }],
    });
    const second = await client.request(
      `mutation($id: ID!) { productDuplicate(id: $id, title: "Mug, blue", copyImages: true) { product { title handle variants { sku } } userErrors { code } } }`,
      { id: product.id },
    );
    expect(second.body.data?.productDuplicate.product).toEqual({
      title: 'Mug, blue',
      handle: 'mug-blue',
      variants: [{ sku: 'MUG-1-copy-2' }],
    });
    const del = await client.request(
      `mutation($id: ID!) { productDelete(id: $id) { deletedProductId userErrors { code } } }`,
      { id: product.id },
    );
    expect(del.body.data?.productDelete).toEqual({ deletedProductId: product.id, userErrors: [] });
    expect(
      (await client.request(`query($id: ID!) { product(id: $id) { id } }`, { id: product.id })).body.data
        ?.product,
    ).toBeNull();
  });
});
