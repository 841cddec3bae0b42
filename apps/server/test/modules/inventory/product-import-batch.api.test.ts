import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { createLocation, gql } from '../../support/order-fixtures.js';
import { eventsOfJob, revertImport, runImport } from '../../support/import-run.js';
import type { TestServer } from '../../../src/testing.js';
import { IMPORTER } from './product-import-support.js';

/*
 * Issue #29: an apply writes a chunk's new products, variants, levels, counts, movements, audit
 * events and domain events with one statement a table, not dozens a product. Counting a chunk's
 * statements keeps that from regressing silently; the records must still be exactly the file's.
 */

const HEADER = [
  'Handle',
  'Title',
  'Status',
  'Option1 Name',
  'Option1 Value',
  'Variant SKU',
  'Variant Price',
  'Stock: Main warehouse',
];
const SIZES = ['S', 'M', 'L'];

function productRows(tag: string, products: number, stock: (p: number, i: number) => string): string[][] {
  const rows = [HEADER];
  for (let p = 0; p < products; p++)
    SIZES.forEach((size, i) =>
      rows.push([
        `${tag}-${p}`,
        i === 0 ? `${tag} product ${p}` : '',
        i === 0 ? 'active' : '',
        i === 0 ? 'Size' : '',
        size,
        `${tag.toUpperCase()}-${p}-${size}`,
        '12.50',
        stock(p, i),
      ]),
    );
  return rows;
}

async function count(server: TestServer, query: string): Promise<number> {
  const r = await sql<{ n: number }>`${sql.raw(query)}`.execute(server.app.database.db);
  return Number((r.rows[0] as { n: number }).n);
}

const LEDGER_MISMATCHES = `select count(*)::int as n from inventory_levels l
  where l.on_hand <> coalesce((select sum(m.on_hand_delta) from inventory_movements m
    where m.variant_id = l.variant_id and m.location_id = l.location_id), 0)`;

describe.each(DATABASES)('products import batching on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  async function store() {
    const owner = await signedIn(ctx.server);
    const names = (await gql(owner, `{ locations { name } }`)).locations.map((l: { name: string }) => l.name);
    if (!names.includes('Main warehouse')) await createLocation(owner, 'Main warehouse');
    return owner;
  }

  it('applies a chunk of 10 or of 40 new products in the same statements; every record once, ledger exact, undo whole', async () => {
    await store();
    const db = ctx.server.app.database;
    const statements = async (tag: string, products: number) => {
      const before = db.queryCount();
      const run = await runImport(
        ctx.server,
        IMPORTER,
        'APPLY',
        productRows(tag, products, (p, i) => String((p + i) % 4)),
      );
      return { cost: db.queryCount() - before, run };
    };
    const small = await statements('batch-a', 10);
    const large = await statements('batch-b', 40);
    expect(small.run.results.every((r) => r.outcome === 'CREATED')).toBe(true);
    expect(large.run.results.filter((r) => r.outcome === 'CREATED')).toHaveLength(120);
    // Row by row this was about 20 statements a product (800 for 40).
    expect(large.cost).toBe(small.cost);
    expect(large.cost).toBeLessThanOrEqual(40);

    // Exactly the file: 40 products, 120 variants, one movement per non-zero count, one audit event each.
    const nonZero = productRows('x', 40, (p, i) => String((p + i) % 4))
      .slice(1)
      .filter((r) => r[7] !== '0').length;
    expect(
      await count(ctx.server, `select count(*)::int as n from products where handle like 'batch-b-%'`),
    ).toBe(40);
    expect(
      await count(
        ctx.server,
        `select count(*)::int as n from product_variants v join products p on p.id = v.product_id
          where p.handle like 'batch-b-%'`,
      ),
    ).toBe(120);
    expect(
      await count(
        ctx.server,
        `select count(*)::int as n from inventory_movements m join product_variants v on v.id = m.variant_id
          where v.sku like 'BATCH-B-%' and m.reason = 'IMPORT'`,
      ),
    ).toBe(nonZero);
    expect(await count(ctx.server, LEDGER_MISMATCHES)).toBe(0);
    // Each level written once, with its count (version 1), its list sort key as the trigger's.
    expect(
      await count(
        ctx.server,
        `select count(*)::int as n from inventory_levels l join product_variants v on v.id = l.variant_id
          where v.sku like 'BATCH-B-%' and (l.version <> 1
            or l.product_sort_key is distinct from inventory_level_sort_key(l.variant_id, l.location_id))`,
      ),
    ).toBe(0);
    expect(
      await count(
        ctx.server,
        `select count(*)::int as n from inventory_levels l join product_variants v on v.id = l.variant_id
          where v.sku like 'BATCH-B-%'`,
      ),
    ).toBeGreaterThanOrEqual(120);
    const events = await eventsOfJob(ctx.server, large.run.jobId);
    expect(events.filter((e) => e.action === 'product.create')).toHaveLength(40);
    expect(events.filter((e) => e.action === 'inventory.adjust')).toHaveLength(nonZero);
    expect(events.every((e) => e.jobId === large.run.jobId)).toBe(true);
    // The list columns follow the variants, as productCreate leaves them.
    const summary = await sql<{ variant_count: number; min_price: string; total_available: number }>`
      select p.variant_count, p.min_price, s.total_available from products p
      join product_stock s on s.product_id = p.id where p.handle = 'batch-b-1'`.execute(db.db);
    expect(summary.rows[0]).toMatchObject({ variant_count: 3, total_available: 1 + 2 + 3 });
    expect(Number(summary.rows[0]!.min_price)).toBe(1250);

    // Undo of the whole import: every product deleted again, with its stock.
    const undone = await revertImport(ctx.server, IMPORTER, large.run.jobId);
    expect(undone.filter((u) => u.refused !== null)).toEqual([]);
    expect(
      await count(ctx.server, `select count(*)::int as n from products where handle like 'batch-b-%'`),
    ).toBe(0);
    expect(await count(ctx.server, LEDGER_MISMATCHES)).toBe(0);
  });

  it('a count the batch refuses (out of range) falls back to row by row: that product alone fails, in words', async () => {
    await store();
    const rows = productRows('batch-c', 5, (p, i) => (p === 2 && i === 1 ? '2000000000' : '3'));
    const run = await runImport(ctx.server, IMPORTER, 'APPLY', rows);
    const bad = run.results.filter((r) => r.outcome === 'ERROR');
    expect(bad.map((r) => r.row)).toEqual([8, 9, 10]);
    const cell = bad.find((r) => r.row === 9)!.problems[0]!;
    expect(cell.column).toBe('Stock: Main warehouse');
    expect(cell.message).toMatch(/within ±1,000,000,000/);
    expect(run.results.filter((r) => r.outcome === 'CREATED')).toHaveLength(12);
    expect(
      await count(ctx.server, `select count(*)::int as n from products where handle like 'batch-c-%'`),
    ).toBe(4);
    expect(
      await count(ctx.server, `select count(*)::int as n from products where handle = 'batch-c-2'`),
    ).toBe(0);
    expect(await count(ctx.server, LEDGER_MISMATCHES)).toBe(0);
    const events = await eventsOfJob(ctx.server, run.jobId);
    expect(events.filter((e) => e.action === 'product.create')).toHaveLength(4);
    expect(events.filter((e) => e.action === 'inventory.adjust')).toHaveLength(12);
  });
});
