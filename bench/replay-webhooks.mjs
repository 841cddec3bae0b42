// Webhook delivery cost in isolation (issue #30): places orders with five subscriptions paused, then
// rewinds the webhooks consumer to before them with the subscriptions active and measures the
// server's CPU (Node and its PostgreSQL backends) and statements until every delivery is sent —
// no orderCreate beside it, so a shared machine's noise moves it less. Run after `npm run bench`
// has seeded the small scale:   node bench/replay-webhooks.mjs   (BENCH_PROFILE=1: a CPU profile)
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { pgTicksBetween, sample } from './lib/probe.mjs';
import { paths, SERVER_NODE_FLAGS, startServed } from './lib/setup.mjs';
import { contendedOrderCreate } from './scenarios/orders.mjs';

const prefix = process.env.BENCH_DB_PREFIX ?? 'stockroom_bench_';
const dbUrl = `postgres://postgres@127.0.0.1:5432/${prefix}small`;
const port = Number(process.env.BENCH_PORT ?? 4555) + 10;
const email = 'bench-owner@example.com';
const password = 'bench-owner-password-1';
const rounds = Number(process.env.REPLAY_ROUNDS ?? 3);

let received = 0;
let connections = 0;
const sink = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    res.writeHead(200).end('ok');
  });
});
sink.on('connection', () => connections++);
await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
const sinkUrl = `http://127.0.0.1:${sink.address().port}`;

const env = {
  ...process.env,
  LOG_LEVEL: 'warn',
  STOCKROOM_RATE_LIMIT: '0',
  STOCKROOM_DEMO: '0',
  STOCKROOM_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
  STOCKROOM_WEBHOOK_ALLOW_HTTP: '1',
  DATABASE_URL: dbUrl,
};
const server = await startServed({
  script: paths.main,
  args: ['start'],
  nodeFlags: SERVER_NODE_FLAGS,
  env,
  port,
  probePort: port + 1,
  profileDir: process.env.BENCH_PROFILE === '1' ? path.join(paths.root, 'bench/results') : null,
});
process.on('exit', () => server.child.exitCode === null && server.child.kill('SIGTERM'));
const admin = new pg.Client({ connectionString: dbUrl });
await admin.connect();
const headers = { 'content-type': 'application/json', 'x-stockroom-csrf': '1' };
const gql = async (query, variables = {}) => {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables }),
  });
  if (res.headers.get('set-cookie')) headers.cookie = res.headers.get('set-cookie').split(';')[0];
  return { body: await res.json() };
};
await gql(`mutation($e: String!, $p: String!) { login(email: $e, password: $p) { staff { id } } }`, {
  e: email,
  p: password,
});
await admin.query(`delete from webhook_subscriptions where url like 'http://127.0.0.1:%'`);
const ids = [];
for (const topic of [
  'ORDERS_CREATE',
  'ORDERS_PAID',
  'ORDERS_UPDATED',
  'INVENTORY_LEVELS_UPDATE',
  'PRODUCTS_UPDATE',
]) {
  const { body } = await gql(
    `mutation($input: WebhookSubscriptionInput!) { webhookSubscriptionCreate(input: $input) { webhookSubscription { id } userErrors { message } } }`,
    { input: { topic, url: `${sinkUrl}/${topic.toLowerCase()}` } },
  );
  ids.push(body.data.webhookSubscriptionCreate.webhookSubscription.id);
}
const uuids = ids.map((id) => id.replace(/^whs_/, '').replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-'));
const setAll = async (status) => {
  for (const id of ids)
    await gql(
      `mutation($id: ID!, $s: String!) { webhookSubscriptionUpdate(id: $id, input: { status: $s }) { userErrors { message } } }`,
      { id, s: status },
    );
};
const probe = {
  pid: server.child.pid,
  probePort: port + 1,
  admin,
  appName: 'stockroom',
  dbName: `${prefix}small`,
  dbUrl,
};
const cursor = async () =>
  (await admin.query(`select position from domain_event_cursors where consumer = 'webhooks'`)).rows[0]
    .position;
const last = async () =>
  (await admin.query('select coalesce(max(position), 0) as p from domain_events')).rows[0].p;
const caughtUp = async () => {
  for (;;) {
    const { rows } = await admin.query(
      `select (select position from domain_event_cursors where consumer = 'webhooks') >= $2::bigint as relayed,
        (select count(*)::int from webhook_deliveries where subscription_id = any($1::uuid[]) and status in ('PENDING','RETRYING')) as waiting`,
      [uuids, await last()],
    );
    if (rows[0].relayed && rows[0].waiting === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
};
const figures = [];
for (let round = 0; round < rounds; round++) {
  await setAll('PAUSED');
  await caughtUp();
  const from = await cursor();
  const r = await contendedOrderCreate({
    gql,
    cookie: headers.cookie,
    base: server.url,
    db: admin,
    seconds: 3,
    probe,
  });
  const orders = Math.round(r.ordersPerSecond * 3);
  await caughtUp();
  await setAll('ACTIVE');
  const before = await sample(probe);
  const t0 = performance.now();
  const got = received;
  const opened = connections;
  await admin.query(`update domain_event_cursors set position = $1 where consumer = 'webhooks'`, [from]);
  await caughtUp();
  const after = await sample(probe);
  const ms = performance.now() - t0;
  const per = (x) => Math.round((x * 100) / orders) / 100;
  figures.push({
    orders,
    deliveries: received - got,
    connections: connections - opened,
    seconds: ms / 1000,
    nodeCpuMs: per((after.nodeTicks - before.nodeTicks) * 10),
    pgCpuMs: per(pgTicksBetween(before, after) * 10),
    statements: per(after.statements - before.statements),
  });
  console.log(JSON.stringify(figures.at(-1)));
}
await admin.query(`delete from webhook_subscriptions where id = any($1::uuid[])`, [uuids]);
await admin.end();
server.child.kill('SIGINT');
await new Promise((r) => server.child.once('exit', r));
sink.close();
