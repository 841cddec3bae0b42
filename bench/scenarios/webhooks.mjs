// Issue #30's figures: webhook deliveries per second to a local receiver, and orderCreate with five
// subscriptions on beside none (rounds alternated in one run; target ≤ 5 % slower with them on).
import http from 'node:http';
import os from 'node:os';
import { pgTicksBetween, sample } from '../lib/probe.mjs';
import { contendedOrderCreate } from './orders.mjs';

const CREATE = `mutation($input: WebhookSubscriptionInput!) { webhookSubscriptionCreate(input: $input) {
  webhookSubscription { id } userErrors { message } } }`;
const SET_STATUS = `mutation($id: ID!, $status: String!) {
  webhookSubscriptionUpdate(id: $id, input: { status: $status }) { userErrors { message } } }`;
// Five subscriptions an integrated store would keep: an ERP, a storefront's stock, analytics.
const TOPICS = [
  'ORDERS_CREATE',
  'ORDERS_PAID',
  'ORDERS_UPDATED',
  'INVENTORY_LEVELS_UPDATE',
  'PRODUCTS_UPDATE',
];

/** A receiver that answers 200 at once and counts what arrived. */
async function receiver() {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(200).end('ok');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    count: () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : 0;
};
const r2 = (x) => Math.round(x * 100) / 100;

/**
 * Waits until the relay has handed the webhook consumer every event committed so far, no delivery
 * of `ids` made since `since` waits, and the receiver has counted at least as many posts since
 * `receivedBefore` as deliveries were made (so a round is measured with its deliveries received,
 * not with a backlog the next round pays for). Answers the round's deliveries.
 */
async function drained(db, ids, since, sink, receivedBefore, timeoutMs = 300_000) {
  const started = Date.now();
  const last = (await db.query('select coalesce(max(position), 0) as p from domain_events')).rows[0].p;
  for (;;) {
    const { rows } = await db.query(
      `select (select position from domain_event_cursors where consumer = 'webhooks') >= $3::bigint as relayed,
         count(*)::int as made,
         count(*) filter (where status in ('PENDING', 'RETRYING'))::int as waiting
       from webhook_deliveries where subscription_id = any($1::uuid[]) and created_at >= $2`,
      [ids, since, last],
    );
    const r = rows[0];
    const received = sink.count() - receivedBefore;
    const done = r.relayed && r.waiting === 0 && received >= r.made;
    if (done || Date.now() - started > timeoutMs) return { ...r, received, timedOut: !done };
    await sleep(25);
  }
}

/** The lag from each event's commit to its delivery's answer, p50 and p99 (ms), of a round. */
async function lag(db, ids, since) {
  const { rows } = await db.query(
    `select (percentile_cont(0.5) within group (order by extract(epoch from d.delivered_at - e.created_at)) * 1000)::int as p50,
       (percentile_cont(0.99) within group (order by extract(epoch from d.delivered_at - e.created_at)) * 1000)::int as p99
     from webhook_deliveries d join domain_events e on e.id = d.event_id
     where d.subscription_id = any($1::uuid[]) and d.created_at >= $2 and d.status = 'SUCCEEDED'`,
    [ids, since],
  );
  return rows[0];
}

/**
 * The server must allow the receiver (STOCKROOM_WEBHOOK_ALLOW_HOSTS=127.0.0.1,
 * STOCKROOM_WEBHOOK_ALLOW_HTTP=1). Alternates rounds in one run: A (the five subscriptions paused)
 * and B (active), A B A B … A, each a fixed number of orderCreate calls at a fixed concurrency.
 * Every round lasts until its events are relayed and (B) every delivery is received, and counts the
 * server's statements and CPU (Node, its PostgreSQL backends) per order over all of it. Each B is
 * compared with the mean of the A before and the A after it (a drifting machine load moves both);
 * the medians of those comparisons are the result.
 * BENCH_WEBHOOK_ROUNDS (B rounds, default 5), BENCH_WEBHOOK_ORDERS (calls a round, default 300),
 * BENCH_WEBHOOK_CONNECTIONS (default 16).
 */
export async function webhookBench({ gql, cookie, base, db, probe }) {
  const pairs = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 5);
  const amount = Number(process.env.BENCH_WEBHOOK_ORDERS ?? 300);
  const connections = Number(process.env.BENCH_WEBHOOK_CONNECTIONS ?? 16);
  const sink = await receiver();
  // A run cut short may have left its subscriptions (pointing at a receiver long gone).
  await db.query(`delete from webhook_subscriptions where url like 'http://127.0.0.1:%'`);
  const ids = [];
  const uuids = [];
  for (const topic of TOPICS) {
    const { body } = await gql(CREATE, { input: { topic, url: `${sink.url}/${topic.toLowerCase()}` } });
    const made = body.data?.webhookSubscriptionCreate;
    if (!made || made.userErrors.length) throw new Error(`webhook bench: ${JSON.stringify(body)}`);
    ids.push(made.webhookSubscription.id);
    uuids.push(
      made.webhookSubscription.id.replace(/^whs_/, '').replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-'),
    );
  }
  const setAll = async (status) => {
    for (const id of ids) {
      const { body } = await gql(SET_STATUS, { id, status });
      if (body.errors || body.data.webhookSubscriptionUpdate.userErrors.length)
        throw new Error(`webhook bench: ${JSON.stringify(body)}`);
    }
  };
  const create = (n) =>
    contendedOrderCreate({
      gql,
      cookie,
      base,
      db,
      probe,
      amount: n,
      connections,
      watch: false,
      scarce: false,
    });

  /** One round: its orders, then until everything it caused is relayed and received. */
  async function round(side) {
    await setAll(side === 'B' ? 'ACTIVE' : 'PAUSED');
    const since = (await db.query('select now() as t')).rows[0].t;
    const receivedBefore = sink.count();
    const before = await sample(probe);
    const started = performance.now();
    const r = await create(amount);
    const requestsDone = performance.now();
    const d = await drained(db, uuids, since, sink, receivedBefore);
    const ended = performance.now();
    const after = await sample(probe);
    const orders = Math.max(1, r.orders);
    return {
      side,
      orders: r.orders,
      errors: r.errors,
      oversold: r.oversold,
      ordersPerSecond: r2(r.ordersPerSecond),
      p50: r.p50,
      p99: r.p99,
      // Until the relay caught up and (B) every delivery was received.
      drainMs: Math.round(ended - requestsDone),
      ordersPerSecondDrained: r2(orders / ((ended - started) / 1000)),
      statements: r2((after.statements - before.statements) / orders),
      nodeCpuMs: r2(((after.nodeTicks - before.nodeTicks) * 10) / orders),
      pgCpuMs: r2((pgTicksBetween(before, after) * 10) / orders),
      deliveries: d.made,
      received: d.received,
      timedOut: d.timedOut,
      ...(side === 'B' ? { lag: await lag(db, uuids, since) } : {}),
      load1: r2(os.loadavg()[0]),
    };
  }

  const loadBefore = os.loadavg().map(r2);
  // Warm-up (JIT, pools, the relay's statements), unmeasured: one of each.
  await round('A');
  await round('B');
  const rounds = [];
  for (let i = 0; i < pairs; i++) for (const side of ['A', 'B']) rounds.push(await round(side));
  rounds.push(await round('A'));
  for (const r of rounds)
    console.log(
      `  webhooks ${r.side}: ${r.orders} orders, ${r.ordersPerSecond} orders/s (p50 ${r.p50} ms), drained +${r.drainMs} ms; per order ${r.statements} statements, Node ${r.nodeCpuMs} ms, PG ${r.pgCpuMs} ms CPU${r.side === 'B' ? `; ${r.deliveries} deliveries, ${r.received} received, lag p50 ${r.lag.p50} p99 ${r.lag.p99} ms` : ''}; load ${r.load1}`,
    );
  const loadAfter = os.loadavg().map(r2);
  await db.query(`delete from webhook_subscriptions where id = any($1::uuid[])`, [uuids]);
  await sink.close();

  // Each B against the mean of its neighbouring A rounds.
  const comparisons = [];
  for (let i = 1; i < rounds.length; i += 2) {
    const [a1, b, a2] = [rounds[i - 1], rounds[i], rounds[i + 1]];
    const a = (field) => (a1[field] + a2[field]) / 2;
    comparisons.push({
      ratio: b.ordersPerSecond / a('ordersPerSecond'),
      ratioDrained: b.ordersPerSecondDrained / a('ordersPerSecondDrained'),
      statements: b.statements - a('statements'),
      nodeCpuMs: b.nodeCpuMs - a('nodeCpuMs'),
      pgCpuMs: b.pgCpuMs - a('pgCpuMs'),
    });
  }
  const med = (field) => median(comparisons.map((c) => c[field]));
  const slower = (ratio) => Math.round((1 - ratio) * 1000) / 10;
  const bs = rounds.filter((r) => r.side === 'B');
  const of = (side, field) => r2(median(rounds.filter((r) => r.side === side).map((r) => r[field])));
  const sent = bs.reduce((s, r) => s + r.received, 0);
  return {
    subscriptions: TOPICS.length,
    ordersPerRound: amount,
    connections,
    rounds,
    // Median over the B rounds of (B / mean of its neighbouring A rounds).
    slowerPercent: slower(med('ratio')),
    slowerPercentRounds: comparisons.map((c) => slower(c.ratio)),
    slowerPercentDrained: slower(med('ratioDrained')),
    extraPerOrder: {
      statements: r2(med('statements')),
      nodeCpuMs: r2(med('nodeCpuMs')),
      pgCpuMs: r2(med('pgCpuMs')),
    },
    perOrder: Object.fromEntries(
      ['A', 'B'].map((side) => [
        side,
        {
          ordersPerSecond: of(side, 'ordersPerSecond'),
          statements: of(side, 'statements'),
          nodeCpuMs: of(side, 'nodeCpuMs'),
          pgCpuMs: of(side, 'pgCpuMs'),
        },
      ]),
    ),
    deliveriesMade: bs.reduce((s, r) => s + r.deliveries, 0),
    deliveriesReceived: sent,
    // Received over the B rounds' whole time (orders placed meanwhile).
    deliveriesPerSecond: r2(sent / bs.reduce((s, r) => s + r.orders / r.ordersPerSecondDrained, 0)),
    lagP50Ms: median(bs.map((r) => r.lag.p50 ?? 0)),
    lagP99Ms: Math.max(...bs.map((r) => r.lag.p99 ?? 0)),
    timedOut: rounds.some((r) => r.timedOut),
    load: { before: loadBefore, after: loadAfter },
  };
}
