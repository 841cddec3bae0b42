import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { createLocation, gql } from '../../support/order-fixtures.js';

const CREATE = `mutation($input: ProductInput!) { productCreate(input: $input) {
  product { id totalAvailable variants { id sku inventoryLevels { onHand available location { name } } } }
  userErrors { field code message } } }`;
const UPDATE = `mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) {
  product { id totalAvailable variants { id sku inventoryLevels { onHand location { name } } } }
  userErrors { field code message } } }`;
const ADJUST = `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`;
const LEVELS = `query($q: String) { inventoryLevels(query: $q, first: 50) { nodes { onHand location { name } variant { sku } } } }`;

/** Issue #16 item 1: a new product can be stocked from the admin; the product list's figure follows. */
describe.each(DATABASES)('stock levels of new variants and locations on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let main: string;
  let shop: string;
  let closed: string;

  const productCount = async () =>
    (await gql(owner, `{ products(first: 1) { count { value } } }`)).products.count.value;

  it('gives a new variant a level at zero at every active location', async () => {
    owner = await signedIn(ctx.server);
    main = await createLocation(owner, 'Main warehouse');
    shop = await createLocation(owner, 'Corner shop');
    closed = await createLocation(owner, 'Old depot');
    await gql(
      owner,
      `mutation($id: ID!) { locationUpdate(id: $id, input: { active: false }) { userErrors { message } } }`,
      {
        id: closed,
      },
    );
    const made = (
      await gql(owner, CREATE, {
        input: {
          title: 'Linen apron',
          options: [{ name: 'Color', values: ['Sand', 'Olive'] }],
          variants: [
            { optionValues: ['Sand'], price: '24', sku: 'APR-SAND' },
            { optionValues: ['Olive'], price: '24', sku: 'APR-OLIVE', trackInventory: false },
          ],
        },
      })
    ).productCreate;
    expect(made.userErrors).toEqual([]);
    const [sand, olive] = made.product.variants;
    expect(sand.inventoryLevels.map((l: any) => [l.location.name, l.onHand])).toEqual([
      ['Main warehouse', 0],
      ['Corner shop', 0],
    ]);
    expect(olive.inventoryLevels).toEqual([]);
    expect(made.product.totalAvailable).toBe(0);
    const listed = (await gql(owner, LEVELS, { q: 'sku:APR-SAND' })).inventoryLevels.nodes;
    expect(listed).toHaveLength(2);
  });

  it('receives starting stock per location with the product, noted and counted', async () => {
    const made = (
      await gql(owner, CREATE, {
        input: {
          title: 'Wool throw',
          variants: [
            {
              price: '80',
              sku: 'THROW-1',
              startingStock: [
                { locationId: main, quantity: 12 },
                { locationId: shop, quantity: 0 },
              ],
            },
          ],
        },
      })
    ).productCreate;
    expect(made.userErrors).toEqual([]);
    expect(made.product.totalAvailable).toBe(12);
    expect(made.product.variants[0].inventoryLevels.map((l: any) => [l.location.name, l.onHand])).toEqual([
      ['Main warehouse', 12],
      ['Corner shop', 0],
    ]);
    const moves = (
      await gql(
        owner,
        `query($q: String) { inventoryMovements(query: $q, first: 10) { nodes { reason onHandDelta note location { name } } } }`,
        { q: 'sku:THROW-1' },
      )
    ).inventoryMovements.nodes;
    expect(moves).toEqual([
      { reason: 'RECEIVED', onHandDelta: 12, note: 'Starting stock', location: { name: 'Main warehouse' } },
    ]);
    const listed = (
      await gql(owner, `{ products(first: 5, query: "sku:THROW-1") { nodes { totalAvailable } } }`)
    ).products.nodes;
    expect(listed).toEqual([{ totalAvailable: 12 }]);
  });

  it('refuses bad starting stock in plain words and makes nothing', async () => {
    const before = await productCount();
    const bad = (
      await gql(owner, CREATE, {
        input: {
          title: 'Bad stock',
          options: [{ name: 'Size', values: ['S', 'M'] }],
          variants: [
            {
              optionValues: ['S'],
              price: '5',
              startingStock: [
                { locationId: main, quantity: -3 },
                { locationId: closed, quantity: 2 },
                { locationId: 'Location_nope', quantity: 1 },
              ],
            },
            {
              optionValues: ['M'],
              price: '5',
              trackInventory: false,
              startingStock: [
                { locationId: shop, quantity: 4 },
                { locationId: shop, quantity: 1 },
              ],
            },
          ],
        },
      })
    ).productCreate;
    expect(bad.product).toBeNull();
    expect(bad.userErrors).toEqual([
      {
        field: ['input', 'variants', '0', 'startingStock', '0', 'quantity'],
        code: 'INVALID',
        message: 'Enter a whole number from 0 to 1,000,000,000.',
      },
      {
        field: ['input', 'variants', '0', 'startingStock', '1', 'locationId'],
        code: 'INVALID',
        message: 'Old depot is inactive; activate it before receiving stock there.',
      },
      {
        field: ['input', 'variants', '0', 'startingStock', '2', 'locationId'],
        code: 'INVALID',
        message: 'This location does not exist.',
      },
      {
        field: ['input', 'variants', '1', 'startingStock', '0', 'quantity'],
        code: 'INVALID',
        message: 'This variant does not track stock; turn on "Track inventory" to give it starting stock.',
      },
      {
        field: ['input', 'variants', '1', 'startingStock', '1', 'locationId'],
        code: 'INVALID',
        message: 'Corner shop is listed twice; give its starting stock once.',
      },
    ]);
    expect(await productCount()).toBe(before);
  });

  it('needs INVENTORY_WRITE to receive starting stock, not to make the product', async () => {
    const made = (
      await gql(
        owner,
        `mutation { apiTokenCreate(input: { name: "Catalog sync", permissions: [CATALOG_WRITE, CATALOG_READ] }) { token userErrors { message } } }`,
      )
    ).apiTokenCreate;
    const asToken = async (query: string, variables: Record<string, unknown>) =>
      (
        await fetch(`${ctx.server.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${made.token}` },
          body: JSON.stringify({ query, variables }),
        })
      ).json();
    const before = await productCount();
    const refused = await asToken(CREATE, {
      input: {
        title: 'Synced',
        variants: [{ price: '1', startingStock: [{ locationId: main, quantity: 3 }] }],
      },
    });
    expect(refused.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(await productCount()).toBe(before);
    const plain = await asToken(CREATE, { input: { title: 'Synced', variants: [{ price: '1' }] } });
    expect(plain.data.productCreate.userErrors).toEqual([]);
  });

  it('stocks a variant added later, and refuses starting stock for one that exists', async () => {
    const made = (
      await gql(owner, CREATE, {
        input: {
          title: 'Mug',
          options: [{ name: 'Color', values: ['White'] }],
          variants: [{ optionValues: ['White'], price: '12', sku: 'MUG-W' }],
        },
      })
    ).productCreate.product;
    const white = made.variants[0].id;
    const existing = (
      await gql(owner, UPDATE, {
        id: made.id,
        input: { variants: [{ id: white, startingStock: [{ locationId: main, quantity: 5 }] }] },
      })
    ).productUpdate;
    expect(existing.userErrors).toEqual([
      {
        field: ['input', 'variants', '0', 'startingStock'],
        code: 'INVALID',
        message: 'White exists already; change its stock in Inventory or on its variant page.',
      },
    ]);
    const added = (
      await gql(owner, UPDATE, {
        id: made.id,
        input: {
          options: [{ name: 'Color', values: ['White', 'Black'] }],
          variants: [
            { id: white },
            {
              optionValues: ['Black'],
              price: '12',
              sku: 'MUG-B',
              startingStock: [{ locationId: shop, quantity: 7 }],
            },
          ],
        },
      })
    ).productUpdate;
    expect(added.userErrors).toEqual([]);
    expect(added.product.totalAvailable).toBe(7);
    expect(
      added.product.variants.map((v: any) => [v.sku, v.inventoryLevels.map((l: any) => l.onHand)]),
    ).toEqual([
      ['MUG-W', [0, 0]],
      ['MUG-B', [0, 7]],
    ]);
  });

  it('gives every tracked variant a level at a new location, and at a reopened one', async () => {
    await createLocation(owner, 'Pop-up');
    const atPopUp = (await gql(owner, LEVELS, { q: 'location:"Pop-up"' })).inventoryLevels.nodes
      .map((l: any) => l.variant.sku)
      .sort();
    expect(atPopUp).toEqual(expect.arrayContaining(['APR-SAND', 'MUG-B', 'MUG-W', 'THROW-1']));
    expect(atPopUp).not.toContain('APR-OLIVE');
    // Closing it removes its levels that never held anything; a level with history stays.
    const popUp = (await gql(owner, `{ locations { id name } }`)).locations.find(
      (l: any) => l.name === 'Pop-up',
    ).id;
    const mugB = (
      await gql(owner, `{ products(first: 1, query: "sku:MUG-B") { nodes { variants { id sku } } } }`)
    ).products.nodes[0].variants.find((v: any) => v.sku === 'MUG-B').id;
    await gql(owner, ADJUST, {
      input: { reason: 'RECEIVED', changes: [{ variantId: mugB, locationId: popUp, delta: 2 }] },
    });
    await gql(owner, ADJUST, {
      input: { reason: 'CORRECTION', changes: [{ variantId: mugB, locationId: popUp, delta: -2 }] },
    });
    const closing = await gql(
      owner,
      `mutation($id: ID!) { locationUpdate(id: $id, input: { active: false }) { userErrors { message } } }`,
      { id: popUp },
    );
    expect(closing.locationUpdate.userErrors).toEqual([]);
    const left = (await gql(owner, LEVELS, { q: 'location:"Pop-up"' })).inventoryLevels.nodes;
    expect(left).toEqual([{ onHand: 0, location: { name: 'Pop-up' }, variant: { sku: 'MUG-B' } }]);
    await gql(
      owner,
      `mutation($id: ID!) { locationUpdate(id: $id, input: { active: true }) { userErrors { message } } }`,
      { id: closed },
    );
    const atDepot = (await gql(owner, LEVELS, { q: 'location:"Old depot" sku:MUG-B' })).inventoryLevels.nodes;
    expect(atDepot).toEqual([{ onHand: 0, location: { name: 'Old depot' }, variant: { sku: 'MUG-B' } }]);
  });

  it('keeps the product total equal to its levels under concurrent stock changes, and sorts by it', async () => {
    const product = (
      await gql(owner, CREATE, {
        input: {
          title: 'Candle',
          options: [{ name: 'Scent', values: ['Fig', 'Cedar', 'Sea'] }],
          variants: ['Fig', 'Cedar', 'Sea'].map((s) => ({
            optionValues: [s],
            price: '18',
            sku: `CANDLE-${s.toUpperCase()}`,
          })),
        },
      })
    ).productCreate.product;
    const variantIds: string[] = product.variants.map((v: any) => v.id);
    // 30 adjustments at once across the product's variants and two locations, some touching two products.
    const other = (
      await gql(owner, `{ products(first: 1, query: "sku:THROW-1") { nodes { variants { id } } } }`)
    ).products.nodes[0].variants[0].id;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        owner.request(ADJUST, {
          input: {
            reason: 'RECEIVED',
            changes: [
              { variantId: variantIds[i % 3], locationId: i % 2 ? main : shop, delta: 1 + (i % 4) },
              ...(i % 5 === 0 ? [{ variantId: other, locationId: main, delta: -1 }] : []),
            ],
          },
        }),
      ),
    );
    expect(results.map((r) => r.body.errors ?? r.body.data?.inventoryAdjust.userErrors).flat()).toEqual([]);
    const expected = Array.from({ length: 30 }, (_, i) => 1 + (i % 4)).reduce((a, b) => a + b, 0);
    const read = (
      await gql(
        owner,
        `query($id: ID!) { product(id: $id) { totalAvailable variants { inventoryLevels { available } } } }`,
        { id: product.id },
      )
    ).product;
    const sum = read.variants
      .flatMap((v: any) => v.inventoryLevels)
      .reduce((n: number, l: any) => n + l.available, 0);
    expect([read.totalAvailable, sum]).toEqual([expected, expected]);
    const throw1 = (
      await gql(owner, `{ products(first: 1, query: "sku:THROW-1") { nodes { totalAvailable } } }`)
    ).products.nodes[0];
    expect(throw1.totalAvailable).toBe(12 - 6);

    const sorted = (
      await gql(owner, `{ products(first: 50, sortKey: INVENTORY) { nodes { title totalAvailable } } }`)
    ).products.nodes;
    const figures = sorted.map((p: any) => p.totalAvailable);
    const tracked = figures.filter((n: number | null) => n !== null);
    expect(tracked).toEqual([...tracked].sort((a, b) => a - b));
    // Products that track no stock come last.
    expect(figures.slice(tracked.length).every((n: number | null) => n === null)).toBe(true);
    const reversed = (
      await gql(
        owner,
        `{ products(first: 50, sortKey: INVENTORY, reverse: true) { nodes { totalAvailable } } }`,
      )
    ).products.nodes
      .map((p: any) => p.totalAvailable)
      .filter((n: number | null) => n !== null);
    expect(reversed).toEqual([...tracked].reverse());
  });

  it('keeps the stock list in product title, then variant order through renames and reorders, page by page', async () => {
    const make = async (title: string, skus: string[]) =>
      (
        await gql(owner, CREATE, {
          input: {
            title,
            options: [{ name: 'Size', values: skus }],
            variants: skus.map((sku) => ({ optionValues: [sku], price: '9', sku })),
          },
        })
      ).productCreate.product;
    const bravo = await make('Bravo kettle', ['KET-B1', 'KET-B2']);
    const alpha = await make('alpha kettle', ['KET-A1']);
    // Every page of one level, so each step crosses a cursor; shop and main per variant.
    const order = async () => {
      const seen: string[] = [];
      let after: string | null = null;
      for (;;) {
        const page: any = (
          await gql(
            owner,
            `query($after: String) { inventoryLevels(query: "kettle location:\\"Main warehouse\\"", first: 1, after: $after) {
              nodes { variant { sku } } pageInfo { hasNextPage endCursor } } }`,
            { after },
          )
        ).inventoryLevels;
        seen.push(...page.nodes.map((n: any) => n.variant.sku));
        if (!page.pageInfo.hasNextPage) return seen;
        after = page.pageInfo.endCursor;
      }
    };
    expect(await order()).toEqual(['KET-A1', 'KET-B1', 'KET-B2']);

    const rename = await gql(owner, UPDATE, { id: alpha.id, input: { title: 'Charlie kettle' } });
    expect(rename.productUpdate.userErrors).toEqual([]);
    expect(await order()).toEqual(['KET-B1', 'KET-B2', 'KET-A1']);

    // The same variants, the other way round.
    const [b1, b2] = bravo.variants;
    const reorder = await gql(owner, UPDATE, {
      id: bravo.id,
      input: {
        variants: [
          { id: b2.id, optionValues: ['KET-B2'], price: '9', sku: 'KET-B2' },
          { id: b1.id, optionValues: ['KET-B1'], price: '9', sku: 'KET-B1' },
        ],
      },
    });
    expect(reorder.productUpdate.userErrors).toEqual([]);
    expect(await order()).toEqual(['KET-B2', 'KET-B1', 'KET-A1']);

    // A rename racing stock changes on the same levels: every one lands, none deadlocks.
    const race = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        owner.request(ADJUST, {
          input: {
            reason: 'RECEIVED',
            changes: [b2, b1].map((v) => ({ variantId: v.id, locationId: main, delta: 1 + i })),
          },
        }),
      ),
      owner.request(UPDATE, { id: bravo.id, input: { title: 'Delta kettle' } }),
    ]);
    expect(race.map((r) => r.body.errors ?? [])).toEqual(race.map(() => []));
    expect(await order()).toEqual(['KET-A1', 'KET-B2', 'KET-B1']);
  });
});

/**
 * Issue #26: a variant's locations are listed in their fulfillment priority on every path, by SQL
 * (PostgreSQL returns rows without ORDER BY in no promised order). The locations are made in one
 * order, named in another and given priorities in a third, after the stock arrived.
 */
describe.each(DATABASES)('a variant’s locations in priority order on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('lists levels by location priority on the product, variant, list, search and locations', async () => {
    const owner = await signedIn(ctx.server);
    const zeta = await createLocation(owner, 'Zeta depot');
    const alpha = await createLocation(owner, 'Alpha store');
    const middle = await createLocation(owner, 'Middle yard');
    const made = (
      await gql(owner, CREATE, {
        input: {
          title: 'Slim leather cap',
          options: [{ name: 'Size', values: ['S', 'M'] }],
          variants: ['S', 'M'].map((size, i) => ({
            optionValues: [size],
            price: '30',
            sku: `CAP-${size}`,
            startingStock: [
              { locationId: zeta, quantity: 1 + i },
              { locationId: alpha, quantity: 3 + i },
              { locationId: middle, quantity: 5 + i },
            ],
          })),
        },
      })
    ).productCreate;
    expect(made.userErrors).toEqual([]);
    const reordered = await gql(
      owner,
      `mutation($ids: [ID!]!) { locationsReorder(ids: $ids) { userErrors { message } } }`,
      { ids: [middle, zeta, alpha] },
    );
    expect(reordered.locationsReorder.userErrors).toEqual([]);
    const order = ['Middle yard', 'Zeta depot', 'Alpha store'];
    const names = (levels: { location: { name: string } }[]) => levels.map((l) => l.location.name);

    const locations = (await gql(owner, `{ locations { name } }`)).locations;
    expect(locations.map((l: { name: string }) => l.name)).toEqual(order);

    const product = (
      await gql(
        owner,
        `query($id: ID!) { product(id: $id) { variants { sku inventoryLevels { onHand location { name } } } } }`,
        { id: made.product.id },
      )
    ).product;
    for (const v of product.variants) expect(names(v.inventoryLevels)).toEqual(order);
    expect(product.variants[0].inventoryLevels.map((l: { onHand: number }) => l.onHand)).toEqual([5, 1, 3]);

    const page = (
      await gql(
        owner,
        `{ products(first: 5, query: "sku:CAP-S") { nodes { variants { inventoryLevels { location { name } } } } } }`,
      )
    ).products.nodes;
    expect(page).toHaveLength(1);
    for (const v of page[0].variants) expect(names(v.inventoryLevels)).toEqual(order);

    const variantIds = made.product.variants.map((v: { id: string }) => v.id);
    const nodes = (
      await gql(
        owner,
        `query($ids: [ID!]!) { nodes(ids: $ids) { ... on ProductVariant { inventoryLevels { location { name } } } } }`,
        { ids: variantIds },
      )
    ).nodes;
    for (const v of nodes) expect(names(v.inventoryLevels)).toEqual(order);

    for (const sortKey of ['PRODUCT_TITLE', 'SKU']) {
      const listed = (
        await gql(
          owner,
          `query($sortKey: InventoryLevelSortKeys) { inventoryLevels(query: "sku:CAP-S", sortKey: $sortKey, first: 10) {
            nodes { location { name } } } }`,
          { sortKey },
        )
      ).inventoryLevels.nodes;
      expect(names(listed)).toEqual(order);
    }
    // The whole list pages in the same order, a row at a time (the cursor carries the new key).
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const conn: {
        nodes: { location: { name: string }; variant: { sku: string } }[];
        pageInfo: { hasNextPage: boolean; endCursor: string };
      } = (
        await gql(
          owner,
          `query($after: String) { inventoryLevels(first: 1, after: $after) {
            nodes { location { name } variant { sku } } pageInfo { hasNextPage endCursor } } }`,
          { after },
        )
      ).inventoryLevels;
      seen.push(...conn.nodes.map((n) => `${n.variant.sku} ${n.location.name}`));
      if (!conn.pageInfo.hasNextPage) break;
      after = conn.pageInfo.endCursor;
    }
    expect(seen).toEqual([...order.map((n) => `CAP-S ${n}`), ...order.map((n) => `CAP-M ${n}`)]);

    // A renamed location keeps its place; a new priority moves it everywhere at once.
    const renamed = await gql(
      owner,
      `mutation($id: ID!) { locationUpdate(id: $id, input: { name: "Aardvark yard" }) { userErrors { message } } }`,
      { id: middle },
    );
    expect(renamed.locationUpdate.userErrors).toEqual([]);
    await gql(owner, `mutation($ids: [ID!]!) { locationsReorder(ids: $ids) { userErrors { message } } }`, {
      ids: [alpha],
    });
    const after2 = (
      await gql(owner, `{ inventoryLevels(query: "sku:CAP-M", first: 10) { nodes { location { name } } } }`)
    ).inventoryLevels.nodes;
    expect(names(after2)).toEqual(['Alpha store', 'Aardvark yard', 'Zeta depot']);
  });
});
