import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeIdOf } from '@stockroom/domain';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { countsOf, importRows, readImportJob, runAllSteps, uploadImport } from './import-fixtures.js';

/** The sample files the admin's Import dialog offers (apps/admin/public/samples). */
const SAMPLES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../admin/public/samples',
);
const sample = (name: string) => fs.readFileSync(path.join(SAMPLES, name), 'utf8');

/**
 * Issue #29: the demo store ships a sample file of each kind that imports cleanly into it — a dry
 * run of each finds no error and does what the file says (new products and customers, stock counts
 * of demo variants). The sample's counts (240, 180, 60) lie above any level the demo seed can
 * produce (at most 143 at the main warehouse and 43 elsewhere, whatever day it is seeded), so every
 * row is an update on any day.
 */
describe.each(DATABASES)('the demo store’s sample import files on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, demo: true, jobWorkers: false });

  it.each([
    ['PRODUCTS', 'products.csv', { rows: 6, created: 6, errors: 0, productsCreated: 3, variantsCreated: 6 }],
    ['CUSTOMERS', 'customers.csv', { rows: 5, created: 5, errors: 0 }],
    ['INVENTORY', 'inventory.csv', { rows: 3, errors: 0 }],
  ] as const)('%s: %s dry-runs with no error', async (kind, file, expected) => {
    const owner = await signedIn(ctx.server);
    const started = await uploadImport(owner, ctx.server.url, sample(file), { kind, name: file });
    expect(started.payload?.userErrors).toEqual([]);
    const id = started.payload!.job!['id'] as string;
    await runAllSteps(ctx.server, decodeIdOf('Job', id)!);
    const job = await readImportJob(owner, id);
    const { rows } = await importRows(owner, id);
    expect(job['status'], JSON.stringify(rows.filter((r) => r['outcome'] === 'ERROR'))).toBe('SUCCEEDED');
    expect(countsOf(job)).toMatchObject(expected);
    expect(rows.every((r) => r['outcome'] !== 'ERROR')).toBe(true);
    if (kind === 'INVENTORY')
      expect(rows.map((r) => r['outcome'])).toEqual(['UPDATED', 'UPDATED', 'UPDATED']);
  });
});
