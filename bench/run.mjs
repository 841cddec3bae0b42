// npm run bench — ARCHITECTURE §6 on PostgreSQL: seeds a scale once into its own database, starts the
// built server in a second process, loads it with autocannon (16 connections), and prints a table.
// BENCH_SCALE=small|medium|large (default medium), BENCH_DATABASE_URL (default local PostgreSQL),
// BENCH_SECONDS per scenario (default 10). Results are also written to bench/results/.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { contendedOrderCreate, orderReadScenarios } from './orders.mjs';

const root = path.resolve(import.meta.dirname, '..');
const scale = process.env.BENCH_SCALE ?? 'medium';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `stockroom_bench_${scale}`;
const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const port = Number(process.env.BENCH_PORT ?? 4555);
const rawPort = port + 1;
const email = 'bench-owner@example.com';
const password = 'bench-owner-password-1';
const main = path.join(root, 'apps/server/dist/main.js');

if (!fs.existsSync(main)) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount > 0;
if (!exists) await admin.query(`create database ${dbName}`);
await admin.end();

const env = {
  ...process.env,
  DATABASE_URL: dbUrl,
  LOG_LEVEL: 'warn',
  STOCKROOM_RATE_LIMIT: '0',
  STOCKROOM_DEMO: '0',
  PORT: String(port),
};
const run = (args) => {
  const r = spawnSync(process.execPath, [main, ...args], { env, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
if (!exists) {
  console.log(`Seeding ${scale} into ${dbName} (once; later runs reuse it)…`);
  const started = Date.now();
  run(['seed', '--scale', scale]);
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
run(['create-owner', '--email', email, '--password', password]);

// BENCH_PROFILE=1 writes a V8 CPU profile of the server to bench/results/ (open it in Chrome DevTools).
const profile =
  process.env.BENCH_PROFILE === '1'
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, 'bench/results')}`]
    : [];
const server = spawn(process.execPath, [...profile, main, 'start'], {
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
// The raw baseline (ARCHITECTURE §6): the same data by hand-written SQL behind a bare node:http handler.
const raw = spawn(process.execPath, [path.join(root, 'bench/raw-baseline.mjs')], {
  env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(rawPort) },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
const rawBase = `http://127.0.0.1:${rawPort}`;
for (const url of [base, rawBase]) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

const gql = async (query, variables = {}, cookie = '') => {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-stockroom-csrf': '1', cookie },
    body: JSON.stringify({ query, variables }),
  });
  return { res, body: await res.json() };
};
const login = await gql(
  `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { staff { id } } }`,
  { e: email, p: password },
);
const cookie = login.res.headers.get('set-cookie').split(';')[0];
const some = await gql(`{ products(first: 1, query: "status:active") { nodes { id } } }`, {}, cookie);
const productId = some.body.data.products.nodes[0].id;

const LIST = `query List($q: String) { products(first: 50, query: $q, sortKey: UPDATED_AT) {
  nodes { id title status totalAvailable category { name } media { thumbnailUrl(size: SMALL) } variantCount
    variants { id sku price { amount } inventoryLevels { available location { name } } } }
  pageInfo { hasNextPage endCursor } count { value precision } } }`;
const DETAIL = `query Detail($id: ID!) { product(id: $id) { id title description status tags vendor productType options { name values }
  category { name } collections { title } media { url alt } seoTitle version
  variants { id title sku barcode price { amount } compareAtPrice { amount } costPrice { amount } weightGrams inventoryLevels { onHand committed available location { name } } } } }`;
const SEARCH = `query Search($q: String) { products(first: 20, query: $q) { nodes { id title } count { value } } }`;

// The command palette's one request, and Home's figures (SPEC §2 "/", issue #17).
const GLOBAL_SEARCH = `query Global($q: String!) { search(query: $q, first: 5) {
  orders { id name customerName } products { id title } customers { id displayName email } discounts { id code } staff { id name } } }`;
const HOME = `query Home { analytics {
  sales(period: LAST_30_DAYS) { current { orders netSales { amount } } previous { orders netSales { amount } }
    perDay { date orders netSales { amount } } topProducts { title unitsSold netSales { amount } } }
  workQueue { ordersToFulfill { count { value } } unpaidOrders { count { value } } openDrafts { count { value } } lowStock { count { value } } } } }`;

const scenarios = [
  {
    name: 'product list, 50 rows with variants and stock, status + tag filter',
    target: 'p50 ≤ 5 ms, p99 ≤ 25 ms',
    query: LIST,
    variables: { q: 'status:active tag:sale' },
  },
  {
    name: 'product list, newest first, no filter',
    target: 'p50 ≤ 5 ms, p99 ≤ 25 ms',
    query: LIST,
    variables: {},
  },
  {
    name: 'product search, free text',
    target: 'p95 ≤ 50 ms',
    query: SEARCH,
    variables: { q: 'linen shirt' },
  },
  { name: 'product detail', target: 'p99 ≤ 15 ms', query: DETAIL, variables: { id: productId } },
  {
    name: 'search across orders, products, customers (palette)',
    target: 'p95 ≤ 50 ms',
    query: GLOBAL_SEARCH,
    variables: { q: 'linen' },
  },
  {
    name: 'home: 30-day sales, per day, top products, work queue',
    target: '(none set)',
    query: HOME,
    variables: {},
  },
  ...(await orderReadScenarios(gql, cookie)),
];

const rows = [];
for (const s of scenarios) {
  const check = await gql(s.query, s.variables, cookie);
  if (check.body.errors) throw new Error(`${s.name}: ${JSON.stringify(check.body.errors)}`);
  const result = await autocannon({
    url: `${base}/graphql`,
    connections: 16,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-stockroom-csrf': '1', cookie },
    body: JSON.stringify({ query: s.query, variables: s.variables }),
  });
  // The same request one at a time: what one person waits for, without queueing behind 15 others.
  const alone = await autocannon({
    url: `${base}/graphql`,
    connections: 1,
    duration: Math.max(2, Math.round(seconds / 3)),
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-stockroom-csrf': '1', cookie },
    body: JSON.stringify({ query: s.query, variables: s.variables }),
  });
  if (s.raw) {
    // The baseline must serve the very same data, or the comparison says nothing.
    const same = await (await fetch(`${rawBase}${s.raw}`)).json();
    const strip = (d) => JSON.stringify({ ...d.orders, pageInfo: undefined });
    if (strip(same.data) !== strip(check.body.data)) throw new Error(`${s.name}: the raw baseline differs`);
  }
  // The baseline under the same load, right after, so both see the same machine.
  const baseline = s.raw
    ? await autocannon({ url: `${rawBase}${s.raw}`, connections: 16, duration: seconds })
    : null;
  rows.push({
    ...s,
    rawRps: baseline ? baseline.requests.average : null,
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: result.latency.p97_5,
    p99: result.latency.p99,
    aloneP50: alone.latency.p50,
    aloneP99: alone.latency.p99,
    errors: result.errors + result.non2xx + alone.errors + alone.non2xx,
  });
}
const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
const create = await contendedOrderCreate({ gql, cookie, base, db, seconds });
await db.end();
const rss = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1];
server.kill('SIGTERM');
raw.kill('SIGTERM');

const lines = [
  `## Stockroom bench — scale ${scale}, PostgreSQL, 16 connections, ${seconds} s per scenario (${new Date().toISOString()})`,
  '',
  '| Scenario | req/s | raw req/s (×) | p50 ms | p97.5 ms | p99 ms | alone p50 / p99 ms | errors | Target |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.rawRps ? `${r.rawRps.toFixed(0)} (${(r.rawRps / r.rps).toFixed(1)}×)` : '–'} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.aloneP50} / ${r.aloneP99} | ${r.errors} | ${r.target} |`,
  ),
  '',
  '| Write scenario | req/s | orders placed/s | p50 ms | p97.5 ms | p99 ms | errors | oversold levels | Target |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  `| ${create.name} | ${create.rps.toFixed(0)} | ${create.ordersPerSecond.toFixed(0)} | ${create.p50} | ${create.p95} | ${create.p99} | ${create.errors} | ${create.oversold} | ${create.target} |`,
  '',
  'p50–p99 are at 16 concurrent connections (queueing included: p50 ≈ 16 ÷ req/s once the server is busy); "alone" is one connection. "raw" is bench/raw-baseline.mjs serving the same JSON from hand-written SQL (× = raw ÷ Stockroom; target ≤ 1.5).',
  '',
  `Server RSS after load: ${rss ? (Number(rss) / 1024).toFixed(0) : '?'} MB (target ≤ 400 MB).`,
];
console.log(`\n${lines.join('\n')}\n`);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, `bench/results/${scale}-${new Date().toISOString().slice(0, 10)}.md`),
  lines.join('\n') + '\n',
);
