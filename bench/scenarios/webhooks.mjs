// Issue #30's figures: webhook deliveries per second to a local receiver, and orderCreate with five
// subscriptions on beside none (alternated in one run; target ≤ 5 % slower with them on).
import http from 'node:http';
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

/**
 * Waits until the relay has handed the webhook consumer every event committed so far and no
 * delivery of `ids` is left to send; answers the deliveries sent since `since` and the seconds
 * from the first event to the last delivery.
 */
async function drained(db, ids, since, timeoutMs = 300_000) {
  const started = Date.now();
  const last = (await db.query('select coalesce(max(position), 0) as p from domain_events')).rows[0].p;
  for (;;) {
    const { rows } = await db.query(
      `select (select position from domain_event_cursors where consumer = 'webhooks') >= $3::bigint as relayed,
         count(*) filter (where d.status in ('PENDING', 'RETRYING'))::int as waiting,
         count(*) filter (where d.status = 'SUCCEEDED')::int as sent,
         extract(epoch from max(d.delivered_at) - $2::timestamptz)::float as span,
         (percentile_cont(0.5) within group (order by extract(epoch from d.delivered_at - e.created_at))
           filter (where d.status = 'SUCCEEDED') * 1000)::int as lag_p50,
         (percentile_cont(0.99) within group (order by extract(epoch from d.delivered_at - e.created_at))
           filter (where d.status = 'SUCCEEDED') * 1000)::int as lag_p99
       from webhook_deliveries d left join domain_events e on e.id = d.event_id
       where d.subscription_id = any($1::uuid[]) and d.created_at >= $2`,
      [ids, since, last],
    );
    const r = rows[0];
    const done = r.relayed && r.waiting === 0;
    if (done || Date.now() - started > timeoutMs) return { ...r, timedOut: !done };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The server must allow the receiver (STOCKROOM_WEBHOOK_ALLOW_HOSTS=127.0.0.1,
 * STOCKROOM_WEBHOOK_ALLOW_HTTP=1). Runs orderCreate with the subscriptions paused and active,
 * alternately; after each active run, waits for the deliveries to drain and times them.
 */
export async function webhookBench({ gql, cookie, base, db, seconds, probe }) {
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
  const create = (s) => contendedOrderCreate({ gql, cookie, base, db, seconds: s, probe });
  const runs = [];
  const deliveries = [];
  // Warm-up (JIT, pools), unmeasured; then off, on, off, on.
  await setAll('PAUSED');
  await create(2);
  for (const side of ['off', 'on', 'off', 'on']) {
    await setAll(side === 'on' ? 'ACTIVE' : 'PAUSED');
    const since = (await db.query('select now() as t')).rows[0].t;
    const before = await sample(probe);
    const r = await create(seconds);
    // Both sides wait until the relay has caught up (and, active, every delivery is sent), so the
    // CPU per order counts the orders' deliveries too, not only the requests: the steadier figure
    // on a shared machine, where another process's load moves orders/s.
    const d = await drained(db, uuids, since);
    const after = await sample(probe);
    const orders = Math.max(1, Math.round(r.ordersPerSecond * seconds));
    const perOrder = (x) => Math.round((x * 100) / orders) / 100;
    runs.push({
      subscriptions: side,
      ...r,
      withDeliveries: {
        statements: perOrder(after.statements - before.statements),
        nodeCpuMs: perOrder((after.nodeTicks - before.nodeTicks) * 10),
        pgCpuMs: perOrder(pgTicksBetween(before, after) * 10),
      },
    });
    const w = runs.at(-1).withDeliveries;
    console.log(
      `  webhooks ${side}: ${r.ordersPerSecond.toFixed(1)} orders/s, p50 ${r.p50} ms; per order with its deliveries: ${w.statements} statements, Node ${w.nodeCpuMs} ms, PG ${w.pgCpuMs} ms CPU${side === 'on' ? `; ${d.sent} deliveries, lag p50 ${d.lag_p50} p99 ${d.lag_p99} ms` : ''}`,
    );
    if (side === 'on') deliveries.push({ ...d, perSecond: d.span > 0 ? d.sent / d.span : 0 });
  }
  await db.query(`delete from webhook_subscriptions where id = any($1::uuid[])`, [uuids]);
  await sink.close();
  const mean = (side) => {
    const of = runs.filter((r) => r.subscriptions === side);
    return of.reduce((sum, r) => sum + r.ordersPerSecond, 0) / of.length;
  };
  const r1 = (x) => Math.round(x * 10) / 10;
  const cpu = (side, field) => {
    const of = runs.filter((r) => r.subscriptions === side);
    return Math.round((of.reduce((sum, r) => sum + r.withDeliveries[field], 0) / of.length) * 100) / 100;
  };
  const sent = deliveries.reduce((s, d) => s + d.sent, 0);
  const span = deliveries.reduce((s, d) => s + d.span, 0);
  return {
    subscriptions: TOPICS.length,
    runs,
    offOrdersPerSecond: r1(mean('off')),
    onOrdersPerSecond: r1(mean('on')),
    dropPercent: r1((1 - mean('on') / mean('off')) * 100),
    // Per order placed, from the run's start until its events are relayed and its deliveries sent.
    perOrder: Object.fromEntries(
      ['off', 'on'].map((side) => [
        side,
        {
          statements: cpu(side, 'statements'),
          nodeCpuMs: cpu(side, 'nodeCpuMs'),
          pgCpuMs: cpu(side, 'pgCpuMs'),
        },
      ]),
    ),
    deliveriesSent: sent,
    deliveriesPerSecond: r1(span > 0 ? sent / span : 0),
    // From the event's commit to the receiver's answer (the worse of the active runs).
    lagP50Ms: Math.max(...deliveries.map((d) => d.lag_p50 ?? 0)),
    lagP99Ms: Math.max(...deliveries.map((d) => d.lag_p99 ?? 0)),
    received: sink.count(),
    timedOut: deliveries.some((d) => d.timedOut),
  };
}
