// Issue #28 §4: the live fan-out. Opens SSE subscriptions (orderCreated, the admin's document) on
// one server, places orders at a steady pace and times every delivery to every subscriber, from the
// moment the orderCreate answer came back (it commits before it answers) to the event's arrival.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { cpuTicks, rssMb } from '../lib/probe.mjs';

// What the admin's toast subscribes with (apps/admin: OrderCreatedLive).
const ORDER_CREATED = `subscription OrderCreatedLive { orderCreated { eventId byYou actorName order { id name } } }`;

const CREATE = `mutation Create($input: OrderCreateInput!) { orderCreate(input: $input) {
  order { id } userErrors { field code message } } }`;

/** The limit of live-hub.ts (STREAMS_PER_STAFF): each token opens at most this many streams. */
const STREAMS_PER_OWNER = 10;

function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * One graphql-sse stream (distinct connections: POST with Accept: text/event-stream) over
 * node:http, parsed as it arrives. `onNext(data, at)` gets every `next` message's payload and the
 * performance.now() of its arrival. Resolves once the response has started.
 */
function openStream({ base, token, onNext, onEnd }) {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ query: ORDER_CREATED });
    const req = http.request(`${base}/graphql`, {
      method: 'POST',
      agent: false,
      headers: {
        accept: 'text/event-stream',
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        authorization: `Bearer ${token}`,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      if (res.statusCode !== 200 || !String(res.headers['content-type']).includes('text/event-stream')) {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => reject(new Error(`stream refused: ${res.statusCode} ${text.slice(0, 300)}`)));
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk) => {
        const at = performance.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data += line.slice(5).trim();
          }
          if (event === 'next' && data) onNext(JSON.parse(data), at);
          else if (event === 'complete') onEnd?.('complete');
        }
      });
      res.on('close', () => onEnd?.('closed'));
      resolve({ close: () => req.destroy() });
    });
    req.end(body);
  });
}

/**
 * `subscribers` streams (API tokens with ORDERS_READ, ten streams each: the per-owner limit), then
 * `orders` orders placed at `rate` a second (open loop, each on two variants with ample stock).
 * Answers delivery latency percentiles (from the mutation's answer, and from its sending, an upper
 * bound), deliveries a second, and the server's RSS before the streams, with them open and idle,
 * and at most during the fan-out.
 */
export async function sseFanOut({
  gql,
  base,
  db,
  pid,
  probePort,
  subscribers = 500,
  orders = 200,
  rate = 5,
}) {
  const statements = async () => (await (await fetch(`http://127.0.0.1:${probePort}/`)).json()).statements;
  const rssBefore = rssMb(pid);
  // Tokens: each opens STREAMS_PER_OWNER streams; revoked at the end.
  const tokens = [];
  for (let i = 0; i < Math.ceil(subscribers / STREAMS_PER_OWNER); i++) {
    const { body } = await gql(
      `mutation($input: ApiTokenInput!) { apiTokenCreate(input: $input) { token apiToken { id } userErrors { message } } }`,
      { input: { name: `bench live ${i + 1}`, permissions: ['ORDERS_READ'] } },
    );
    const made = body.data?.apiTokenCreate;
    if (!made?.token) throw new Error(`fan-out bench: no token: ${JSON.stringify(body)}`);
    tokens.push({ token: made.token, id: made.apiToken.id });
  }

  /** orderId → arrival times (performance.now()), one per stream that got it. */
  const arrivals = new Map();
  let wrong = 0;
  let firstWrong = null;
  let ended = 0;
  const onNext = (data, at) => {
    const id = data?.data?.orderCreated?.order?.id;
    if (data.errors || !id) {
      wrong++;
      firstWrong ??= JSON.stringify(data).slice(0, 300);
      return;
    }
    let list = arrivals.get(id);
    if (!list) arrivals.set(id, (list = []));
    list.push(at);
  };
  const streams = [];
  const opening = [];
  for (let i = 0; i < subscribers; i++) {
    opening.push(
      openStream({
        base,
        token: tokens[Math.floor(i / STREAMS_PER_OWNER)].token,
        onNext,
        onEnd: () => ended++,
      }).then((s) => streams.push(s)),
    );
    // 25 at a time: the opening is not what is measured.
    if (opening.length % 25 === 0) await Promise.all(opening.splice(0));
  }
  await Promise.all(opening);

  // Stock for the run, and the order every request places.
  const { rows: picks } = await db.query(`
    select v.id, l.location_id from product_variants v join products p on p.id = v.product_id
    join inventory_levels l on l.variant_id = v.id join locations loc on loc.id = l.location_id
    where p.status = 'ACTIVE' and v.track_inventory and not v.allow_backorder and loc.active
      and loc.fulfillment_priority = (select min(fulfillment_priority) from locations where active)
    order by v.id desc limit 2`);
  const gidOf = (prefix, uuid) => `${prefix}_${uuid.replace(/-/g, '')}`;
  const adjust = await gql(
    `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
    {
      input: {
        reason: 'RECEIVED',
        note: 'bench: stock for the live fan-out',
        changes: picks.map((p) => ({
          variantId: gidOf('var', p.id),
          locationId: gidOf('loc', p.location_id),
          delta: 100_000,
        })),
      },
    },
  );
  if (adjust.body.errors || adjust.body.data.inventoryAdjust.userErrors.length)
    throw new Error(`fan-out bench: ${JSON.stringify(adjust.body)}`);
  const input = {
    lines: picks.map((p) => ({ variantId: gidOf('var', p.id), quantity: 1 })),
    payment: { kind: 'SALE' },
    tags: ['bench', 'bench-live'],
  };
  let failed = 0;
  let firstFailure = null;
  const place = async () => {
    const sent = performance.now();
    const { body } = await gql(CREATE, { input });
    const answered = performance.now();
    const id = body.data?.orderCreate?.order?.id;
    if (!id) {
      failed++;
      firstFailure ??= JSON.stringify(body).slice(0, 300);
      return null;
    }
    return { id, sent, answered };
  };
  const waitFor = async (ids, ms) => {
    const until = performance.now() + ms;
    const complete = () => ids.every((id) => (arrivals.get(id)?.length ?? 0) >= subscribers);
    while (!complete() && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
    return complete();
  };

  // Warm-up: one order every stream must get (proves all are subscribed); not measured.
  const warm = await place();
  if (!warm) throw new Error(`fan-out bench: the warm-up order failed: ${firstFailure}`);
  if (!(await waitFor([warm.id], 20_000)))
    throw new Error(
      `fan-out bench: the warm-up order reached ${arrivals.get(warm.id)?.length ?? 0} of ${subscribers} streams (${wrong} bad messages: ${firstWrong})`,
    );
  await new Promise((r) => setTimeout(r, 1_000));
  const rssOpen = rssMb(pid);

  let rssMax = rssOpen;
  const rssTimer = setInterval(() => (rssMax = Math.max(rssMax, rssMb(pid) ?? 0)), 200);
  const placed = [];
  const ticksBefore = cpuTicks(pid);
  const statementsBefore = await statements();
  const started = performance.now();
  const pending = [];
  for (let i = 0; i < orders; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(place().then((p) => p && placed.push(p)));
  }
  await Promise.all(pending);
  const allArrived = await waitFor(
    placed.map((p) => p.id),
    120_000,
  );
  clearInterval(rssTimer);
  const nodeCpuMs = (cpuTicks(pid) - ticksBefore) * 10;
  const sent = (await statements()) - statementsBefore;

  const fromAnswer = [];
  const fromSent = [];
  let lastArrival = started;
  let delivered = 0;
  for (const p of placed) {
    for (const at of arrivals.get(p.id) ?? []) {
      fromAnswer.push(at - p.answered);
      fromSent.push(at - p.sent);
      lastArrival = Math.max(lastArrival, at);
      delivered++;
    }
  }
  fromAnswer.sort((a, b) => a - b);
  fromSent.sort((a, b) => a - b);
  const answers = placed.map((p) => p.answered - p.sent).sort((a, b) => a - b);
  const endedEarly = ended;
  for (const s of streams) s.close();
  for (const t of tokens)
    await gql(`mutation($id: ID!) { apiTokenRevoke(id: $id) { userErrors { message } } }`, { id: t.id });
  const round = (x) => (x === null ? null : Math.round(x * 10) / 10);
  return {
    subscribers,
    orders,
    rate,
    expected: placed.length * subscribers,
    failedOrders: failed,
    firstFailure,
    delivered,
    allArrived,
    badMessages: wrong,
    firstBad: firstWrong,
    streamsEnded: endedEarly,
    deliveriesPerSecond: Math.round(delivered / ((lastArrival - started) / 1000)),
    p50: round(percentile(fromAnswer, 50)),
    p99: round(percentile(fromAnswer, 99)),
    max: round(fromAnswer.at(-1) ?? null),
    min: round(fromAnswer[0] ?? null),
    fromSentP50: round(percentile(fromSent, 50)),
    fromSentP99: round(percentile(fromSent, 99)),
    orderCreateP50: round(percentile(answers, 50)),
    orderCreateP99: round(percentile(answers, 99)),
    // The server's CPU and statements per order placed: its orderCreate and that order's deliveries.
    nodeCpuMsPerOrder: round(nodeCpuMs / orders),
    statementsPerOrder: round(sent / orders),
    rssBeforeMb: rssBefore,
    rssOpenMb: rssOpen,
    rssMaxMb: rssMax,
  };
}
