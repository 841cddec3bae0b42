import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { createLocation, gql } from '../../support/order-fixtures.js';
import {
  auditCount,
  current,
  makeProduct,
  movementsNoted,
  newKey,
  onHandOf,
  save,
  uuid,
  variantRows,
  withRole,
  type GridVariant,
} from './variants-bulk-support.js';

const PRODUCT_UPDATE = `mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) {
  userErrors { field code message } } }`;
const ADJUST = `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`;

/** Issue #34: the bulk grid's one save, all or nothing. */
describe.each(DATABASES)('productVariantsBulkUpdate on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let main: string;
  let rows: GridVariant[];

  it('saves 50 rows of prices, SKUs and stock as one event, with CORRECTION movements noted "Bulk edit"', async () => {
    owner = await signedIn(ctx.server);
    main = await createLocation(owner, 'Grid warehouse');
    rows = [];
    for (let p = 0; p < 5; p++) rows.push(...(await makeProduct(owner, `GR${p}`, 10)));
    expect(rows).toHaveLength(50);
    const events = await auditCount(ctx.server, 'variant.bulk_update');
    const res = await save(
      owner,
      rows.map((v, i) => ({ variantId: v.id, expectedVersion: v.version, price: '12.50', sku: `NEW-${i}` })),
      rows.map((v, i) => ({ variantId: v.id, locationId: main, onHand: i + 1, expectedOnHand: 0 })),
    );
    expect(res.body.errors).toBeUndefined();
    const out = res.body.data!['productVariantsBulkUpdate'];
    expect(out.userErrors).toEqual([]);
    expect(out.errors).toEqual([]);
    expect(out.updatedCount).toBe(50);
    expect(out.stockChangedCount).toBe(50);
    expect(out.auditEventId).toBeTruthy();
    expect(out.variants).toHaveLength(50);
    expect(out.variants[0]).toMatchObject({ version: rows[0]!.version + 1, price: { amount: '12.50' } });

    const stored = await variantRows(
      ctx.server,
      rows.map((v) => v.id),
    );
    rows.forEach((v, i) => {
      expect(stored.get(v.id)).toMatchObject({ price: '1250', sku: `NEW-${i}`, version: v.version + 1 });
    });
    expect(await auditCount(ctx.server, 'variant.bulk_update')).toBe(events + 1);
    const moves = await movementsNoted(ctx.server, 'Bulk edit');
    expect(moves).toHaveLength(50);
    for (const [i, v] of rows.entries()) {
      const m = moves.find((x) => x.variant_id === uuid('ProductVariant', v.id))!;
      expect(m).toMatchObject({
        location_id: uuid('Location', main),
        reason: 'CORRECTION',
        on_hand_delta: i + 1,
        on_hand_after: i + 1,
      });
    }
    // The product list's price range follows, and the product's version moved (its editor sees it).
    const { rows: products } = await sql<{ min_price: string; max_price: string }>`
      select min_price::text, max_price::text from products where title like 'Grid GR%'`.execute(
      ctx.server.app.database.db,
    );
    expect(products.every((p) => p.min_price === '1250' && p.max_price === '1250')).toBe(true);
    // The audit log reads it in words.
    const logged = await gql(
      owner,
      `query($id: ID!) { node(id: $id) { ... on AuditEvent { action subjectLabel
      changes { field afterText } } } }`,
      { id: out.auditEventId },
    );
    expect(logged.node.subjectLabel).toBe('Bulk edit: 50 variants, 50 stock levels');
    expect(logged.node.changes.find((c: any) => c.field === 'variants').afterText).toBe(
      '50 variants (price, SKU)',
    );
    rows = await current(
      owner,
      rows.map((v) => v.id),
    );
  });

  it('changes nothing when one cell of 50 is wrong, and names every wrong cell', async () => {
    const changes = rows.map((v) => ({ variantId: v.id, expectedVersion: v.version, price: '14' }));
    changes[17] = { ...changes[17]!, price: '1.234' };
    (changes[30] as Record<string, unknown>)['weight'] = -5;
    const stock = [{ variantId: rows[3]!.id, locationId: main, onHand: -2 }];
    const out = (await save(owner, changes, stock)).body.data!['productVariantsBulkUpdate'];
    expect(out.updatedCount).toBe(0);
    expect(out.auditEventId).toBeNull();
    expect(out.errors).toEqual([
      {
        kind: 'change',
        index: 17,
        variantId: rows[17]!.id,
        locationId: null,
        column: 'price',
        code: 'INVALID',
        message: 'Enter an amount like 19.99, with at most 2 decimals.',
      },
      expect.objectContaining({
        kind: 'change',
        index: 30,
        column: 'weight',
        message: 'Weight cannot be negative.',
      }),
      {
        kind: 'stock',
        index: 0,
        variantId: rows[3]!.id,
        locationId: main,
        column: 'onHand',
        code: 'INVALID',
        message: 'Stock below 0 needs confirmation.',
      },
    ]);
    const stored = await variantRows(
      ctx.server,
      rows.map((v) => v.id),
    );
    expect([...stored.values()].every((r) => r.price === '1250')).toBe(true);
    expect(await onHandOf(ctx.server, rows[3]!.id, main)).toBe(4);
  });

  it('lets two rows swap SKUs, and refuses the same SKU given twice (TAKEN on both) or one kept by another variant', async () => {
    const [a, b, c, d] = rows;
    const swapped = (
      await save(owner, [
        { variantId: a!.id, expectedVersion: a!.version, sku: b!.sku },
        { variantId: b!.id, expectedVersion: b!.version, sku: a!.sku },
      ])
    ).body.data!['productVariantsBulkUpdate'];
    expect(swapped.errors).toEqual([]);
    expect(swapped.updatedCount).toBe(2);
    const stored = await variantRows(ctx.server, [a!.id, b!.id]);
    expect(stored.get(a!.id)!.sku).toBe('NEW-1');
    expect(stored.get(b!.id)!.sku).toBe('NEW-0');

    const twice = (
      await save(owner, [
        { variantId: c!.id, expectedVersion: c!.version, sku: 'DUP-1' },
        { variantId: d!.id, expectedVersion: d!.version, sku: 'dup-1' },
      ])
    ).body.data!['productVariantsBulkUpdate'];
    expect(twice.errors.map((e: any) => [e.index, e.column, e.code])).toEqual([
      [0, 'sku', 'TAKEN'],
      [1, 'sku', 'TAKEN'],
    ]);
    expect(twice.errors[0].message).toBe('SKU DUP-1 is also given to Grid GR0 / V4 in this save.');

    const kept = (await save(owner, [{ variantId: c!.id, expectedVersion: c!.version, sku: 'NEW-9' }])).body
      .data!['productVariantsBulkUpdate'];
    expect(kept.errors).toEqual([
      expect.objectContaining({
        column: 'sku',
        code: 'TAKEN',
        message: 'SKU NEW-9 is already used by Grid GR0 / V10.',
      }),
    ]);
    rows = await current(
      owner,
      rows.map((v) => v.id),
    );
  });

  it('refuses a row someone changed since it was loaded, naming who, and a level that moved', async () => {
    const ana = await withRole(ctx.server, owner, 'ana@example.com', ['CATALOG_READ', 'CATALOG_WRITE']);
    const v = rows[12]!;
    const productId = (
      await gql(owner, `query($id: ID!) { node(id: $id) { ... on ProductVariant { product { id } } } }`, {
        id: v.id,
      })
    ).node.product.id;
    const changed = await gql(ana, PRODUCT_UPDATE, { id: productId, input: { vendor: 'Ana & Co' } });
    expect(changed.productUpdate.userErrors).toEqual([]);
    await gql(owner, ADJUST, {
      input: { reason: 'SHRINKAGE', changes: [{ variantId: rows[40]!.id, locationId: main, delta: -3 }] },
    });
    const out = (
      await save(
        owner,
        [
          { variantId: rows[21]!.id, expectedVersion: rows[21]!.version, price: '20' },
          { variantId: v.id, expectedVersion: v.version, price: '20' },
        ],
        [{ variantId: rows[40]!.id, locationId: main, onHand: 100, expectedOnHand: 41 }],
      )
    ).body.data!['productVariantsBulkUpdate'];
    expect(out.errors).toHaveLength(2);
    expect(out.errors[0]).toMatchObject({ kind: 'change', index: 1, column: 'row', code: 'STALE_VERSION' });
    expect(out.errors[0].message).toMatch(/^Grid GR1 \/ V3 was changed by ana on .+, after you loaded it\.$/);
    expect(out.errors[1]).toMatchObject({
      kind: 'stock',
      index: 0,
      code: 'STALE_VERSION',
      message:
        '3 units of Grid GR4 / V1 at Grid warehouse were sold or moved since you loaded (38 on hand now, not 41).',
    });
    const stored = await variantRows(ctx.server, [rows[21]!.id]);
    expect(stored.get(rows[21]!.id)!.price).toBe('1250');
  });

  it('takes stock below 0 only when confirmed, and refuses stock on untracked variants', async () => {
    const v = rows[5]!;
    const refused = (await save(owner, [], [{ variantId: v.id, locationId: main, onHand: -2 }])).body.data![
      'productVariantsBulkUpdate'
    ];
    expect(refused.errors[0]).toMatchObject({
      code: 'INVALID',
      message: 'Stock below 0 needs confirmation.',
    });
    const taken = (await save(owner, [], [{ variantId: v.id, locationId: main, onHand: -2 }], { neg: true }))
      .body.data!['productVariantsBulkUpdate'];
    expect(taken.errors).toEqual([]);
    expect(taken.stockChangedCount).toBe(1);
    expect(await onHandOf(ctx.server, v.id, main)).toBe(-2);

    const w = (await current(owner, [rows[6]!.id]))[0]!;
    const untracked = (
      await save(
        owner,
        [{ variantId: w.id, expectedVersion: w.version, trackInventory: false }],
        [{ variantId: w.id, locationId: main, onHand: 3 }],
      )
    ).body.data!['productVariantsBulkUpdate'];
    expect(untracked.errors).toEqual([
      expect.objectContaining({
        kind: 'stock',
        column: 'onHand',
        code: 'INVALID',
        message: 'Stock isn\'t tracked for Grid GR0 / V7; turn on "Track inventory" first.',
      }),
    ]);
  });

  it('needs CATALOG_WRITE, and INVENTORY_WRITE as well for stock', async () => {
    const catalogOnly = await withRole(ctx.server, owner, 'cat@example.com', [
      'CATALOG_READ',
      'CATALOG_WRITE',
    ]);
    const v = (await current(owner, [rows[8]!.id]))[0]!;
    const withStock = await save(
      catalogOnly,
      [{ variantId: v.id, expectedVersion: v.version, price: '30' }],
      [{ variantId: v.id, locationId: main, onHand: 50 }],
    );
    expect(withStock.body.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
    expect(withStock.body.errors?.[0]?.message).toContain('INVENTORY_WRITE');
    const fieldsOnly = (
      await save(catalogOnly, [{ variantId: v.id, expectedVersion: v.version, price: '30' }])
    ).body.data!['productVariantsBulkUpdate'];
    expect(fieldsOnly.errors).toEqual([]);
    expect(fieldsOnly.updatedCount).toBe(1);

    const reader = await withRole(ctx.server, owner, 'reader@example.com', ['CATALOG_READ']);
    const refused = await save(reader, [{ variantId: v.id, expectedVersion: v.version + 1, price: '31' }]);
    expect(refused.body.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
    expect(refused.body.errors?.[0]?.message).toContain('CATALOG_WRITE');
  });

  it('refuses 2,001 rows, an empty save and a variant sent twice', async () => {
    const many = Array.from({ length: 2001 }, () => ({
      variantId: rows[0]!.id,
      expectedVersion: 1,
      price: '1',
    }));
    const tooMany = (await save(owner, many)).body.data!['productVariantsBulkUpdate'];
    expect(tooMany.userErrors).toEqual([
      { field: null, code: 'INVALID', message: 'At most 2,000 rows per save; this one has 2,001.' },
    ]);
    const empty = (await save(owner, [])).body.data!['productVariantsBulkUpdate'];
    expect(empty.userErrors).toEqual([{ field: null, code: 'INVALID', message: 'Nothing to save.' }]);
    const twice = (await save(owner, many.slice(0, 2))).body.data!['productVariantsBulkUpdate'];
    expect(twice.userErrors[0]).toMatchObject({ field: ['changes', '1', 'variantId'], code: 'INVALID' });
    // 2,000 rows fit the query-cost budget with the variant and its price selected; at most 500 cells are listed.
    const full = Array.from({ length: 2000 }, (_, i) => ({
      variantId: `nope-${i}`,
      expectedVersion: 1,
      price: '1',
    }));
    const fullOut = await save(owner, full);
    expect(fullOut.body.errors).toBeUndefined();
    const listed = fullOut.body.data!['productVariantsBulkUpdate'].errors;
    expect(listed).toHaveLength(500);
    expect(listed.every((e: any) => e.code === 'NOT_FOUND')).toBe(true);
    const unknown = (
      await save(
        owner,
        [{ variantId: 'not-an-id', expectedVersion: 1, price: '1' }],
        [{ variantId: rows[0]!.id, locationId: '01a228fa-9e31-7000-901a-a3f1d1a898e3', onHand: 1 }],
      )
    ).body.data!['productVariantsBulkUpdate'];
    expect(unknown.errors.map((e: any) => [e.kind, e.column, e.code, e.message])).toEqual([
      ['change', 'row', 'NOT_FOUND', 'This variant does not exist.'],
      ['stock', 'row', 'NOT_FOUND', 'This location does not exist.'],
    ]);
  });

  it('answers a repeated idempotency key with the first save, and refuses it for other input', async () => {
    const v = (await current(owner, [rows[9]!.id]))[0]!;
    const key = newKey();
    const events = await auditCount(ctx.server, 'variant.bulk_update');
    const change = [{ variantId: v.id, expectedVersion: v.version, price: '40' }];
    const first = (await save(owner, change, [], { key })).body.data!['productVariantsBulkUpdate'];
    const again = (await save(owner, change, [], { key })).body.data!['productVariantsBulkUpdate'];
    expect(first.errors).toEqual([]);
    expect(again).toMatchObject({
      updatedCount: 1,
      auditEventId: first.auditEventId,
      errors: [],
      userErrors: [],
    });
    expect(await auditCount(ctx.server, 'variant.bulk_update')).toBe(events + 1);
    const other = (await save(owner, [{ ...change[0], price: '41' }], [], { key })).body.data![
      'productVariantsBulkUpdate'
    ];
    expect(other.userErrors).toEqual([
      {
        field: ['idempotencyKey'],
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'This idempotency key was already used for a different request.',
      },
    ]);
  });
});
