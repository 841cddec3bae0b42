import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { statementsOf } from '../../support/statements.js';

const PRODUCT_FIELDS = `id title handle status tags vendor version description variantCount
  options { name values }
  priceRange { min { amount currencyCode } max { amount } }
  variants { id title optionValues sku price { amount } compareAtPrice { amount } weightGrams }`;
const CREATE = `mutation($input: ProductInput!) { productCreate(input: $input) { product { ${PRODUCT_FIELDS} } userErrors { field code message } } }`;
const UPDATE = `mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) { product { ${PRODUCT_FIELDS} } userErrors { field code message } } }`;
const LIST = `query($q: String, $sort: ProductSortKeys, $reverse: Boolean, $first: Int, $after: String, $last: Int, $before: String) {
  products(query: $q, sortKey: $sort, reverse: $reverse, first: $first, after: $after, last: $last, before: $before) {
    nodes { title } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } count { value precision } userErrors { field code message } } }`;

async function create(client: Client, input: Record<string, unknown>) {
  const res = await client.request(CREATE, { input });
  return res.body.data?.productCreate;
}

describe.each(DATABASES)('products on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('creates a product with Size × Colour options: the matrix, prices, a generated handle, sanitized description', async () => {
    const client = await signedIn(ctx.server);
    const out = await create(client, {
      title: 'Linen Shirt',
      description: '<p>Soft <strong>linen</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
      tags: ['Summer', 'summer', ' linen '],
      vendor: 'Northwind',
      options: [
        { name: 'Size', values: ['S', 'M', 'L'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ],
      variants: ['S', 'M', 'L'].flatMap((size) =>
        ['Red', 'Blue'].map((colour) => ({
          optionValues: [size, colour],
          sku: `LS-${size}-${colour}`,
          price: size === 'L' ? '34.00' : '29.5',
        })),
      ),
    });
    expect(out.userErrors).toEqual([]);
    expect(out.product).toMatchObject({
      title: 'Linen Shirt',
      handle: 'linen-shirt',
      status: 'DRAFT',
      tags: ['Summer', 'linen'],
      variantCount: 6,
      description: '<p>Soft <strong>linen</strong></p>',
      priceRange: { min: { amount: '29.50', currencyCode: 'USD' }, max: { amount: '34.00' } },
    });
    expect(out.product.variants.map((v: any) => v.title)).toEqual([
      'S / Red',
      'S / Blue',
      'M / Red',
      'M / Blue',
      'L / Red',
      'L / Blue',
    ]);
    const again = await create(client, { title: 'Linen shirt!', variants: [{ price: '1' }] });
    expect(again.product.handle).toBe('linen-shirt-2');
  });

  it('returns every failing field at once and changes nothing', async () => {
    const client = await signedIn(ctx.server);
    const before = (await client.request(LIST, { q: null })).body.data?.products.count.value;
    const out = await create(client, {
      title: '',
      handle: 'Bad Handle',
      variants: [
        { price: '-1', sku: 'A B', compareAtPrice: '1' },
        { price: '5', weightGrams: 2_000_000 },
      ],
    });
    expect(out.product).toBeNull();
    expect(out.userErrors.map((e: any) => `${e.field.join('.')} ${e.code}`)).toEqual(
      expect.arrayContaining([
        'input.title REQUIRED',
        'input.handle INVALID',
        'input.variants.0.price INVALID',
        'input.variants.0.sku INVALID',
        'input.variants.1.weightGrams OUT_OF_RANGE',
      ]),
    );
    expect((await client.request(LIST, { q: null })).body.data?.products.count.value).toBe(before);
  });

  it('refuses a taken handle and a SKU another product uses, naming it', async () => {
    const client = await signedIn(ctx.server);
    await create(client, { title: 'Canvas Tote', variants: [{ price: '20', sku: 'TOTE-1' }] });
    const out = await create(client, {
      title: 'Other',
      handle: 'canvas-tote',
      variants: [{ price: '1', sku: 'tote-1' }],
    });
    expect(out.userErrors).toEqual([
      {
        field: ['input', 'handle'],
        code: 'TAKEN',
        message: 'The handle "canvas-tote" is already used by another product.',
      },
    ]);
    const sku = await create(client, { title: 'Other', variants: [{ price: '1', sku: 'tote-1' }] });
    expect(sku.userErrors).toEqual([
      {
        field: ['input', 'variants', '0', 'sku'],
        code: 'TAKEN',
        message: 'This SKU is already used by Canvas Tote.',
      },
    ]);
  });

  it('updates with optimistic concurrency; adding an option value keeps the other variants’ data', async () => {
    const client = await signedIn(ctx.server);
    const { product } = await create(client, {
      title: 'Wool Beanie',
      options: [{ name: 'Colour', values: ['Grey', 'Navy'] }],
      variants: [
        { optionValues: ['Grey'], price: '18', sku: 'BEANIE-GREY', weightGrams: 90 },
        { optionValues: ['Navy'], price: '18', sku: 'BEANIE-NAVY' },
      ],
    });
    const grey = product.variants[0];
    const res = await client.request(UPDATE, {
      id: product.id,
      input: {
        version: product.version,
        status: 'ACTIVE',
        options: [{ name: 'Colour', values: ['Grey', 'Navy', 'Rust'] }],
        variants: [
          { id: grey.id, optionValues: ['Grey'], price: '18', sku: 'BEANIE-GREY', weightGrams: 90 },
          { optionValues: ['Navy'], price: '19', sku: 'BEANIE-NAVY' },
          { optionValues: ['Rust'], price: '21', sku: 'BEANIE-RUST' },
        ],
      },
    });
    const updated = res.body.data?.productUpdate;
    expect(updated.userErrors).toEqual([]);
    expect(updated.product.status).toBe('ACTIVE');
    expect(updated.product.version).toBe(product.version + 1);
    expect(
      updated.product.variants.map((v: any) => [
        v.id === grey.id || v.id === product.variants[1].id,
        v.sku,
        v.price.amount,
      ]),
    ).toEqual([
      [true, 'BEANIE-GREY', '18.00'],
      [true, 'BEANIE-NAVY', '19.00'],
      [false, 'BEANIE-RUST', '21.00'],
    ]);
    const stale = await client.request(UPDATE, {
      id: product.id,
      input: { version: product.version, title: 'Lost edit' },
    });
    expect(stale.body.data?.productUpdate.userErrors).toEqual([
      {
        field: ['input', 'version'],
        code: 'STALE_VERSION',
        message: 'Someone else changed this product since you opened it.',
      },
    ]);
    const removed = await client.request(UPDATE, {
      id: product.id,
      input: {
        options: [{ name: 'Colour', values: ['Grey'] }],
        variants: [{ id: grey.id, optionValues: ['Grey'], price: '18' }],
      },
    });
    expect(removed.body.data?.productUpdate.product.variants).toHaveLength(1);
    const audit = await ctx.server.app.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'product.update')
      .orderBy('created_at')
      .execute();
    expect(audit[0]!.changes).toMatchObject({
      status: { before: 'DRAFT', after: 'ACTIVE' },
      variants: { before: expect.any(Array), after: expect.any(Array) },
    });
  });

  it('searches by free text, SKU, tag, status and price, and explains an unknown field', async () => {
    const client = await signedIn(ctx.server);
    await create(client, {
      title: 'Harbor Raincoat',
      tags: ['Outerwear', 'Wholesale'],
      status: 'ACTIVE',
      vendor: 'Fjord Co',
      variants: [{ price: '120', sku: 'RAIN-HRB-01' }],
    });
    await create(client, {
      title: 'Harbor Cap',
      tags: ['Accessories'],
      status: 'DRAFT',
      variants: [{ price: '25', sku: 'CAP-HRB-01' }],
    });
    const titles = async (q: string) =>
      (await client.request(LIST, { q, sort: 'TITLE' })).body.data?.products.nodes.map((n: any) => n.title);
    expect(await titles('harb')).toEqual(['Harbor Cap', 'Harbor Raincoat']);
    expect(await titles('RAIN-HRB-01')).toEqual(['Harbor Raincoat']);
    expect(await titles('sku:rain-hrb-01')).toEqual(['Harbor Raincoat']);
    expect(await titles('tag:wholesale')).toEqual(['Harbor Raincoat']);
    expect(await titles('harbor -tag:wholesale')).toEqual(['Harbor Cap']);
    expect(await titles('harbor status:active')).toEqual(['Harbor Raincoat']);
    expect(await titles('harbor price:<50')).toEqual(['Harbor Cap']);
    expect(await titles('vendor:"fjord co" OR tag:accessories')).toEqual(['Harbor Cap', 'Harbor Raincoat']);
    const bad = (await client.request(LIST, { q: 'colour:red' })).body.data?.products;
    expect(bad.nodes).toEqual([]);
    expect(bad.userErrors[0]).toMatchObject({
      field: ['query'],
      code: 'INVALID',
      message: expect.stringMatching(
        /^Unknown field "colour"\. Known fields: barcode, category, collection, created_at/,
      ),
    });
  });

  it('pages with keyset cursors both ways and counts', async () => {
    const client = await signedIn(ctx.server);
    for (let i = 0; i < 7; i++)
      await create(client, {
        title: `Page Item ${String(i).padStart(2, '0')}`,
        tags: ['paging'],
        variants: [{ price: '1' }],
      });
    const first = (await client.request(LIST, { q: 'tag:paging', sort: 'TITLE', first: 3 })).body.data
      ?.products;
    expect(first.nodes.map((n: any) => n.title)).toEqual(['Page Item 00', 'Page Item 01', 'Page Item 02']);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(first.count).toEqual({ value: 7, precision: 'EXACT' });
    const second = (
      await client.request(LIST, {
        q: 'tag:paging',
        sort: 'TITLE',
        first: 3,
        after: first.pageInfo.endCursor,
      })
    ).body.data?.products;
    expect(second.nodes.map((n: any) => n.title)).toEqual(['Page Item 03', 'Page Item 04', 'Page Item 05']);
    const back = (
      await client.request(LIST, {
        q: 'tag:paging',
        sort: 'TITLE',
        last: 2,
        before: second.pageInfo.startCursor,
      })
    ).body.data?.products;
    expect(back.nodes.map((n: any) => n.title)).toEqual(['Page Item 01', 'Page Item 02']);
    const reversed = (await client.request(LIST, { q: 'tag:paging', sort: 'TITLE', reverse: true, first: 2 }))
      .body.data?.products;
    expect(reversed.nodes.map((n: any) => n.title)).toEqual(['Page Item 06', 'Page Item 05']);
    const tooMany = await client.request(LIST, { first: 251 });
    expect(tooMany.body.errors?.[0]).toMatchObject({ message: 'Ask for 0 to 250 items at a time.' });
  });

  it('lets an analyst read the catalog and refuses every write', async () => {
    await ctx.server.createStaff({
      email: 'analyst@example.com',
      name: 'An',
      password: 'analyst-password-1',
      roleKeys: ['analyst'],
    });
    await ctx.server.createStaff({
      email: 'picker@example.com',
      name: 'Pi',
      password: 'picker-password-1',
      roleKeys: ['fulfillment'],
    });
    const owner = await signedIn(ctx.server);
    const { product } = await create(owner, { title: 'Read Only Test', variants: [{ price: '5' }] });
    for (const [email, password] of [
      ['analyst@example.com', 'analyst-password-1'],
      ['picker@example.com', 'picker-password-1'],
    ] as const) {
      const client = await signedIn(ctx.server, email, password);
      const read = await client.request(
        `query($id: ID!) { product(id: $id) { title variants { price { amount } } } }`,
        { id: product.id },
      );
      expect(read.body.data?.product).toEqual({
        title: 'Read Only Test',
        variants: [{ price: { amount: '5.00' } }],
      });
      const write = await client.request(UPDATE, { id: product.id, input: { variants: [{ price: '1' }] } });
      expect(write.body.errors?.[0]).toMatchObject({
        extensions: { code: 'FORBIDDEN', permission: 'CATALOG_WRITE' },
      });
      const created = await client.request(CREATE, { input: { title: 'Nope' } });
      expect(created.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const unchanged = await owner.request(
      `query($id: ID!) { product(id: $id) { variants { price { amount } } } }`,
      { id: product.id },
    );
    expect(unchanged.body.data?.product.variants[0].price.amount).toBe('5.00');
  });
});

describe('product list query count', () => {
  const ctx = useServer();

  it('runs the same number of SQL statements for 5 or 50 products with their variants', async () => {
    const client = await signedIn(ctx.server);
    for (let i = 0; i < 50; i++) {
      await create(client, {
        title: `Counted ${i}`,
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { optionValues: ['S'], price: '1' },
          { optionValues: ['M'], price: '2' },
        ],
      });
    }
    const LIST_WITH_VARIANTS = `query($first: Int) { products(first: $first, sortKey: TITLE) {
      nodes { id title status totalAvailable category { name } collections { title } media { thumbnailUrl } priceRange { min { amount } } variants { id sku price { amount } product { handle } inventoryLevels { available location { name } } } }
      count { value } } }`;
    // The least of three tries: a session or settings read may expire between two requests.
    const statements = (first: number) =>
      statementsOf(ctx.server.app.database, async () => {
        const res = await client.request(LIST_WITH_VARIANTS, { first });
        expect(res.body.data?.products.nodes).toHaveLength(first);
      });
    const small = await statements(5);
    const large = await statements(50);
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(12);
  });

  it('shows in the list exactly what each product shows alone: variants, stock by location priority, totals', async () => {
    const client = await signedIn(ctx.server);
    const locations: string[] = [];
    for (const name of ['Back room', 'Front shop']) {
      const res = await client.request(
        `mutation($input: LocationInput!) { locationCreate(input: $input) { location { id } } }`,
        { input: { name } },
      );
      locations.push(res.body.data?.locationCreate.location.id);
    }
    const tracked = await create(client, {
      title: 'Zz Listed tracked',
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      variants: ['S', 'M', 'L'].map((size, i) => ({
        optionValues: [size],
        price: `${i + 1}.50`,
        sku: `ZZ-LIST-${size}`,
        trackInventory: true,
      })),
    });
    const untracked = await create(client, {
      title: 'Zz Listed untracked',
      variants: [{ price: '3', trackInventory: false }],
    });
    const [s, m] = tracked.product.variants;
    const changes = [
      { variantId: s.id, locationId: locations[1], delta: 4 },
      { variantId: s.id, locationId: locations[0], delta: 7 },
      { variantId: m.id, locationId: locations[1], delta: 2 },
    ];
    const adjusted = await client.request(
      `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
      {
        input: { reason: 'RECEIVED', changes },
      },
    );
    expect(adjusted.body.data?.inventoryAdjust.userErrors).toEqual([]);
    const FIELDS = `id title totalAvailable variantCount category { name } media { url }
      variants { id sku price { amount } inventoryLevels { onHand committed available location { name } } }`;
    const list = await client.request(
      `{ products(first: 5, query: "zz listed", sortKey: TITLE) { nodes { ${FIELDS} } } }`,
    );
    const nodes = list.body.data?.products.nodes;
    expect(nodes.map((n: { title: string }) => n.title)).toEqual([
      'Zz Listed tracked',
      'Zz Listed untracked',
    ]);
    for (const node of nodes) {
      const alone = await client.request(`query($id: ID!) { product(id: $id) { ${FIELDS} } }`, {
        id: node.id,
      });
      expect(node).toEqual(alone.body.data?.product);
    }
    expect(nodes[0].totalAvailable).toBe(13);
    expect(
      nodes[0].variants[0].inventoryLevels.map((l: { location: { name: string } }) => l.location.name),
    ).toEqual(['Back room', 'Front shop']);
    expect(nodes[1].totalAvailable).toBeNull();
    expect(untracked.product.variants[0].id).toBe(nodes[1].variants[0].id);
  });
});
