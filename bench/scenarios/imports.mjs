// Issue #29 §Measure: a products CSV import (dry run, then apply) through the API, beside the floor
// of the same rows loaded by PostgreSQL's COPY into the same tables; the server's RSS sampled all
// along; and an orders export (rows/s and RSS). Everything runs as a job, so the figures are the
// jobs' own start and finish times and the server process's memory while they ran.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rssMb } from '../lib/probe.mjs';

const JOB = `query Job($id: ID!) { job(id: $id) { id status failure progress { done total }
  startedAt finishedAt report { counts { name value } errors { row field message } } canApply } }`;
const START = `mutation Start($kind: ImportKind!, $file: Upload!, $dryRun: Boolean) {
  importStart(kind: $kind, file: $file, dryRun: $dryRun) { job { id } userErrors { field code message } } }`;
const APPLY = `mutation Apply($id: ID!) { importApply(jobId: $id) { job { id } userErrors { field code message } } }`;
const EXPORT = `mutation Export($input: ExportStartInput!) { exportStart(input: $input) { job { id } userErrors { field code message } } }`;

const SIZES = ['S', 'M', 'L'];
const csvCell = (v) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** The rows of `products` products of three sizes each, as Shopify's product CSV. */
function productRows(products, stockColumn, tag) {
  const header = [
    'Handle',
    'Title',
    'Body (HTML)',
    'Vendor',
    'Type',
    'Tags',
    'Status',
    'Option1 Name',
    'Option1 Value',
    'Variant SKU',
    'Variant Price',
    'Variant Compare At Price',
    'Cost per item',
    'Variant Barcode',
    'Variant Grams',
    stockColumn,
  ];
  const lines = [header.map(csvCell).join(',')];
  for (let p = 0; p < products; p++) {
    const handle = `${tag}-product-${p}`;
    for (const [i, size] of SIZES.entries()) {
      const first = i === 0;
      lines.push(
        [
          handle,
          first ? `Bench ${tag} product ${p}` : '',
          first ? '<p>Made for the import bench, soft and warm.</p>' : '',
          first ? `Vendor ${p % 40}` : '',
          first ? 'Sweaters' : '',
          first ? 'bench, import' : '',
          first ? 'active' : '',
          first ? 'Size' : '',
          size,
          `${tag.toUpperCase()}-${p}-${size}`,
          `${(20 + (p % 50)).toFixed(2)}`,
          '',
          '9.50',
          '',
          '350',
          String(p % 30),
        ]
          .map(csvCell)
          .join(','),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The GraphQL multipart request (the upload spec) of one file. */
async function upload(base, headers, query, variables, fileName, text) {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query, variables: { ...variables, file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([text], { type: 'text/csv' }), fileName);
  const { 'content-type': _json, ...rest } = headers;
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${base}/graphql`, { method: 'POST', headers: rest, body: form });
      return await res.json();
    } catch (error) {
      // The server closed an idle keep-alive socket as the upload went out: send it again.
      if (attempt >= 3 || !['ECONNRESET', 'EPIPE'].includes(error.cause?.code)) throw error;
    }
  }
}

/** Follows a job to its end, sampling the server's RSS; answers the job and the highest RSS. */
async function follow(gql, id, pid) {
  let maxRss = rssMb(pid) ?? 0;
  for (;;) {
    const { body } = await gql(JOB, { id });
    const job = body.data?.job;
    if (!job) throw new Error(`job ${id}: ${JSON.stringify(body.errors ?? body)}`);
    maxRss = Math.max(maxRss, rssMb(pid) ?? 0);
    if (!['QUEUED', 'RUNNING'].includes(job.status)) return { job, maxRss };
    await new Promise((r) => setTimeout(r, 250));
  }
}

const seconds = (job) => (Date.parse(job.finishedAt) - Date.parse(job.startedAt)) / 1000;
const count = (job, name) => job.report.counts.find((c) => c.name === name)?.value ?? 0;

/**
 * The floor: the same rows loaded with COPY (psql's \copy, one statement a table) into the same
 * tables, under other handles and SKUs — what the file holds, stored as the catalog stores it: the
 * products (with the list's variant count and search text), the variants, a stock level per variant
 * at every active location (the file's count at its `Stock:` location, 0 elsewhere, with the list's
 * sort key given as the import gives it) and the products' units available (product_stock). Not in
 * the floor: what the apply records about itself (audit and domain events, stock movements, the
 * report's rows). `locations` are the active ones, `{ id, name, priority }`, the file's first.
 * Answers the seconds it took: the products and variants, the stock (levels, product_stock), in all.
 */
function copyFloor(dbUrl, products, tag, locations) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-copy-'));
  const productFile = path.join(dir, 'products.csv');
  const variantFile = path.join(dir, 'variants.csv');
  const levelFile = path.join(dir, 'levels.csv');
  const stockFile = path.join(dir, 'stock.csv');
  const p = [];
  const v = [];
  const l = [];
  const st = [];
  const now = new Date().toISOString();
  const row = (cells) => cells.map((x) => csvCell(String(x))).join(',');
  // As inventory_level_sort_key() and importNewLevels key a level: product, variant position, location.
  const locationKey = (loc) =>
    `${String(BigInt(loc.priority) + 2147483648n).padStart(11, '0')} ${loc.name.toLowerCase()}`;
  for (let i = 0; i < products; i++) {
    const id = crypto.randomUUID();
    const title = `Bench ${tag} product ${i}`;
    const handle = `${tag}-product-${i}`;
    const price = (20 + (i % 50)) * 100;
    const skus = SIZES.map((size) => `${tag.toUpperCase()}-${i}-${size}`);
    const search = [title, handle, `Vendor ${i % 40}`, 'Sweaters', ...skus].join(' ');
    p.push(
      row([
        id,
        title,
        handle,
        '<p>Made for the import bench, soft and warm.</p>',
        'ACTIVE',
        `Vendor ${i % 40}`,
        'Sweaters',
        '{bench,import}',
        '{bench,import}',
        price,
        price,
        SIZES.length,
        search,
        now,
        now,
      ]),
    );
    const count = i % 30;
    for (const [j, size] of SIZES.entries()) {
      const variantId = crypto.randomUUID();
      v.push(row([variantId, id, size, `{${size}}`, skus[j], price, 950, 350, 'true', 'false', j, now, now]));
      for (const [k, loc] of locations.entries()) {
        const key = `${title.toLowerCase()} ${String(j).padStart(5, '0')} ${locationKey(loc)}`;
        l.push(row([variantId, loc.id, k === 0 ? count : 0, key, now, now]));
      }
    }
    st.push(row([id, SIZES.length * count]));
  }
  fs.writeFileSync(productFile, `${p.join('\n')}\n`);
  fs.writeFileSync(variantFile, `${v.join('\n')}\n`);
  fs.writeFileSync(levelFile, `${l.join('\n')}\n`);
  fs.writeFileSync(stockFile, `${st.join('\n')}\n`);
  const copy = (...statements) => {
    const started = process.hrtime.bigint();
    execFileSync('psql', [dbUrl, '-q', '-v', 'ON_ERROR_STOP=1', ...statements.flatMap((c) => ['-c', c])]);
    return Number(process.hrtime.bigint() - started) / 1e9;
  };
  const catalog = copy(
    `\\copy products (id, title, handle, description, status, vendor, product_type, tags, tag_keys, min_price, max_price, variant_count, search_text, created_at, updated_at) from '${productFile}' with (format csv)`,
    `\\copy product_variants (id, product_id, title, option_values, sku, price, cost_price, weight_grams, track_inventory, allow_backorder, position, created_at, updated_at) from '${variantFile}' with (format csv)`,
  );
  const stock = copy(
    `\\copy inventory_levels (variant_id, location_id, on_hand, product_sort_key, created_at, updated_at) from '${levelFile}' with (format csv)`,
    `\\copy product_stock (product_id, total_available) from '${stockFile}' with (format csv)`,
  );
  fs.rmSync(dir, { recursive: true, force: true });
  return { catalog, stock, total: catalog + stock };
}

/**
 * Runs the import bench: `rows` product rows (three a product), a dry run then its apply, the COPY
 * floor, then an export of every order. `gql(query, variables)` answers { body }; `headers` carry the
 * owner's session cookie and the CSRF header.
 */
export async function importExportBench({ gql, base, headers, pid, dbUrl, rows }) {
  const products = Math.ceil(rows / SIZES.length);
  const locations = await gql(`{ locations { name active } }`);
  const location = locations.body.data?.locations?.find((l) => l.active)?.name;
  if (!location) throw new Error(`no location: ${JSON.stringify(locations.body)}`);
  const tag = `b${Date.now().toString(36)}`;
  const text = productRows(products, `Stock: ${location}`, tag);
  const rssBefore = rssMb(pid);

  const started = await upload(base, headers, START, { kind: 'PRODUCTS', dryRun: true }, 'bench.csv', text);
  const startErrors = started.data?.importStart?.userErrors ?? started.errors;
  if (!started.data?.importStart?.job) throw new Error(`importStart: ${JSON.stringify(startErrors)}`);
  const dry = await follow(gql, started.data.importStart.job.id, pid);
  if (dry.job.status !== 'SUCCEEDED') throw new Error(`dry run ${dry.job.status}: ${dry.job.failure}`);

  const applied = await gql(APPLY, { id: dry.job.id });
  const applyJob = applied.body.data?.importApply?.job;
  if (!applyJob) throw new Error(`importApply: ${JSON.stringify(applied.body)}`);
  const apply = await follow(gql, applyJob.id, pid);
  if (apply.job.status !== 'SUCCEEDED') throw new Error(`apply ${apply.job.status}: ${apply.job.failure}`);

  const active = execFileSync(
    'psql',
    [dbUrl, '-At', '-F', '\t', '-c', 'select id, name, fulfillment_priority from locations where active'],
    { encoding: 'utf8' },
  )
    .trim()
    .split('\n')
    .map((line) => line.split('\t'))
    .map(([id, name, priority]) => ({ id, name, priority: Number(priority) }))
    .sort((a, b) => Number(b.name === location) - Number(a.name === location));
  const floor = copyFloor(dbUrl, products, `${tag}c`, active);
  const copySeconds = floor.total;

  const exportStarted = await gql(EXPORT, { input: { kind: 'EXPORT_ORDERS' } });
  const exportJob = exportStarted.body.data?.exportStart?.job;
  if (!exportJob) throw new Error(`exportStart: ${JSON.stringify(exportStarted.body)}`);
  const exported = await follow(gql, exportJob.id, pid);

  const lineRows = SIZES.length * products;
  const round = (x) => Math.round(x);
  return {
    rows: lineRows,
    products,
    bytes: Buffer.byteLength(text),
    dryRunSeconds: seconds(dry.job),
    dryRunRowsPerSecond: round(lineRows / seconds(dry.job)),
    dryRunErrors: count(dry.job, 'errors'),
    applySeconds: seconds(apply.job),
    applyRowsPerSecond: round(lineRows / seconds(apply.job)),
    created: count(apply.job, 'created'),
    copySeconds,
    copyRowsPerSecond: round(lineRows / copySeconds),
    applyTimesCopy: Math.round((seconds(apply.job) / copySeconds) * 10) / 10,
    // The floor before the stock was counted in it (products and variants only), for comparison.
    copyCatalogSeconds: floor.catalog,
    applyTimesCatalogCopy: Math.round((seconds(apply.job) / floor.catalog) * 10) / 10,
    rssBeforeMb: rssBefore,
    rssMaxImportMb: Math.max(dry.maxRss, apply.maxRss),
    exportStatus: exported.job.status,
    exportRows: exported.job.progress.done,
    exportSeconds: seconds(exported.job),
    exportRowsPerSecond: round(exported.job.progress.done / seconds(exported.job)),
    rssMaxExportMb: exported.maxRss,
  };
}
