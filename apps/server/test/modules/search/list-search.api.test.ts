import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { createLocation, gql } from '../../support/order-fixtures.js';

const CREATE = `mutation($input: ProductInput!) { productCreate(input: $input) { product { id variants { id } } userErrors { message } } }`;
const PRODUCTS = `query($q: String) { products(query: $q, first: 50, sortKey: TITLE) { nodes { title } userErrors { message } } }`;
const CUSTOMERS = `query($q: String) { customers(query: $q, first: 50) { nodes { email } userErrors { message } } }`;
const VALUES = `query($field: ProductFilterField!, $contains: String, $first: Int) {
  productFilterValues(field: $field, contains: $contains, first: $first) }`;

type Client = Parameters<typeof gql>[0];

async function product(
  client: Client,
  input: Record<string, unknown>,
  variant: Record<string, unknown> = {},
): Promise<string> {
  const data = await gql(client, CREATE, {
    input: { status: 'ACTIVE', variants: [{ price: '10.00', ...variant }], ...input },
  });
  expect(data.productCreate.userErrors).toEqual([]);
  return data.productCreate.product.variants[0].id;
}

const titles = async (client: Client, q: string) => {
  const data = await gql(client, PRODUCTS, { q });
  expect(data.products.userErrors).toEqual([]);
  return data.products.nodes.map((n: { title: string }) => n.title);
};

describe.each(DATABASES)('list search as you type on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false } });

  it('matches other forms of a word and the start of the last one', async () => {
    const owner = await signedIn(ctx.server);
    await product(owner, {
      title: 'Wool scarf',
      vendor: 'Acme Knits',
      productType: 'Scarves',
      tags: ['winter'],
    });
    await product(owner, {
      title: 'Linen shirt',
      vendor: 'Northwind',
      productType: 'Shirts',
      tags: ['summer'],
    });
    await product(owner, { title: 'Chef knife', vendor: 'Blade & Co' });
    await product(owner, { title: 'Running shoes', vendor: 'Acme Knits', tags: ['Summer Sale'] });
    await product(owner, { title: 'Linen apron' }, { sku: 'APRON-12' });

    expect(await titles(owner, 'scarves')).toEqual(['Wool scarf']);
    expect(await titles(owner, 'linen shi')).toEqual(['Linen shirt']);
    expect(await titles(owner, 'shirts')).toEqual(['Linen shirt']);
    expect(await titles(owner, 'knives')).toEqual(['Chef knife']);
    expect(await titles(owner, 'runnin')).toEqual(['Running shoes']);
    expect(await titles(owner, 'run')).toEqual(['Running shoes']);
    // Words and fields still combine; a word in no product finds nothing.
    expect(await titles(owner, 'vendor:"Acme Knits" sca')).toEqual(['Wool scarf']);
    expect(await titles(owner, 'scarves -wool')).toEqual([]);
    expect(await titles(owner, 'teapot')).toEqual([]);
    // A SKU typed as printed: PostgreSQL keeps "-12" of "APRON-12" as a signed number.
    expect(await titles(owner, 'APRON-12')).toEqual(['Linen apron']);
    expect(await titles(owner, 'apron-1')).toEqual(['Linen apron']);
    expect(await titles(owner, 'APRON-13')).toEqual([]);
    // The bound on a search's length stays.
    const long = await gql(owner, PRODUCTS, { q: 'scarf '.repeat(100) });
    expect(long.products.userErrors[0].message).toMatch(/at most/);

    const customer = async (email: string, firstName: string, lastName: string) => {
      const made = await gql(
        owner,
        `mutation($input: CustomerInput!) { customerCreate(input: $input) { userErrors { message } } }`,
        { input: { email, firstName, lastName } },
      );
      expect(made.customerCreate.userErrors).toEqual([]);
    };
    await customer('ada@example.com', 'Ada', 'Lovelace');
    await customer('ivy@example.com', 'Ivy', 'Runner');
    const emails = async (q: string) =>
      (await gql(owner, CUSTOMERS, { q })).customers.nodes.map((n: { email: string }) => n.email);
    expect(await emails('ada lov')).toEqual(['ada@example.com']);
    expect(await emails('runners')).toEqual(['ivy@example.com']);
  });

  it('filters by stock state and lists the values in use for the filter chips', async () => {
    const owner = await signedIn(ctx.server);
    const at = await createLocation(owner, 'Chip shelf');
    const stock = async (variantId: string, delta: number) => {
      const adjusted = await gql(
        owner,
        `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
        { input: { reason: 'RECEIVED', changes: [{ variantId, locationId: at, delta }] } },
      );
      expect(adjusted.inventoryAdjust.userErrors).toEqual([]);
    };
    const plenty = { trackInventory: true, lowStockThreshold: 5 };
    await stock(
      await product(owner, { title: 'Stock plenty', vendor: 'Chipmunk Ltd', tags: ['Chip sale'] }, plenty),
      50,
    );
    await stock(
      await product(owner, { title: 'Stock low', vendor: 'chipco', tags: ['chip sale', 'chip new'] }, plenty),
      3,
    );
    await product(owner, { title: 'Stock out', productType: 'Chip mugs' }, plenty);
    await product(owner, { title: 'Stock untracked' }, { trackInventory: false });

    expect(await titles(owner, 'stock:in title:stock')).toEqual(['Stock low', 'Stock plenty']);
    expect(await titles(owner, 'stock:low title:stock')).toEqual(['Stock low']);
    expect(await titles(owner, 'stock:out title:stock')).toEqual(['Stock out']);
    const bad = await gql(owner, PRODUCTS, { q: 'stock:some' });
    expect(bad.products.userErrors[0].message).toBe('"some" is not a stock. Use one of: in, low, out.');

    const values = async (field: string, contains?: string, first?: number) =>
      (await gql(owner, VALUES, { field, contains, first })).productFilterValues;
    expect(await values('VENDOR', 'chip')).toEqual(['chipco', 'Chipmunk Ltd']);
    expect(await values('TAG', 'CHIP')).toEqual(['chip new', 'Chip sale']);
    expect(await values('TAG', 'chip s', 1)).toEqual(['Chip sale']);
    expect(await values('PRODUCT_TYPE', '%')).toEqual([]);
    expect(await values('PRODUCT_TYPE', 'chip')).toEqual(['Chip mugs']);

    const cat = await gql(
      owner,
      `mutation { categoryCreate(input: { name: "Chip hats" }) { category { id } userErrors { message } } }`,
    );
    expect(cat.categoryCreate.userErrors).toEqual([]);
    const col = await gql(
      owner,
      `mutation { collectionCreate(input: { title: "Chip picks", kind: MANUAL }) { userErrors { message } } }`,
    );
    expect(col.collectionCreate.userErrors).toEqual([]);
    expect(await values('CATEGORY', 'chip')).toEqual(['Chip hats']);
    expect(await values('COLLECTION', 'chip')).toEqual(['Chip picks']);

    const tooMany = await owner.request(VALUES, { field: 'TAG', first: 101 });
    expect(tooMany.body.errors?.[0]).toMatchObject({
      message: '"first" must be between 1 and 100 values.',
      extensions: { code: 'BAD_REQUEST' },
    });
    const tooLong = await owner.request(VALUES, { field: 'VENDOR', contains: 'x'.repeat(101) });
    expect(tooLong.body.errors?.[0]).toMatchObject({
      message: '"contains" can be at most 100 characters; shorten it.',
      extensions: { code: 'BAD_REQUEST' },
    });
    const tags = await gql(owner, `query { customerTagValues(contains: "zz-none") }`);
    expect(tags.customerTagValues).toEqual([]);
  });
});
