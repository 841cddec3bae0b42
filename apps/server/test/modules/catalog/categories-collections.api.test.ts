import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';

const CREATE_PRODUCT = `mutation($input: ProductInput!) { productCreate(input: $input) { product { id version } userErrors { field message } } }`;
const CAT = `mutation($input: CategoryInput!) { categoryCreate(input: $input) { category { id name handle parent { name } position } userErrors { field code message } } }`;
const COL = `mutation($input: CollectionInput!) { collectionCreate(input: $input) { collection { id title kind productCount products(first: 50) { nodes { title } } } userErrors { field code message } } }`;

async function product(
  client: Client,
  input: Record<string, unknown>,
): Promise<{ id: string; version: number }> {
  const res = await client.request(CREATE_PRODUCT, { input: { variants: [{ price: '10' }], ...input } });
  if (res.body.data?.productCreate.userErrors.length)
    throw new Error(JSON.stringify(res.body.data.productCreate.userErrors));
  return res.body.data?.productCreate.product;
}

describe.each(DATABASES)('categories and collections on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('builds a category tree, moves a branch, refuses cycles, and deletes only when empty', async () => {
    const client = await signedIn(ctx.server);
    const apparel = (await client.request(CAT, { input: { name: 'Apparel' } })).body.data?.categoryCreate
      .category;
    const shirts = (await client.request(CAT, { input: { name: 'Shirts', parentId: apparel.id } })).body.data
      ?.categoryCreate.category;
    const home = (await client.request(CAT, { input: { name: 'Home' } })).body.data?.categoryCreate.category;
    expect(shirts).toMatchObject({ handle: 'shirts', parent: { name: 'Apparel' }, position: 0 });
    const cycle = await client.request(
      `mutation($id: ID!, $p: ID) { categoryMove(id: $id, parentId: $p, position: 0) { userErrors { message } } }`,
      { id: apparel.id, p: shirts.id },
    );
    expect(cycle.body.data?.categoryMove.userErrors[0].message).toBe(
      'A category cannot move inside itself or one of its subcategories.',
    );
    const moved = await client.request(
      `mutation($id: ID!, $p: ID) { categoryMove(id: $id, parentId: $p, position: 0) { category { parent { name } } userErrors { message } } }`,
      { id: shirts.id, p: home.id },
    );
    expect(moved.body.data?.categoryMove.category.parent.name).toBe('Home');
    await product(client, { title: 'Oxford Shirt', categoryId: shirts.id });
    const refused = await client.request(
      `mutation($id: ID!) { categoryDelete(id: $id) { deletedId userErrors { code message } } }`,
      { id: home.id },
    );
    expect(refused.body.data?.categoryDelete.userErrors).toEqual([
      { code: 'HAS_DEPENDENTS', message: 'This category has 1 subcategory; move or delete them first.' },
    ]);
    const withProducts = await client.request(
      `mutation($id: ID!) { categoryDelete(id: $id) { userErrors { code message } } }`,
      { id: shirts.id },
    );
    expect(withProducts.body.data?.categoryDelete.userErrors[0]).toMatchObject({
      code: 'HAS_DEPENDENTS',
      message: 'This category holds 1 product; move them to another category first.',
    });
    const ok = await client.request(
      `mutation($id: ID!) { categoryDelete(id: $id) { deletedId userErrors { code } } }`,
      { id: apparel.id },
    );
    expect(ok.body.data?.categoryDelete).toEqual({ deletedId: apparel.id, userErrors: [] });
    const tree = await client.request(`{ categories { name productCount parent { name } } }`);
    expect(tree.body.data?.categories).toEqual([
      { name: 'Home', productCount: 0, parent: null },
      { name: 'Shirts', productCount: 1, parent: { name: 'Home' } },
    ]);
  });

  it('keeps a manual collection’s order', async () => {
    const client = await signedIn(ctx.server);
    const a = await product(client, { title: 'Manual A' });
    const b = await product(client, { title: 'Manual B' });
    const c = await product(client, { title: 'Manual C' });
    const col = (
      await client.request(COL, { input: { title: 'Staff picks', kind: 'MANUAL', productIds: [b.id, a.id] } })
    ).body.data?.collectionCreate.collection;
    expect(col.products.nodes.map((n: any) => n.title)).toEqual(['Manual B', 'Manual A']);
    await client.request(
      `mutation($id: ID!, $p: [ID!]!) { collectionAddProducts(id: $id, productIds: $p) { userErrors { message } } }`,
      { id: col.id, p: [c.id] },
    );
    const reordered = await client.request(
      `mutation($id: ID!, $p: [ID!]!) { collectionReorderProducts(id: $id, productIds: $p) { collection { productCount products(first: 10) { nodes { title } } } userErrors { message } } }`,
      { id: col.id, p: [c.id, a.id] },
    );
    expect(reordered.body.data?.collectionReorderProducts.collection).toEqual({
      productCount: 3,
      products: { nodes: [{ title: 'Manual C' }, { title: 'Manual A' }, { title: 'Manual B' }] },
    });
    const removed = await client.request(
      `mutation($id: ID!, $p: [ID!]!) { collectionRemoveProducts(id: $id, productIds: $p) { collection { productCount } } }`,
      { id: col.id, p: [a.id] },
    );
    expect(removed.body.data?.collectionRemoveProducts.collection.productCount).toBe(2);
    const found = await client.request(
      `{ products(query: "collection:staff-picks", sortKey: TITLE) { nodes { title } } }`,
    );
    expect(found.body.data?.products.nodes).toEqual([{ title: 'Manual B' }, { title: 'Manual C' }]);
  });

  it('follows product changes in automated collections (ALL and ANY)', async () => {
    const client = await signedIn(ctx.server);
    const cheapLinen = await product(client, {
      title: 'Linen Napkin',
      tags: ['Linen'],
      variants: [{ price: '8' }],
    });
    await product(client, { title: 'Linen Duvet', tags: ['linen'], variants: [{ price: '180' }] });
    await product(client, {
      title: 'Wool Throw',
      tags: ['wool'],
      vendor: 'Fjord',
      variants: [{ price: '90' }],
    });
    const all = (
      await client.request(COL, {
        input: {
          title: 'Affordable linen',
          kind: 'AUTOMATED',
          match: 'ALL',
          rules: [
            { field: 'tag', relation: 'equals', value: 'linen' },
            { field: 'price', relation: 'lessThan', value: '50' },
          ],
        },
      })
    ).body.data?.collectionCreate.collection;
    expect(all.products.nodes.map((n: any) => n.title)).toEqual(['Linen Napkin']);
    const any = (
      await client.request(COL, {
        input: {
          title: 'Linen or Fjord',
          kind: 'AUTOMATED',
          match: 'ANY',
          rules: [
            { field: 'tag', relation: 'equals', value: 'LINEN' },
            { field: 'vendor', relation: 'startsWith', value: 'fj' },
          ],
        },
      })
    ).body.data?.collectionCreate.collection;
    expect(any.productCount).toBe(3);
    // The napkin gets expensive: it leaves "Affordable linen" by itself.
    await client.request(
      `mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) { userErrors { message } } }`,
      {
        id: cheapLinen.id,
        input: { variants: [{ price: '60' }] },
      },
    );
    const after = await client.request(
      `query($id: ID!) { collection(id: $id) { productCount products(first: 5) { nodes { title } } } }`,
      { id: all.id },
    );
    expect(after.body.data?.collection).toEqual({ productCount: 0, products: { nodes: [] } });
    const joined = await product(client, {
      title: 'Linen Tea Towel',
      tags: ['linen'],
      variants: [{ price: '12' }],
    });
    const member = await client.request(`query($id: ID!) { product(id: $id) { collections { title } } }`, {
      id: joined.id,
    });
    expect(member.body.data?.product.collections.map((c: any) => c.title)).toEqual([
      'Affordable linen',
      'Linen or Fjord',
    ]);
    const bad = await client.request(COL, {
      input: {
        title: 'Bad',
        kind: 'AUTOMATED',
        rules: [{ field: 'tag', relation: 'greaterThan', value: 'x' }],
      },
    });
    expect(bad.body.data?.collectionCreate.userErrors).toEqual([
      {
        field: ['input', 'rules', '0', 'relation'],
        code: 'INVALID',
        message: '"tag" can be: equals, notEquals, contains, notContains, startsWith.',
      },
    ]);
    const empty = await client.request(COL, { input: { title: 'Empty', kind: 'AUTOMATED', rules: [] } });
    expect(empty.body.data?.collectionCreate.userErrors[0].message).toBe(
      'An automated collection needs at least one rule.',
    );
  });
});

describe('bulk actions on products', () => {
  const ctx = useServer();

  it('archives a selection, tags all matching, adds to a collection, and deletes — each audited per product', async () => {
    const client = await signedIn(ctx.server);
    const made = [];
    for (const title of ['Bulk Alpha', 'Bulk Beta', 'Bulk Gamma', 'Bulk Delta'])
      made.push(await product(client, { title, tags: ['bulk'], status: 'ACTIVE' }));
    const BULK = `mutation($ids: [ID!], $q: String, $a: ProductBulkActionInput!) { productsBulkUpdate(ids: $ids, query: $q, action: $a) { changedCount userErrors { field code message } } }`;
    const archived = await client.request(BULK, {
      ids: made.slice(0, 3).map((p) => p.id),
      a: { setStatus: 'ARCHIVED' },
    });
    expect(archived.body.data?.productsBulkUpdate).toEqual({ changedCount: 3, userErrors: [] });
    const list = async (q: string) =>
      (
        await client.request(
          `query($q: String) { products(query: $q, sortKey: TITLE) { nodes { title tags } } }`,
          { q },
        )
      ).body.data?.products.nodes;
    expect((await list('tag:bulk status:archived')).map((n: any) => n.title)).toEqual([
      'Bulk Alpha',
      'Bulk Beta',
      'Bulk Gamma',
    ]);
    const tagged = await client.request(BULK, {
      q: 'tag:bulk status:archived',
      a: { addTags: ['Clearance'] },
    });
    expect(tagged.body.data?.productsBulkUpdate.changedCount).toBe(3);
    expect((await list('tag:clearance')).map((n: any) => n.tags)).toEqual([
      ['bulk', 'Clearance'],
      ['bulk', 'Clearance'],
      ['bulk', 'Clearance'],
    ]);
    const col = (await client.request(COL, { input: { title: 'Sale', kind: 'MANUAL' } })).body.data
      ?.collectionCreate.collection;
    const added = await client.request(BULK, { q: 'tag:clearance', a: { addToCollectionId: col.id } });
    expect(added.body.data?.productsBulkUpdate.changedCount).toBe(3);
    const two = await client.request(BULK, { ids: [made[0]!.id], a: { setStatus: 'DRAFT', delete: true } });
    expect(two.body.data?.productsBulkUpdate.userErrors[0].message).toBe('Choose exactly one action.');
    const badQuery = await client.request(BULK, { q: 'size:xl', a: { delete: true } });
    expect(badQuery.body.data?.productsBulkUpdate.userErrors[0].message).toMatch(/^Unknown field "size"/);
    const deleted = await client.request(BULK, { ids: [made[3]!.id], a: { delete: true } });
    expect(deleted.body.data?.productsBulkUpdate.changedCount).toBe(1);
    const audit = await ctx.server.app.database.db
      .selectFrom('audit_events')
      .select(['action', 'subject_id'])
      .where('action', 'in', ['product.update', 'product.delete'])
      .execute();
    expect(audit.filter((a) => a.action === 'product.update')).toHaveLength(6);
    expect(audit.filter((a) => a.action === 'product.delete')).toHaveLength(1);
  });
});
