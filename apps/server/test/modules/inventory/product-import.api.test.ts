import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { createLocation, gql } from '../../support/order-fixtures.js';
import type { TestServer } from '../../../src/testing.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { DomainError, PERMISSIONS } from '@stockroom/domain';
import { auditEventById } from '../../../src/modules/audit/audit.service.js';
import { auditEventRevert } from '../../../src/modules/undo/undo.service.js';
import { inTransaction } from '../../../src/lib/unit-of-work.js';
import { productImporter } from '../../../src/modules/inventory/product-import.js';
import { countsOf, csvRecords, csvText, IMPORTER, makeJob, runImport } from './product-import-support.js';

const FIXTURE = fs.readFileSync(
  path.join(import.meta.dirname, '../../fixtures/shopify-products.csv'),
  'utf8',
);

const PRODUCTS = `query { products(first: 100, sortKey: TITLE) { nodes {
  handle title description vendor productType tags status seoTitle seoDescription
  options { name values }
  media { alt }
  variants { sku optionValues price { amount } compareAtPrice { amount } costPrice { amount } barcode weightGrams
    trackInventory allowBackorder inventoryLevels { onHand location { name } } }
} } }`;

async function storeProducts(client: Client): Promise<any[]> {
  return (await gql(client, PRODUCTS)).products.nodes;
}

async function ledgerMismatches(server: TestServer): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from inventory_levels l
    where l.on_hand <> coalesce((select sum(m.on_hand_delta) from inventory_movements m
      where m.variant_id = l.variant_id and m.location_id = l.location_id), 0)`.execute(
    server.app.database.db,
  );
  return Number(r.rows[0]!.n);
}

async function auditCount(server: TestServer): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from audit_events`.execute(
    server.app.database.db,
  );
  return Number(r.rows[0]!.n);
}

/** What the fixture says, read from the file with the test's own reader: handle → product. */
function expected(text: string) {
  const { records } = csvRecords(text);
  const out = new Map<string, any>();
  for (const { cells: c } of records) {
    const handle = c['Handle']!;
    if (!out.has(handle))
      out.set(handle, {
        title: c['Title'],
        vendor: c['Vendor'],
        productType: c['Type'],
        status: c['Status']!.toUpperCase(),
        tags: c['Tags']!.split(',').map((t) => t.trim()),
        seoTitle: c['SEO Title'] || null,
        options: [1, 2, 3].map((n) => c[`Option${n} Name`]).filter((n) => n && n !== 'Title'),
        variants: [],
        images: 0,
      });
    const p = out.get(handle);
    if (c['Image Src']) p.images++;
    if (!c['Variant SKU']) continue;
    p.variants.push({
      sku: c['Variant SKU'],
      optionValues: [1, 2, 3].map((n) => c[`Option${n} Value`]).filter((v) => v && v !== 'Default Title'),
      price: c['Variant Price'],
      compareAtPrice: c['Variant Compare At Price'] || null,
      costPrice: c['Cost per item'] || null,
      barcode: c['Variant Barcode'] || null,
      weightGrams: Math.round(Number(c['Variant Grams'])),
      trackInventory: c['Variant Inventory Tracker'] === 'shopify',
      allowBackorder: c['Variant Inventory Policy'] === 'continue',
      stock: c['Variant Inventory Tracker']
        ? {
            'Main warehouse': Number(c['Stock: Main warehouse']),
            'Downtown store': Number(c['Stock: Downtown store']),
          }
        : null,
    });
  }
  return out;
}

async function exportProducts(server: TestServer, client: Client): Promise<string> {
  const res = await client.request(
    `mutation($input: ExportStartInput!) { exportStart(input: $input) { job { id } userErrors { message } } }`,
    { input: { kind: 'EXPORT_PRODUCTS' } },
  );
  const id = res.body.data?.['exportStart'].job.id as string;
  for (let i = 0; i < 300; i++) {
    const job = (await gql(client, `query($id: ID!) { job(id: $id) { status resultUrl failure } }`, { id }))
      .job;
    if (job.status === 'SUCCEEDED') {
      const file = await fetch(`${server.url}${job.resultUrl}`, { headers: { cookie: client.cookie! } });
      return file.text();
    }
    if (job.status !== 'QUEUED' && job.status !== 'RUNNING')
      throw new Error(`export ${job.status}: ${job.failure}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('export did not finish');
}

describe.each(DATABASES)('products import on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  async function store() {
    const owner = await signedIn(ctx.server);
    const existing = (await gql(owner, `{ locations { name } }`)).locations.map(
      (l: { name: string }) => l.name,
    );
    for (const name of ['Main warehouse', 'Downtown store'])
      if (!existing.includes(name)) await createLocation(owner, name);
    return owner;
  }

  it('a real-looking Shopify export: dry run reports, apply writes exactly the file, export → import changes nothing', async () => {
    const owner = await store();
    const before = await auditCount(ctx.server);

    const dry = await runImport(ctx.server, FIXTURE, 'DRY_RUN');
    expect(dry.headerProblems).toEqual([]);
    expect(dry.rows).toHaveLength(23);
    expect(countsOf(dry.rows)).toEqual({ CREATED: 23 });
    expect(dry.rows.filter((r) => r.problems.length)).toEqual([]);
    const first = dry.rows.find((r) => r.row === 2)!;
    expect(first.subject).toBe('linen-shirt — S / Blue');
    expect(first.changes).toEqual(
      expect.arrayContaining([
        { field: 'Variant Price', before: null, after: '49.00' },
        { field: 'Variant SKU', before: null, after: 'LS-S-BLU' },
        { field: 'Stock: Main warehouse', before: null, after: '12' },
        { field: 'Image Src', before: null, after: expect.stringContaining('linen-shirt-blue.jpg') },
      ]),
    );
    expect(await auditCount(ctx.server)).toBe(before); // a dry run writes nothing
    expect(await storeProducts(owner)).toEqual([]);

    const applied = await runImport(ctx.server, FIXTURE, 'APPLY');
    expect(countsOf(applied.rows)).toEqual({ CREATED: 23 });
    // The fixture's images are on Shopify's CDN, out of reach here: each says so, the product is written.
    const withImage = applied.rows.filter((r) => r.problems.length);
    expect(withImage.length).toBe(12);
    expect(withImage[0]!.problems[0]).toMatchObject({
      column: 'Image Src',
      message: expect.stringMatching(/^The image was not added: /),
    });

    const want = expected(FIXTURE);
    const got = await storeProducts(owner);
    expect(got.map((p) => p.handle).sort()).toEqual([...want.keys()].sort());
    for (const p of got) {
      const w = want.get(p.handle);
      expect({
        title: p.title,
        vendor: p.vendor,
        productType: p.productType,
        status: p.status,
        tags: p.tags,
        seoTitle: p.seoTitle,
      }).toEqual({
        title: w.title,
        vendor: w.vendor,
        productType: w.productType,
        status: w.status,
        tags: w.tags,
        seoTitle: w.seoTitle,
      });
      expect(p.options.map((o: { name: string }) => o.name)).toEqual(w.options);
      expect(p.variants).toHaveLength(w.variants.length);
      for (const wv of w.variants) {
        const v = p.variants.find((x: { sku: string }) => x.sku === wv.sku);
        expect(v, wv.sku).toBeTruthy();
        expect({
          optionValues: v.optionValues,
          price: v.price.amount,
          compareAtPrice: v.compareAtPrice?.amount ?? null,
          costPrice: v.costPrice?.amount ?? null,
          barcode: v.barcode,
          weightGrams: v.weightGrams,
          trackInventory: v.trackInventory,
          allowBackorder: v.allowBackorder,
        }).toEqual({
          optionValues: wv.optionValues,
          price: wv.price,
          compareAtPrice: wv.compareAtPrice,
          costPrice: wv.costPrice,
          barcode: wv.barcode,
          weightGrams: wv.weightGrams,
          trackInventory: wv.trackInventory,
          allowBackorder: wv.allowBackorder,
        });
        if (wv.stock)
          expect(
            Object.fromEntries(
              v.inventoryLevels
                .map((l: any) => [l.location.name, l.onHand])
                .filter(([n]: [string]) => n in wv.stock),
            ),
          ).toEqual(wv.stock);
      }
    }
    expect(await ledgerMismatches(ctx.server)).toBe(0);
    const movements = await sql<{
      reason: string;
      n: number;
    }>`select reason, count(*)::int as n from inventory_movements group by reason`.execute(
      ctx.server.app.database.db,
    );
    expect(movements.rows.map((r) => r.reason)).toEqual(['IMPORT']);

    // Round trip: the store's own export imports as 23 unchanged rows (the formula guard taken off), writing nothing.
    const exported = await exportProducts(ctx.server, owner);
    expect(exported).toContain("'+Plus Yoga Mat");
    const audits = await auditCount(ctx.server);
    const again = await runImport(ctx.server, exported, 'DRY_RUN');
    expect(again.headerProblems).toEqual([]);
    expect(again.rows.filter((r) => r.outcome !== 'UNCHANGED')).toEqual([]);
    const reapplied = await runImport(ctx.server, exported, 'APPLY');
    expect(countsOf(reapplied.rows)).toEqual({ UNCHANGED: csvRecords(exported).records.length });
    expect(await auditCount(ctx.server)).toBe(audits);

    // A second import of the same Shopify file changes nothing but the images it still can't fetch.
    const twice = await runImport(ctx.server, FIXTURE, 'DRY_RUN');
    expect(
      twice.rows
        .filter((r) => r.outcome === 'UPDATED')
        .every((r) => r.changes.every((c) => c.field === 'Image Src')),
    ).toBe(true);
    expect(twice.rows.filter((r) => r.outcome !== 'UPDATED' && r.outcome !== 'UNCHANGED')).toEqual([]);
  });

  it('one bad row per column type: each an ERROR with its column and words; its product not written, the good ones written', async () => {
    const owner = await store();
    await gql(
      owner,
      `mutation($input: ProductInput!) { productCreate(input: $input) { userErrors { message } } }`,
      {
        input: {
          title: 'Existing Thing',
          handle: 'existing-thing',
          variants: [{ sku: 'TAKEN-1', price: '5.00' }],
        },
      },
    );
    const H = [
      'Handle',
      'Title',
      'Status',
      'Option1 Name',
      'Option1 Value',
      'Variant SKU',
      'Variant Price',
      'Variant Grams',
      'Stock: Main warehouse',
    ];
    const rows: Record<string, string>[] = [
      {
        Handle: 'good-mug',
        Title: 'Good Mug',
        Status: 'active',
        'Variant SKU': 'GM-1',
        'Variant Price': '12.50',
        'Stock: Main warehouse': '7',
      }, // 2
      { Handle: 'three-decimals', Title: 'Three', 'Variant SKU': 'TD-1', 'Variant Price': '12.345' }, // 3
      { Handle: 'negative-price', Title: 'Negative', 'Variant SKU': 'NP-1', 'Variant Price': '-3.00' }, // 4
      {
        Handle: 'bad-status',
        Title: 'Status',
        Status: 'live',
        'Variant SKU': 'BS-1',
        'Variant Price': '1.00',
      }, // 5
      {
        Handle: 'bad-weight',
        Title: 'Weight',
        'Variant SKU': 'BW-1',
        'Variant Price': '1.00',
        'Variant Grams': 'heavy',
      }, // 6
      {
        Handle: 'minus-weight',
        Title: 'Minus',
        'Variant SKU': 'MW-1',
        'Variant Price': '1.00',
        'Variant Grams': '-5',
      }, // 7
      { Handle: 'dup-first', Title: 'Dup First', 'Variant SKU': 'DUP-1', 'Variant Price': '1.00' }, // 8
      {
        Handle: 'dup-second',
        Title: 'Dup Second',
        'Option1 Name': 'Size',
        'Option1 Value': 'S',
        'Variant SKU': 'DS-S',
        'Variant Price': '1.00',
      }, // 9
      { Handle: 'dup-second', 'Option1 Value': 'M', 'Variant SKU': 'dup-1', 'Variant Price': '1.00' }, // 10
      { Handle: 'taken-sku', Title: 'Taken', 'Variant SKU': 'TAKEN-1', 'Variant Price': '1.00' }, // 11
      {
        Handle: 'split',
        Title: 'Split',
        'Option1 Name': 'Size',
        'Option1 Value': 'S',
        'Variant SKU': 'SP-S',
        'Variant Price': '1.00',
      }, // 12
      { Handle: 'between', Title: 'Between', 'Variant SKU': 'BT-1', 'Variant Price': '2.00' }, // 13
      { Handle: 'split', 'Option1 Value': 'M', 'Variant SKU': 'SP-M', 'Variant Price': '1.00' }, // 14
      {
        Handle: 'bad-stock',
        Title: 'Stock',
        'Variant SKU': 'BK-1',
        'Variant Price': '1.00',
        'Stock: Main warehouse': 'lots',
      }, // 15
      { Handle: 'no-title', 'Variant SKU': 'NT-1', 'Variant Price': '1.00' }, // 16
    ];
    const file = csvText(H, rows);
    const audits = await auditCount(ctx.server);
    const dry = await runImport(ctx.server, file, 'DRY_RUN');
    expect(await auditCount(ctx.server)).toBe(audits);
    const applied = await runImport(ctx.server, file, 'APPLY');
    for (const result of [dry, applied]) {
      const at = (row: number) => result.rows.find((r) => r.row === row)!;
      const firstProblem = (row: number) => at(row).problems[0];
      expect(at(2).outcome).toBe('CREATED');
      expect(at(13).outcome).toBe('CREATED');
      expect(at(12).outcome).toBe('CREATED');
      expect(at(8).outcome).toBe('CREATED');
      for (const row of [3, 4, 5, 6, 7, 9, 10, 11, 14, 15, 16])
        expect(at(row).outcome, `row ${row}`).toBe('ERROR');
      expect(firstProblem(3)).toEqual({
        column: 'Variant Price',
        code: 'INVALID',
        message: 'Enter an amount like 19.99, with at most 2 decimals.',
      });
      expect(firstProblem(4)).toMatchObject({
        column: 'Variant Price',
        message: expect.stringMatching(/amount/),
      });
      expect(firstProblem(5)).toMatchObject({ column: 'Status' });
      expect(firstProblem(6)).toMatchObject({
        column: 'Variant Grams',
        code: 'INVALID',
        message: 'Enter the weight in whole grams, like 250, not "heavy".',
      });
      expect(firstProblem(7)).toMatchObject({
        column: 'Variant Grams',
        message: 'Weight cannot be negative.',
      });
      expect(firstProblem(10)).toEqual({
        column: 'Variant SKU',
        code: 'TAKEN',
        message: 'SKU dup-1 is already used on row 8 of this file.',
      });
      expect(firstProblem(9)).toEqual({
        column: null,
        code: 'INVALID',
        message: 'Not imported because row 10 has an error.',
      });
      expect(firstProblem(11)).toEqual({
        column: 'Variant SKU',
        code: 'TAKEN',
        message: 'SKU TAKEN-1 is already used by Existing Thing (handle existing-thing).',
      });
      expect(firstProblem(14)).toMatchObject({
        column: 'Handle',
        message: expect.stringContaining('row 12 has this handle too'),
      });
      expect(firstProblem(15)).toMatchObject({
        column: 'Stock: Main warehouse',
        message: 'Enter the units on hand as a whole number, not "lots".',
      });
      expect(firstProblem(16)).toMatchObject({ column: 'Title', code: 'REQUIRED' });
      for (const r of result.rows) expect(r.problems.every((p) => p.message.length > 10)).toBe(true);
    }
    const inFile = new Set([...rows.map((r) => r['Handle']!), 'existing-thing']);
    const got = (await storeProducts(owner)).filter((p) => inFile.has(p.handle));
    expect(got.map((p) => p.handle).sort()).toEqual([
      'between',
      'dup-first',
      'existing-thing',
      'good-mug',
      'split',
    ]);
    expect(got.find((p) => p.handle === 'split').variants.map((v: { sku: string }) => v.sku)).toEqual([
      'SP-S',
    ]);
    const mug = got.find((p) => p.handle === 'good-mug');
    expect(mug.variants[0].price.amount).toBe('12.50');
    expect(
      mug.variants[0].inventoryLevels.find((l: any) => l.location.name === 'Main warehouse').onHand,
    ).toBe(7);
    expect(await ledgerMismatches(ctx.server)).toBe(0);
  });

  it('header problems: an unknown Stock location, an unknown column, a column twice; Shopify columns we have no field for pass', async () => {
    await store();
    const bad = await runImport(
      ctx.server,
      'Handle,Title,Stock: Moon base,Colour Of Box,Title\nx,X,1,red,X\n',
      'DRY_RUN',
    );
    expect(bad.headerProblems).toEqual([
      {
        column: 'Stock: Moon base',
        code: 'INVALID',
        message:
          'There is no location named "Moon base"; add it in Settings → Locations, or rename or remove the column.',
      },
      {
        column: 'Colour Of Box',
        code: 'INVALID',
        message:
          'Stockroom does not know the column "Colour Of Box". Use the columns of a products export (or of Shopify’s), or remove it.',
      },
      { column: 'Title', code: 'INVALID', message: 'The column "Title" is in the file twice.' },
    ]);
    const shopify = csvRecords(FIXTURE).headers;
    const ok = await runImport(
      ctx.server,
      csvText([...shopify, 'Color (product.metafields.shopify.color-pattern)'], []),
      'DRY_RUN',
    );
    expect(ok.headerProblems).toEqual([]);
    const missing = await runImport(ctx.server, 'Title\nX\n', 'DRY_RUN');
    expect(missing.headerProblems).toEqual([expect.objectContaining({ column: 'Handle', code: 'REQUIRED' })]);
  });

  it('revert of an import that made 2 products and updated 1, one made product edited since: that one refused in words, the others back', async () => {
    const owner = await store();
    const made = await gql(
      owner,
      `mutation($input: ProductInput!) { productCreate(input: $input) { product { id } userErrors { message } } }`,
      {
        input: {
          title: 'Old Tee',
          handle: 'old-tee',
          status: 'ACTIVE',
          variants: [{ sku: 'OT-1', price: '10.00' }],
        },
      },
    );
    const oldTeeId = made.productCreate.product.id as string;
    const H = ['Handle', 'Title', 'Status', 'Variant SKU', 'Variant Price', 'Stock: Main warehouse'];
    const file = csvText(H, [
      {
        Handle: 'new-a',
        Title: 'New A',
        Status: 'active',
        'Variant SKU': 'NA-1',
        'Variant Price': '5.00',
        'Stock: Main warehouse': '5',
      },
      {
        Handle: 'new-b',
        Title: 'New B',
        Status: 'active',
        'Variant SKU': 'NB-1',
        'Variant Price': '6.00',
        'Stock: Main warehouse': '3',
      },
      {
        Handle: 'old-tee',
        Title: 'Old Tee',
        Status: 'active',
        'Variant SKU': 'OT-1',
        'Variant Price': '12.00',
        'Stock: Main warehouse': '9',
      },
    ]);
    const applied = await runImport(ctx.server, file, 'APPLY');
    expect(applied.rows.map((r) => r.outcome)).toEqual(['CREATED', 'CREATED', 'UPDATED']);
    expect(applied.rows[2]!.changes).toEqual([
      { field: 'Variant Price', before: '10.00', after: '12.00' },
      { field: 'Stock: Main warehouse', before: '0', after: '9' },
    ]);
    const newB = (await storeProducts(owner)).find((p) => p.handle === 'new-b');
    const newBId = (
      await gql(owner, `{ products(first: 10, query: "new-b") { nodes { id handle } } }`)
    ).products.nodes.find((p: { handle: string }) => p.handle === 'new-b').id;
    expect(newB.title).toBe('New B');
    const edited = await gql(
      owner,
      `mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) { userErrors { message } } }`,
      { id: newBId, input: { title: 'New B, edited' } },
    );
    expect(edited.productUpdate.userErrors).toEqual([]);

    const refusals = await revertJob(ctx.server, applied.jobId);
    expect(refusals).toEqual([
      expect.stringMatching(
        /^product\.create: New B, edited was changed since the import \(product update by .+\), so it was kept\.$/,
      ),
    ]);
    const after = (await storeProducts(owner)).filter((p) =>
      ['new-a', 'new-b', 'old-tee'].includes(p.handle),
    );
    expect(after.map((p) => p.handle).sort()).toEqual(['new-b', 'old-tee']);
    const tee = after.find((p) => p.handle === 'old-tee');
    expect(tee.variants[0].price.amount).toBe('10.00');
    expect(
      tee.variants[0].inventoryLevels.find((l: any) => l.location.name === 'Main warehouse').onHand,
    ).toBe(0);
    const b = after.find((p) => p.handle === 'new-b');
    expect(b.variants[0].inventoryLevels.find((l: any) => l.location.name === 'Main warehouse').onHand).toBe(
      3,
    );
    expect(await ledgerMismatches(ctx.server)).toBe(0);
    expect(oldTeeId).toMatch(/_/);
  });

  it('images: a web address is fetched on apply (allow-listed test server), a non-image refused in words with the product written; the export’s /media/ paths are the product’s own', async () => {
    const owner = await store();
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#cc3300' } })
      .png()
      .toBuffer();
    const server = http.createServer((req, res) => {
      if (req.url === '/mug.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else res.writeHead(200, { 'content-type': 'image/png' }).end('this is text, not an image');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const importer = productImporter({ config: { dataDir: 'memory://', outboundAllow: ['127.0.0.1/32'] } });
      const H = ['Handle', 'Title', 'Variant SKU', 'Variant Price', 'Image Src', 'Image Alt Text'];
      const file = csvText(H, [
        {
          Handle: 'pic-mug',
          Title: 'Pic Mug',
          'Variant SKU': 'PM-1',
          'Variant Price': '9.00',
          'Image Src': `${base}/mug.png`,
          'Image Alt Text': 'Red mug',
        },
        { Handle: 'pic-mug', 'Image Src': `${base}/notes.png`, 'Image Alt Text': 'Not a picture' },
      ]);
      const dry = await runImport(ctx.server, file, 'DRY_RUN', { importer });
      expect(dry.rows.map((r) => r.changes.find((c) => c.field === 'Image Src')?.after)).toEqual([
        `${base}/mug.png`,
        `${base}/notes.png`,
      ]);
      const applied = await runImport(ctx.server, file, 'APPLY', { importer });
      expect(applied.rows.map((r) => r.outcome)).toEqual(['CREATED', 'CREATED']);
      expect(applied.rows[0]!.problems).toEqual([]);
      expect(applied.rows[1]!.problems).toEqual([
        {
          column: 'Image Src',
          code: 'INVALID',
          message:
            'The image was not added: notes.png is not an image Stockroom can use. Upload a JPEG, PNG, WebP, GIF or AVIF.',
        },
      ]);
      const mug = (await storeProducts(owner)).find((p) => p.handle === 'pic-mug');
      expect(mug.media).toEqual([{ alt: 'Red mug' }]);
      const exported = await exportProducts(ctx.server, owner);
      expect(exported).toMatch(/\/media\/[0-9a-f]{64}\.png,1,Red mug/);
      const again = await runImport(ctx.server, exported, 'APPLY', { importer });
      expect(again.rows.filter((r) => r.outcome !== 'UNCHANGED')).toEqual([]);
      // The alt text of an own image changes through the file.
      const renamed = exported.replace(',Red mug', ',Red stoneware mug');
      const alt = await runImport(ctx.server, renamed, 'APPLY', { importer });
      expect(alt.rows.filter((r) => r.outcome === 'UPDATED').map((r) => r.changes)).toEqual([
        [{ field: 'Image Alt Text', before: 'Red mug', after: 'Red stoneware mug' }],
      ]);
      expect((await storeProducts(owner)).find((p) => p.handle === 'pic-mug').media).toEqual([
        { alt: 'Red stoneware mug' },
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

/**
 * Reverts an applied import as the engine will: its audit events newest first, each through the
 * importer's reverter for its action or else undo's own rules, each in its own transaction; the
 * refusals in words.
 */
async function revertJob(server: TestServer, jobId: string): Promise<string[]> {
  const db = server.app.database.db;
  const revert = await makeJob(server, 'APPLY');
  const ids = await sql<{
    id: string;
  }>`select id from audit_events where job_id = ${jobId} order by created_at desc, id desc`.execute(db);
  const refusals: string[] = [];
  for (const { id } of ids.rows) {
    const event = (await auditEventById(db, id))!;
    const actor = {
      viewer: {
        staffId: revert.staffId,
        sessionId: '',
        email: '',
        name: 'Owner',
        isOwner: true,
        permissions: new Set(PERMISSIONS),
      },
      requestId: null,
      ip: null,
      jobId: revert.jobId,
    };
    try {
      await inTransaction(db, async (trx) => {
        const reverter = IMPORTER.reverters[event.action];
        if (reverter) await reverter(trx, actor, event);
        else await auditEventRevert(trx, actor, event);
      });
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      refusals.push(`${event.action}: ${e.errors.map((x) => x.message).join(' ')}`);
    }
  }
  return refusals;
}
