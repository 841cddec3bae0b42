import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { createLocation, createOrder, createVariant, gql } from '../../support/order-fixtures.js';

const SEARCH = `query($q: String!, $first: Int) { search(query: $q, first: $first) {
  types
  orders { id name email }
  products { id title }
  customers { id email }
  discounts { id code }
  staff { id email }
} }`;

describe.each(DATABASES)('search across types on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false } });

  it('finds each kind of record by its words, and only the kinds the person may read', async () => {
    const owner = await signedIn(ctx.server);
    const at = await createLocation(owner, 'Search shelf');
    const lamp = await createVariant(owner, { sku: 'SRCH-LAMP', price: '40.00', stock: { [at]: 10 } });
    await createVariant(owner, { sku: 'SRCH-MUG', price: '9.00', stock: { [at]: 10 } });
    const first = await createOrder(owner, [{ variantId: lamp, quantity: 1 }], { email: 'grace@hopper.dev' });
    const second = await createOrder(owner, [{ variantId: lamp, quantity: 1 }], { email: 'alan@turing.dev' });
    const customer = await gql(
      owner,
      `mutation { customerCreate(input: { email: "marie@curie.dev", firstName: "Marie", lastName: "Curie", phone: "+14155550123" }) { userErrors { message } } }`,
    );
    expect(customer.customerCreate.userErrors).toEqual([]);
    const discount = await gql(
      owner,
      `mutation { discountCreate(input: { code: "SEARCHSPRING", kind: PERCENTAGE, value: "10", appliesTo: ALL }) { userErrors { message } } }`,
    );
    expect(discount.discountCreate.userErrors).toEqual([]);
    await ctx.server.createStaff({
      email: 'cat@example.com',
      name: 'Cathy Catalog',
      password: 'catalog-cards-drawer-9',
      roleKeys: ['catalog-manager'],
    });

    const byNumber = (await gql(owner, SEARCH, { q: second.name })).search;
    expect(byNumber.types).toEqual(['ORDERS', 'PRODUCTS', 'CUSTOMERS', 'DISCOUNTS', 'STAFF']);
    expect(byNumber.orders.map((o: any) => o.id)).toEqual([second.id]);
    const bare = (await gql(owner, SEARCH, { q: first.name.replace('#', '') })).search;
    expect(bare.orders.map((o: any) => o.id)).toEqual([first.id]);
    expect((await gql(owner, SEARCH, { q: 'grace@hopper.dev' })).search.orders).toEqual([
      { id: first.id, name: first.name, email: 'grace@hopper.dev' },
    ]);

    const bySku = (await gql(owner, SEARCH, { q: 'srch-mug' })).search;
    expect(bySku.products.map((p: any) => p.title)).toEqual(['Product SRCH-MUG']);
    const byWords = (await gql(owner, SEARCH, { q: 'marie cur' })).search;
    expect(byWords.customers.map((c: any) => c.email)).toEqual(['marie@curie.dev']);
    const byPhone = (await gql(owner, SEARCH, { q: '415 555 0123' })).search;
    expect(byPhone.customers.map((c: any) => c.email)).toEqual(['marie@curie.dev']);
    expect((await gql(owner, SEARCH, { q: 'searchsp' })).search.discounts).toEqual([
      expect.objectContaining({ code: 'SEARCHSPRING' }),
    ]);
    expect((await gql(owner, SEARCH, { q: 'cathy' })).search.staff).toEqual([
      expect.objectContaining({ email: 'cat@example.com' }),
    ]);
    // Search syntax is not applied: a field name or an unclosed quote is just text, never an error.
    const literal = await gql(owner, SEARCH, { q: 'status:open "' });
    expect(literal.search.orders).toEqual([]);

    const cathy = await signedIn(ctx.server, 'cat@example.com', 'catalog-cards-drawer-9');
    const theirs = (await gql(cathy, SEARCH, { q: 'marie' })).search;
    expect(theirs.types).toEqual(['PRODUCTS', 'DISCOUNTS']);
    expect(theirs).toMatchObject({ orders: null, customers: null, staff: null, products: [], discounts: [] });
    const theirOrder = (await gql(cathy, SEARCH, { q: second.name })).search;
    expect(theirOrder.orders).toBeNull();
  });

  it('refuses a query or a limit out of bounds before searching, and signed-out callers', async () => {
    const owner = await signedIn(ctx.server);
    const long = await owner.request(SEARCH, { q: 'x'.repeat(101) });
    expect(long.body.errors?.[0]).toMatchObject({
      message: 'A search can be at most 100 characters; shorten it.',
      extensions: { code: 'BAD_REQUEST' },
    });
    for (const first of [0, 11, -1]) {
      const res = await owner.request(SEARCH, { q: 'lamp', first });
      expect(res.body.errors?.[0]).toMatchObject({
        message: '"first" must be between 1 and 10 results per type.',
        extensions: { code: 'BAD_REQUEST' },
      });
    }
    const limited = (await gql(owner, SEARCH, { q: 'product', first: 1 })).search;
    expect(limited.products).toHaveLength(1);
    const blank = (await gql(owner, SEARCH, { q: '   ' })).search;
    expect(blank.orders).toEqual([]);
    // Punctuation alone is no search (the product list would read it as "every product").
    const punctuation = (await gql(owner, SEARCH, { q: '# - "' })).search;
    expect(punctuation).toMatchObject({ orders: [], products: [], customers: [], discounts: [], staff: [] });

    const anonymous = ctx.client();
    const res = await anonymous.request(SEARCH, { q: 'lamp' });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
