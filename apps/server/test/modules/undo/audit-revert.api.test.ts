import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { createLocation, createVariant, gql } from '../../support/order-fixtures.js';

const REVERT = `mutation($id: ID!) { auditEventRevert(id: $id) { auditEventId userErrors { field code message } } }`;
const UPDATE = `mutation($id: ID!, $input: ProductInput!) {
  productUpdate(id: $id, input: $input) { auditEventId product { title vendor variants { id } } userErrors { message } } }`;
const READ = `query($id: ID!) { product(id: $id) { title vendor version variants { id price { amount } sku } } }`;
const LOG = `query($q: String) { auditEvents(query: $q, first: 5) { nodes { id action actorName changes { field before after } } } }`;

/** SPEC §7.3 auditEventRevert (#14 item 4): undo from the log and from the editors' toast. */
describe.each(DATABASES)('undoing a change from the audit log on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let liam: Client;
  let sue: Client;
  let productId: string;
  let variantId: string;

  const product = async () => (await gql(owner, READ, { id: productId })).product;
  const update = async (client: Client, input: Record<string, unknown>) => {
    const data = await gql(client, UPDATE, { id: productId, input });
    expect(data.productUpdate.userErrors).toEqual([]);
    return data.productUpdate.auditEventId as string;
  };
  const revert = async (client: Client, id: string) => (await gql(client, REVERT, { id })).auditEventRevert;

  it('sets up a product, a catalog manager and a support person', async () => {
    owner = await signedIn(ctx.server);
    const location = await createLocation(owner, 'Warehouse');
    variantId = await createVariant(owner, { sku: 'SHIRT-1', price: '20.00', stock: { [location]: 4 } });
    productId = (
      await gql(owner, `query($id: ID!) { node(id: $id) { ... on ProductVariant { product { id } } } }`, {
        id: variantId,
      })
    ).node.product.id;
    await ctx.server.createStaff({
      email: 'liam@example.com',
      name: 'Liam Chen',
      password: 'catalog-all-day-long-3',
      roleKeys: ['catalog-manager'],
    });
    liam = await signedIn(ctx.server, 'liam@example.com', 'catalog-all-day-long-3');
    await ctx.server.createStaff({
      email: 'sue@example.com',
      name: 'Sue Port',
      password: 'helpful-answers-every-day',
      roleKeys: ['support'],
    });
    sue = await signedIn(ctx.server, 'sue@example.com', 'helpful-answers-every-day');
  });

  it('puts a price and a title back, records the undo, and can undo the undo', async () => {
    const eventId = await update(owner, {
      title: 'Linen Shirt',
      variants: [{ id: variantId, price: '25.00' }],
    });
    expect(eventId).toMatch(/^aud_/);
    // The log reads the change in words: the product by its title, money in the store's currency.
    const readable = await gql(
      owner,
      `query($id: ID!) { node(id: $id) { ... on AuditEvent { subjectLabel changes { field beforeText afterText } } } }`,
      { id: eventId },
    );
    expect(readable.node.subjectLabel).toBe('Linen Shirt');
    expect(readable.node.changes.find((c: any) => c.field === 'variants')).toEqual({
      field: 'variants',
      beforeText: 'Default · SHIRT-1 · 20.00 USD',
      afterText: 'Default · SHIRT-1 · 25.00 USD',
    });
    expect((await product()).variants[0].price.amount).toBe('25.00');

    const undone = await revert(owner, eventId);
    expect(undone.userErrors).toEqual([]);
    const after = await product();
    expect(after.title).toBe('Product SHIRT-1');
    expect(after.variants).toEqual([{ id: variantId, price: { amount: '20.00' }, sku: 'SHIRT-1' }]);

    const [latest] = (await gql(owner, LOG, { q: `subject:${productId}` })).auditEvents.nodes;
    expect(latest.id).toBe(undone.auditEventId);
    expect(latest.action).toBe('product.revert');
    expect(latest.changes.find((c: any) => c.field === 'reverted_event').after).toBe(JSON.stringify(eventId));
    expect(latest.changes.find((c: any) => c.field === 'title')).toMatchObject({
      before: '"Linen Shirt"',
      after: '"Product SHIRT-1"',
    });

    // Redo: the undo is an event like any other.
    expect((await revert(owner, undone.auditEventId)).userErrors).toEqual([]);
    expect((await product()).title).toBe('Linen Shirt');
    expect((await product()).variants[0].price.amount).toBe('25.00');
  });

  it('refuses when someone changed the field since, naming who and when, and changes nothing', async () => {
    const mine = await update(owner, { vendor: 'North Mill' });
    await update(liam, { vendor: 'South Mill' });
    const before = await product();
    const refused = await revert(owner, mine);
    expect(refused.auditEventId).toBeNull();
    expect(refused.userErrors).toHaveLength(1);
    expect(refused.userErrors[0].code).toBe('STALE_VERSION');
    expect(refused.userErrors[0].message).toMatch(
      /^Liam Chen changed the vendor of this product after this, on \d{1,2} \w{3} \d{4}, \d{2}:\d{2}\. Undo their change first/,
    );
    expect(await product()).toEqual(before);
  });

  it('undoes one field while a later change to another field stays', async () => {
    const vendorChange = await update(owner, { vendor: 'East Mill' });
    await update(liam, { title: 'Heavy Linen Shirt' });
    expect((await revert(liam, vendorChange)).userErrors).toEqual([]);
    const now = await product();
    expect(now.vendor).toBe('South Mill');
    expect(now.title).toBe('Heavy Linen Shirt');
  });

  it('says why stock movements and creations cannot be undone, and what to do instead', async () => {
    const events = (await gql(owner, LOG, { q: 'action:inventory' })).auditEvents.nodes;
    expect(events.length).toBeGreaterThan(0);
    const stock = await revert(owner, events[0].id);
    expect(stock.userErrors).toEqual([
      {
        field: ['id'],
        code: 'INVALID_TRANSITION',
        message: expect.stringMatching(/^Stock movements can’t be undone: adjust the stock/),
      },
    ]);
    const [created] = (await gql(owner, LOG, { q: 'action:product.create' })).auditEvents.nodes;
    expect((await revert(owner, created.id)).userErrors[0].message).toMatch(/delete the item instead/);
    expect((await revert(owner, 'aud_00000000000000000000000000')).userErrors[0]).toMatchObject({
      code: 'INVALID',
      message: 'This audit event does not exist.',
    });
  });

  it("needs the subject's write permission", async () => {
    const eventId = await update(owner, { vendor: 'West Mill' });
    const res = await sue.request(REVERT, { id: eventId });
    expect(res.body.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
    expect(res.body.errors?.[0]?.message).toMatch(/CATALOG_WRITE/);
    expect((await product()).vendor).toBe('West Mill');
  });

  it('undoes customer, collection and store settings changes the same way', async () => {
    const customer = await gql(
      owner,
      `mutation { customerCreate(input: { email: "ana@example.com", firstName: "Ana" }) { customer { id } userErrors { message } } }`,
    );
    const customerId = customer.customerCreate.customer.id;
    const renamed = await gql(
      owner,
      `mutation($id: ID!) { customerUpdate(id: $id, input: { firstName: "Anna", tags: ["vip"] }) { auditEventId userErrors { message } } }`,
      { id: customerId },
    );
    expect((await revert(sue, renamed.customerUpdate.auditEventId)).userErrors).toEqual([]);
    const readCustomer = await gql(owner, `query($id: ID!) { customer(id: $id) { firstName tags } }`, {
      id: customerId,
    });
    expect(readCustomer.customer).toEqual({ firstName: 'Ana', tags: [] });

    const collection = await gql(
      owner,
      `mutation { collectionCreate(input: { title: "Summer", kind: MANUAL }) { collection { id } userErrors { message } } }`,
    );
    const collectionId = collection.collectionCreate.collection.id;
    const retitled = await gql(
      owner,
      `mutation($id: ID!) { collectionUpdate(id: $id, input: { title: "Summer Linen" }) { auditEventId userErrors { message } } }`,
      { id: collectionId },
    );
    expect((await revert(owner, retitled.collectionUpdate.auditEventId)).userErrors).toEqual([]);
    const readCollection = await gql(owner, `query($id: ID!) { collection(id: $id) { title } }`, {
      id: collectionId,
    });
    expect(readCollection.collection.title).toBe('Summer');

    const shopBefore = (await gql(owner, `{ shop { name lowStockThreshold } }`)).shop;
    const shop = await gql(
      owner,
      `mutation { shopUpdate(input: { name: "Renamed Store", lowStockThreshold: 9 }) { auditEventId userErrors { message } } }`,
    );
    expect((await revert(owner, shop.shopUpdate.auditEventId)).userErrors).toEqual([]);
    expect((await gql(owner, `{ shop { name lowStockThreshold } }`)).shop).toEqual(shopBefore);
  });

  it('brings back a deleted product, collection and category under their old IDs, once', async () => {
    const category = await gql(
      owner,
      `mutation { categoryCreate(input: { name: "Shirts" }) { category { id } userErrors { message } } }`,
    );
    const categoryId = category.categoryCreate.category.id;
    const made = await gql(
      owner,
      `mutation($c: ID!) { productCreate(input: { title: "Oxford Shirt", status: ACTIVE, categoryId: $c, tags: ["cotton"],
        options: [{ name: "Size", values: ["S", "M"] }],
        variants: [{ optionValues: ["S"], sku: "OX-S", price: "30.00" }, { optionValues: ["M"], sku: "OX-M", price: "32.50", compareAtPrice: "40.00" }] })
        { product { id } userErrors { message } } }`,
      { c: categoryId },
    );
    const oxfordId = made.productCreate.product.id;
    const collection = await gql(
      owner,
      `mutation($p: [ID!]) { collectionCreate(input: { title: "Office", kind: MANUAL, productIds: $p }) { collection { id } userErrors { message } } }`,
      { p: [oxfordId, productId] },
    );
    const officeId = collection.collectionCreate.collection.id;
    for (const [mutation, id] of [
      ['collectionDelete', officeId],
      ['productDelete', oxfordId],
      ['categoryDelete', categoryId],
    ] as const) {
      const deleted = await gql(
        owner,
        `mutation($id: ID!) { ${mutation}(id: $id) { userErrors { message } } }`,
        {
          id,
        },
      );
      expect(deleted[mutation].userErrors).toEqual([]);
    }
    const deletes = (await gql(owner, LOG, { q: 'action:product.delete' })).auditEvents.nodes;
    const [categoryDeleted] = (await gql(owner, LOG, { q: 'action:category.delete' })).auditEvents.nodes;
    const [collectionDeleted] = (await gql(owner, LOG, { q: 'action:collection.delete' })).auditEvents.nodes;

    // The category first, so the product finds its category again.
    expect((await revert(owner, categoryDeleted.id)).userErrors).toEqual([]);
    expect((await revert(owner, deletes[0].id)).userErrors).toEqual([]);
    expect((await revert(owner, collectionDeleted.id)).userErrors).toEqual([]);
    const back = await gql(
      owner,
      `query($id: ID!, $c: ID!) {
        product(id: $id) { title status tags category { id name } options { name values } variants { sku price { amount } compareAtPrice { amount } } }
        collection(id: $c) { title products(first: 10) { nodes { id } } } }`,
      { id: oxfordId, c: officeId },
    );
    expect(back.product).toEqual({
      title: 'Oxford Shirt',
      status: 'ACTIVE',
      tags: ['cotton'],
      category: { id: categoryId, name: 'Shirts' },
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { sku: 'OX-S', price: { amount: '30.00' }, compareAtPrice: null },
        { sku: 'OX-M', price: { amount: '32.50' }, compareAtPrice: { amount: '40.00' } },
      ],
    });
    expect(back.collection.title).toBe('Office');
    expect(back.collection.products.nodes.map((p: any) => p.id)).toEqual([oxfordId, productId]);
    const again = await revert(owner, deletes[0].id);
    expect(again.userErrors[0]).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'This product has been brought back already.',
    });
  });

  it('lets only one of two simultaneous undos of the same change through', async () => {
    const eventId = await update(owner, { vendor: 'Twin Mill' });
    const results = await Promise.all([revert(owner, eventId), revert(liam, eventId)]);
    const codes = results.map((r) => r.userErrors.map((e: any) => e.code).join() || 'OK').sort();
    expect(codes).toEqual(['OK', 'STALE_VERSION']);
    expect((await product()).vendor).toBe('West Mill');
  });
});
