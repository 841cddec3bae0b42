import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Client } from '../../helpers.js';
import {
  childEnv,
  createTestDatabase,
  ensureServerBuilt,
  killChildren,
  signedInTo,
  startChildServer,
  uuidOfPublicId as uuidOf,
  type ChildServer,
} from '../../support/child-server.js';
import { createLocation } from '../../support/order-fixtures.js';
import { readJob } from '../jobs/job-fixtures.js';
import { importApply, uploadImport } from './import-fixtures.js';

const postgresUrl = process.env['TEST_DATABASE_URL'];

/** 1,200 products of three sizes (3,600 rows, eight chunks), counts at one location. */
const PRODUCTS = 1_200;
const SIZES = ['S', 'M', 'L'];
const stockOf = (p: number, i: number) => (p + i) % 5;

function productsCsv(tag: string): string {
  const lines = [
    'Handle,Title,Status,Option1 Name,Option1 Value,Variant SKU,Variant Price,Stock: Main warehouse',
  ];
  for (let p = 0; p < PRODUCTS; p++)
    SIZES.forEach((size, i) =>
      lines.push(
        [
          `${tag}-${p}`,
          i === 0 ? `Killed import ${p}` : '',
          i === 0 ? 'active' : '',
          i === 0 ? 'Size' : '',
          size,
          `${tag.toUpperCase()}-${p}-${size}`,
          '19.00',
          String(stockOf(p, i)),
        ].join(','),
      ),
    );
  return `${lines.join('\n')}\n`;
}

const NON_ZERO = Array.from({ length: PRODUCTS }, (_, p) => SIZES.map((_s, i) => stockOf(p, i)))
  .flat()
  .filter((n) => n !== 0).length;

/**
 * A poll of a server that may be busy: an embedded store runs its queries on the server's own
 * thread, so on a loaded machine a step can hold it past the keep-alive time, and the request that
 * reuses the idle connection meets it closed (ECONNRESET). That poll is simply sent again.
 */
async function polled<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      const reset = (error as { cause?: { code?: string } }).cause?.code === 'ECONNRESET';
      if (!reset || attempt >= 5) throw error;
    }
  }
}

async function finished(client: Client, id: string, ms: number): Promise<Record<string, any>> {
  const end = Date.now() + ms;
  for (;;) {
    const job = await polled(() => readJob(client, id));
    if (job && !['QUEUED', 'RUNNING'].includes(job['status'] as string)) return job;
    if (Date.now() > end) throw new Error(`job ${id} still ${job?.['status']} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Issue #29 "Done when": a real server process applying a multi-chunk products import is killed
 * (SIGKILL) mid-apply and started again; the job then finishes once: every row exactly once (no
 * product, variant, movement or audit event twice), the report's counts right.
 */
const DATABASES = [
  ...(postgresUrl ? [{ name: 'postgres', postgres: true }] : []),
  { name: 'embedded', postgres: false },
];

describe.each(DATABASES)('an import killed mid-apply, on $name', ({ postgres }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-import-kill-'));
  const children: ChildProcess[] = [];
  let dbUrl = '';
  let dropDatabase: (() => Promise<void>) | null = null;

  afterAll(async () => {
    killChildren(children);
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** `dist/main.js start` on the store's database (PostgreSQL's, or the embedded one in the folder). */
  const start = (): Promise<ChildServer> =>
    startChildServer(
      children,
      { ...childEnv({ databaseUrl: dbUrl, dataDir }), STOCKROOM_JOB_STEP_TIMEOUT_SECONDS: '15' },
      90_000,
    );

  /** The first row of a query, on the store's database: PostgreSQL's, or the embedded one's folder. */
  async function firstRow(text: string): Promise<Record<string, unknown>> {
    if (postgres) {
      const db = new pg.Client({ connectionString: dbUrl });
      await db.connect();
      try {
        return (await db.query(text)).rows[0] as Record<string, unknown>;
      } finally {
        await db.end();
      }
    }
    const db = new PGlite({ dataDir: path.join(dataDir, 'pg') });
    try {
      return (await db.query<Record<string, unknown>>(text)).rows[0]!;
    } finally {
      await db.close();
    }
  }

  it('finishes once after a restart: every row once, counts right', async () => {
    ensureServerBuilt();
    if (postgres) {
      const database = await createTestDatabase(postgresUrl!, 'stockroom_test_import_kill');
      dbUrl = database.url;
      dropDatabase = database.drop;
    }
    const tag = `kill${randomBytes(2).toString('hex')}`;
    const a = await start();
    const onA = await signedInTo(a.url);
    await createLocation(onA, 'Main warehouse');
    const dry = await uploadImport(onA, a.url, productsCsv(tag), { kind: 'PRODUCTS', name: 'products.csv' });
    expect(dry.errors).toEqual([]);
    expect(dry.payload?.userErrors).toEqual([]);
    const dryDone = await finished(onA, dry.payload!.job!['id'] as string, 120_000);
    expect(dryDone['status']).toBe('SUCCEEDED');
    const applied = await importApply(onA, dry.payload!.job!['id'] as string);
    expect(applied.userErrors).toEqual([]);
    const id = applied.job!['id'] as string;

    // Killed once it has committed some chunks and not all.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const job = await polled(() => readJob(onA, id));
      if (job?.['status'] === 'RUNNING' && job['progress']['done'] >= 1_000) break;
      if (Date.now() > deadline || ['SUCCEEDED', 'FAILED'].includes(job?.['status'] as string))
        throw new Error(`the import was not caught mid-way: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    a.child.kill('SIGKILL');
    await a.exited();

    // Mid-way in the database: the job still RUNNING, some chunks committed and not all.
    const killed = await firstRow(`select status, progress_done from jobs where id = '${uuidOf(id)}'`);
    expect(killed['status']).toBe('RUNNING');
    expect(Number(killed['progress_done'])).toBeGreaterThanOrEqual(1_000);
    expect(Number(killed['progress_done'])).toBeLessThan(SIZES.length * PRODUCTS);

    const b = await start();
    const onB = await signedInTo(b.url);
    const done = await finished(onB, id, 240_000);
    expect(done['status']).toBe('SUCCEEDED');
    const counts = Object.fromEntries(
      (done['report']['counts'] as { name: string; value: number }[]).map((c) => [c.name, c.value]),
    );
    expect(counts).toMatchObject({ rows: 3 * PRODUCTS, created: 3 * PRODUCTS, errors: 0 });
    expect(done['progress']).toEqual({ done: 3 * PRODUCTS, total: 3 * PRODUCTS });

    b.child.kill('SIGTERM');
    await b.exited();

    // Every record once, read from the database itself (the embedded one once its server stopped).
    const sku = `${tag.toUpperCase()}-%`;
    const job = uuidOf(id);
    const numbers = await firstRow(`
      select
        (select count(*)::int from products where handle like '${tag}-%') as products,
        (select count(distinct handle)::int from products where handle like '${tag}-%') as handles,
        (select count(*)::int from product_variants where sku like '${sku}') as variants,
        (select count(*)::int from inventory_movements m join product_variants v on v.id = m.variant_id
          where v.sku like '${sku}') as movements,
        (select count(*)::int from audit_events where job_id = '${job}' and action = 'product.create') as creates,
        (select count(distinct subject_id)::int from audit_events
          where job_id = '${job}' and action = 'product.create') as created_subjects,
        (select count(*)::int from audit_events where job_id = '${job}' and action = 'inventory.adjust') as adjusts,
        (select count(*)::int from inventory_levels l where l.on_hand <> coalesce((select sum(m.on_hand_delta)
          from inventory_movements m where m.variant_id = l.variant_id and m.location_id = l.location_id), 0))
          as ledger_off`);
    expect(numbers).toEqual({
      products: PRODUCTS,
      handles: PRODUCTS,
      variants: 3 * PRODUCTS,
      movements: NON_ZERO,
      creates: PRODUCTS,
      created_subjects: PRODUCTS,
      adjusts: NON_ZERO,
      ledger_off: 0,
    });
  }, 600_000);
});
