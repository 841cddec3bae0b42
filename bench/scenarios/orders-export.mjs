// Issue #29 §Measure: an export of 1M orders (one row per line, Shopify's order export columns):
// rows/s and the server's RSS. The seed can't make 1M orders within a session, so the bench copies
// the bench database into a throwaway one, clones its orders (and their lines) there in SQL until
// there are `orders` of them — new ids and numbers, created over the last two years — starts a second
// server on it, exports, and drops the throwaway database after.
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { rssMb } from '../lib/probe.mjs';
import { startServed } from '../lib/setup.mjs';

const JOB = `query Job($id: ID!) { job(id: $id) { id status failure progress { done total } startedAt finishedAt } }`;
const EXPORT = `mutation Export($input: ExportStartInput!) { exportStart(input: $input) { job { id } userErrors { field code message } } }`;

const urlOf = (serverUrl, dbName) => Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();

/** Order columns copied as they are (id, number, idempotency key and times are the clone's own). */
const ORDER_COLUMNS = `status, payment_status, fulfillment_status, customer_id, email, phone, currency_code,
  subtotal, shipping_total, tax_total, discount_total, total, total_paid, total_refunded, shipping_address,
  billing_address, source, note, tags, cancelled_at, cancel_reason, closed_at, version, customer_name,
  shipping_rate_id, shipping_name, shipping_price, shipping_tax, discount_code, items_count,
  prices_include_tax, created_by, discount_id`;
const LINE_COLUMNS = `product_id, variant_id, product_title, variant_title, sku, unit_price, quantity, discount,
  tax, fulfilled_quantity, refunded_quantity, position, location_id, taxable, custom, original_unit_price,
  price_override_reason`;

/**
 * The throwaway database: the bench database copied (pg_dump | psql), then its orders cloned with
 * generate_series until there are about `orders`. Answers its URL, name and the seconds it took.
 */
async function ordersDatabase({ serverUrl, sourceUrl, dbName, orders }) {
  const started = Date.now();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName}`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const dbUrl = urlOf(serverUrl, dbName);
  execFileSync('sh', ['-c', `pg_dump --no-owner "${sourceUrl}" | psql -q -v ON_ERROR_STOP=1 "${dbUrl}"`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const have = Number((await db.query('select count(*) as n from orders')).rows[0].n);
  const copies = Math.max(0, Math.ceil((orders - have) / have));
  // The originals, kept apart: each batch clones them only, never the clones of a batch before.
  await db.query('create table bench_originals as select id from orders');
  // A copy's ids derive from the original's and the copy's number, so its lines find their order.
  const id = (column) => `md5(${column}::text || '/' || g)::uuid`;
  for (let from = 1; from <= copies; from += 50) {
    const to = Math.min(copies, from + 49);
    await db.query('begin');
    await db.query(`insert into orders (id, ${ORDER_COLUMNS}, created_at, updated_at)
      select ${id('o.id')}, ${ORDER_COLUMNS.replaceAll(/\b(\w+)\b/g, 'o.$1')}, t.at, t.at
      from orders o join bench_originals b on b.id = o.id cross join generate_series(${from}, ${to}) g
      cross join lateral (select now() - (random() + g * 0) * interval '730 days' as at) t`);
    await db.query(`insert into order_lines (id, order_id, ${LINE_COLUMNS})
      select ${id('l.id')}, ${id('l.order_id')}, ${LINE_COLUMNS.replaceAll(/\b(\w+)\b/g, 'l.$1')}
      from order_lines l join bench_originals b on b.id = l.order_id cross join generate_series(${from}, ${to}) g`);
    await db.query('commit');
  }
  await db.query('drop table bench_originals');
  await db.query('analyze orders');
  await db.query('analyze order_lines');
  const counts = (
    await db.query(
      'select (select count(*) from orders) as orders, (select count(*) from order_lines) as lines',
    )
  ).rows[0];
  await db.end();
  return {
    dbUrl,
    orders: Number(counts.orders),
    lines: Number(counts.lines),
    seconds: Math.round((Date.now() - started) / 1000),
  };
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
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Runs the 1M-orders export on a throwaway copy of the bench database, with a server of its own
 * (the same build, flags and env); signs in as the bench's owner. Drops the copy after, whatever
 * happens.
 */
export async function ordersExportBench({
  serverUrl,
  sourceUrl,
  sourceName,
  orders,
  env,
  nodeFlags,
  main,
  port,
  login,
}) {
  const dbName = `${sourceName}_orders_export`;
  const made = await ordersDatabase({ serverUrl, sourceUrl, dbName, orders });
  let server = null;
  try {
    server = await startServed({
      script: main,
      args: ['start'],
      nodeFlags,
      env: { ...env, DATABASE_URL: made.dbUrl },
      port,
      probePort: port + 1,
    });
    const gql = await login(server.url);
    const pid = server.child.pid;
    const rssBefore = rssMb(pid);
    const started = await gql(EXPORT, { input: { kind: 'EXPORT_ORDERS' } });
    const job = started.body.data?.exportStart?.job;
    if (!job) throw new Error(`exportStart: ${JSON.stringify(started.body)}`);
    const done = await follow(gql, job.id, pid);
    const seconds = (Date.parse(done.job.finishedAt) - Date.parse(done.job.startedAt)) / 1000;
    return {
      orders: made.orders,
      lines: made.lines,
      setupSeconds: made.seconds,
      status: done.job.status,
      failure: done.job.failure,
      rows: done.job.progress.done,
      seconds,
      rowsPerSecond: Math.round(done.job.progress.done / seconds),
      rssBeforeMb: rssBefore,
      rssMaxMb: done.maxRss,
    };
  } finally {
    if (server) {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
