import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { decodeIdOf } from '@stockroom/domain';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { createOrder, createVariant, gql } from '../../support/order-fixtures.js';
import { EXPORT_ROWS_PER_STEP } from '../../../src/modules/jobs/list-export.service.js';
import { records, startExport } from './list-export-fixtures.js';

/**
 * A request sent again once if the connection it reused was reset before any answer: the steps and
 * inserts here run in this process (the server's too) for seconds, past the server's keep-alive
 * time, so the next request can meet an idle connection the server just closed (never reaching it).
 */
async function again<T>(send: () => Promise<T>): Promise<T> {
  return send().catch((error: { cause?: { code?: string } }) => {
    if (error.cause?.code !== 'ECONNRESET') throw error;
    return send();
  });
}

/**
 * Issue #29: an orders export costs the same few statements a step however large the store (the
 * search counted once a job, lines and times read a page at a time, whole pages a step), and writes
 * exactly the orders, in exactly the order, the list shows for the same search and sort.
 */
describe.each(DATABASES)('orders export steps on $name', ({ postgresUrl }) => {
  // Steps run by hand, so the test counts each one's statements.
  const ctx = useServer({ postgresUrl, jobWorkers: false });
  const db = () => ctx.server.app.database.db;

  /** `n` copies of the order (one line each), a minute apart, older than any before; 2 in 3 tagged bulk. */
  async function cloneOrder(orderId: string, n: number, from: number) {
    const id = (column: string) => sql.raw(`md5(${column}::text || '/' || g)::uuid`);
    await sql`insert into orders (id, status, payment_status, fulfillment_status, email, currency_code, subtotal,
        total, total_paid, shipping_address, source, tags, customer_name, items_count, created_at, updated_at)
      select ${id('o.id')}, o.status, o.payment_status, o.fulfillment_status, o.email, o.currency_code, o.subtotal,
        o.total + g % 40, o.total_paid, o.shipping_address, o.source,
        case when g % 3 = 0 then '{}'::text[] else '{bulk}'::text[] end, o.customer_name, o.items_count,
        o.created_at - g * interval '1 minute', o.created_at - g * interval '1 minute'
      from orders o cross join generate_series(${from}::int, ${from + n - 1}::int) g where o.id = ${orderId}::uuid`.execute(
      db(),
    );
    await sql`insert into order_lines (id, order_id, product_id, variant_id, product_title, variant_title, sku,
        unit_price, quantity, discount, tax, fulfilled_quantity, refunded_quantity, position, location_id, taxable)
      select ${id('l.id')}, ${id('l.order_id')}, l.product_id, l.variant_id, l.product_title, l.variant_title, l.sku,
        l.unit_price, l.quantity, l.discount, l.tax, l.fulfilled_quantity, l.refunded_quantity, l.position,
        l.location_id, l.taxable
      from order_lines l cross join generate_series(${from}::int, ${from + n - 1}::int) g
      where l.order_id = ${orderId}::uuid`.execute(db());
  }

  /** Starts an export and runs its steps by hand: each step's statements, and the file. */
  async function runExport(owner: Client, input: Record<string, unknown>, maxSteps = 100) {
    const res = await again(() => startExport(owner, { kind: 'EXPORT_ORDERS', ...input }));
    const payload = res.body.data?.['exportStart'] as { job: { id: string }; userErrors: unknown[] };
    expect(payload.userErrors).toEqual([]);
    const id = payload.job.id;
    const jobId = decodeIdOf('Job', id)!;
    const statements: number[] = [];
    for (let step = 0; step < maxSteps; step++) {
      const before = ctx.server.app.database.queryCount();
      const result = await ctx.server.app.jobs.runStep({ jobId, step });
      statements.push(ctx.server.app.database.queryCount() - before);
      if (result !== 'more') break;
    }
    return { id, statements };
  }

  async function download(owner: Client, id: string) {
    const job = await gql(
      owner,
      `query($id: ID!) { job(id: $id) { status resultUrl progress { done total } } }`,
      {
        id,
      },
    );
    expect(job.job.status).toBe('SUCCEEDED');
    const file = await again(() =>
      fetch(`${ctx.server.url}${job.job.resultUrl}`, { headers: { cookie: owner.cookie! } }),
    );
    return { progress: job.job.progress, ...records(await file.text()) };
  }

  it('runs a step in the same few statements on a store twice the size, and writes the list’s orders in its order', async () => {
    const owner = await signedIn(ctx.server);
    const variant = await createVariant(owner, { sku: 'STEP-1', price: '10.00', untracked: true });
    const order = await createOrder(owner, [{ variantId: variant, quantity: 1 }], { tags: ['bulk'] });
    const orderId = decodeIdOf('Order', order.id)!;
    // Enough orders for three steps of the bulk search (one row each: 2 in 3 are tagged), so the
    // second is a whole one.
    const n = EXPORT_ROWS_PER_STEP * 3 + 300;
    await cloneOrder(orderId, n, 1);
    const search = { query: 'tag:bulk', sortKey: 'TOTAL', reverse: true, columns: ['Name', 'Total'] };

    const small = await runExport(owner, search);
    expect(small.statements).toHaveLength(3);
    // A middle step: its pages (the orders with their lines, then their times), the job's own
    // statements (read, lock, the starter's permissions, save, next step's message) — no count.
    const pages = Math.ceil(EXPORT_ROWS_PER_STEP / 250);
    expect(small.statements[1]).toBeLessThanOrEqual(2 * pages + 12);

    // What the list shows for the same search and sort, page by page.
    const names: string[] = [];
    let after: string | null = null;
    do {
      const page: any = await again(() =>
        gql(
          owner,
          `query($after: String) { orders(first: 250, after: $after, query: "tag:bulk", sortKey: TOTAL, reverse: true) {
          nodes { name } pageInfo { hasNextPage endCursor } } }`,
          { after },
        ),
      );
      names.push(...page.orders.nodes.map((o: { name: string }) => o.name));
      after = page.orders.pageInfo.hasNextPage ? page.orders.pageInfo.endCursor : null;
    } while (after);
    const file = await download(owner, small.id);
    expect(file.rows.map((r) => r['Name'])).toEqual(names);
    expect(names.length).toBeGreaterThan(EXPORT_ROWS_PER_STEP);
    expect(file.progress).toEqual({ done: names.length, total: names.length });
    // Ties on the total (40 values) are told apart by id, never repeated or skipped.
    expect(new Set(names).size).toBe(names.length);

    // Twice the orders: a step costs exactly what it cost.
    await cloneOrder(orderId, n, n + 1);
    const large = await runExport(owner, search, 2);
    expect(large.statements[1]).toBe(small.statements[1]);
  }, 120_000);
});
