// The order scenarios of ARCHITECTURE §6: the order list (newest first, and a working tab, paged),
// the order page, and orderCreate racing for the same few variants.
import autocannon from 'autocannon';
import pg from 'pg';
import { pgTicksBetween, sample } from '../lib/probe.mjs';
import { pagesOf } from './paging.mjs';

export const ORDER_LIST = `query Orders($query: String, $first: Int, $after: String) {
  orders(first: $first, query: $query, after: $after) {
  nodes { id name createdAt status paymentStatus fulfillmentStatus customerName itemsCount
    customer { id displayName email }
    total { amount currencyCode }
    lines { id productTitle variantTitle sku quantity unitPrice { amount } } }
  pageInfo { hasNextPage endCursor } count { value precision } } }`;

// What the admin's order page asks for (features/orders/api/order-fields-fragment.ts).
export const ORDER_DETAIL = `query Order($id: ID!) { order(id: $id) {
  id number name status paymentStatus fulfillmentStatus availableActions email phone customerName
  customer { id displayName email ordersCount totalSpent { amount currencyCode } state }
  currencyCode subtotal { amount } shippingTotal { amount } taxTotal { amount } discountTotal { amount }
  total { amount } totalPaid { amount } totalRefunded { amount } outstanding { amount } totalCapturable { amount }
  itemsCount pricesIncludeTax
  lines { id productTitle variantTitle sku imageUrl productId variantId unitPrice { amount }
    quantity discount { amount } fulfilledQuantity refundedQuantity unfulfilledQuantity location { id name } }
  shippingAddress { firstName lastName company line1 line2 city region postalCode countryCode countryName phone }
  billingAddress { firstName lastName line1 city countryCode }
  shippingLine { name price { amount } discount { amount } tax { amount } }
  discountCode
  transactions { id kind status amount { amount } gateway reference actorName createdAt }
  fulfillments { id name status location { id name } carrier trackingNumber trackingUrl
    lines { line { id } quantity } createdAt cancelledAt }
  tags note source cancelledAt cancelReason closedAt createdAt updatedAt version
  timeline(first: 50) { id kind message actorName createdAt } } }`;

const CREATE = `mutation Create($input: OrderCreateInput!) { orderCreate(input: $input) {
  order { id name total { amount } } userErrors { field code message } } }`;

/** The read scenarios, each with its raw baseline: the order list paged and filtered, and the order page. */
export async function orderScenarios(gql) {
  const list = await pagesOf(
    gql,
    'orders',
    ORDER_LIST,
    [null, 'status:open fulfillment_status:unfulfilled'],
    10,
  );
  const { body } = await gql(`{ orders(first: 40, query: "status:open") { nodes { id } } }`);
  return [
    {
      key: 'order-list',
      name: 'order list, 50 rows with lines, customer and totals (newest first, and a working tab; paged)',
      document: ORDER_LIST,
      raw: '/orders',
      variables: list,
    },
    {
      key: 'order-detail',
      name: 'order page (the admin order document)',
      document: ORDER_DETAIL,
      raw: '/order-detail',
      variables: body.data.orders.nodes.map((o) => ({ id: o.id })),
    },
  ];
}

const OVERSOLD = `select count(*)::int as n from inventory_levels l join product_variants v on v.id = l.variant_id
  where v.track_inventory and not v.allow_backorder and l.committed > l.on_hand`;

/**
 * orderCreate at 16 connections on four variants: three with ample stock (every order takes one of
 * them, so all orders queue on the same level rows) and one scarce, in every fourth order, which
 * runs out during the run. Afterwards: orders placed per second, and proof nothing was oversold —
 * no level of a variant without backorder has more committed than on hand, and the scarce variant
 * sold at most what it had.
 */
export async function contendedOrderCreate({
  gql,
  cookie,
  base,
  db,
  seconds,
  probe,
  amount = null,
  connections = 16,
  watch = true,
  runOut = true,
}) {
  const { rows: picks } = await db.query(`
    select v.id, l.location_id, l.on_hand - l.committed as available
    from product_variants v join products p on p.id = v.product_id
    join inventory_levels l on l.variant_id = v.id join locations loc on loc.id = l.location_id
    where p.status = 'ACTIVE' and v.track_inventory and not v.allow_backorder and loc.active
      and loc.fulfillment_priority = (select min(fulfillment_priority) from locations where active)
      and l.on_hand - l.committed between 20 and 200
    order by v.id limit 4`);
  if (picks.length < 4) throw new Error('orderCreate bench: not enough stocked variants');
  const gidOf = (prefix, uuid) => `${prefix}_${uuid.replace(/-/g, '')}`;
  const [scarce, ...hot] = picks;
  const adjust = await gql(
    `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
    {
      input: {
        reason: 'RECEIVED',
        note: 'bench: stock for the orderCreate race',
        // With runOut: false the scarce variant is stocked too, and every call places an order: rounds of the
        // webhook bench then do the same work each.
        changes: (runOut ? hot : picks).map((h) => ({
          variantId: gidOf('var', h.id),
          locationId: gidOf('loc', h.location_id),
          delta: 1_000_000,
        })),
      },
    },
    cookie,
  );
  if (adjust.body.errors || adjust.body.data.inventoryAdjust.userErrors.length)
    throw new Error(`orderCreate bench: ${JSON.stringify(adjust.body)}`);
  const scarceBefore = (
    await db.query(`select sum(on_hand - committed)::int as n from inventory_levels where variant_id = $1`, [
      scarce.id,
    ])
  ).rows[0].n;
  const body = (lines) =>
    JSON.stringify({
      query: CREATE,
      variables: { input: { lines, payment: { kind: 'SALE' }, tags: ['bench'] } },
    });
  const bodies = [0, 1, 2, 3].map((i) =>
    body([
      { variantId: gidOf('var', hot[i % 3].id), quantity: 1 },
      i === 3
        ? { variantId: gidOf('var', scarce.id), quantity: 1 }
        : { variantId: gidOf('var', hot[(i + 1) % 3].id), quantity: 1 },
    ]),
  );
  const startedAt = (await db.query('select now() as t')).rows[0].t;
  let n = 0;
  const before = await sample(probe);
  const watching = watch ? watchBackends(probe) : null;
  const started = performance.now();
  const result = await autocannon({
    url: `${base}/graphql`,
    connections,
    // A fixed number of calls (the webhook bench's rounds) or a fixed time.
    ...(amount ? { amount } : { duration: seconds }),
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-stockroom-csrf': '1', cookie },
    requests: [{ setupRequest: (req) => ({ ...req, body: bodies[n++ % 4] }) }],
  });
  const elapsed = (performance.now() - started) / 1000;
  const backends = (await watching?.stop()) ?? { waiting: 0, inTransaction: 0 };
  const after = await sample(probe);
  const { rows } = await db.query(
    `select count(*)::int as orders, coalesce(sum(l.quantity) filter (where l.variant_id = $2), 0)::int as scarce_sold
     from orders o left join order_lines l on l.order_id = o.id and l.variant_id = $2
     where o.created_at >= $1 and 'bench' = any(o.tags)`,
    [startedAt, scarce.id],
  );
  const oversold = (await db.query(OVERSOLD)).rows[0].n;
  const { orders, scarce_sold: scarceSold } = rows[0];
  const requests = result.requests.total || 1;
  const round = (x) => Math.round(x * 100) / 100;
  const span = amount ? elapsed : seconds;
  return {
    name: `orderCreate, ${connections} connections racing for 4 variants (one runs out: ${scarceSold} of ${scarceBefore} sold)`,
    target: '≥ 300 orders/s, zero oversell',
    rps: result.requests.average,
    ordersPerSecond: orders / span,
    orders,
    requests,
    seconds: round(span),
    p50: result.latency.p50,
    p95: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    oversold: oversold + (scarceSold > scarceBefore ? 1 : 0),
    statements: round((after.statements - before.statements) / requests),
    nodeCpuMs: round(((after.nodeTicks - before.nodeTicks) * 10) / requests),
    pgCpuMs: round((pgTicksBetween(before, after) * 10) / requests),
    // Little's law: backends waiting on a lock on average over the run, divided by the rate.
    lockWaiting: round(backends.waiting),
    lockWaitMs: round((backends.waiting / (requests / span)) * 1000),
    inTransaction: round(backends.inTransaction),
  };
}

/**
 * Samples the server's backends every few milliseconds on a connection of its own: how many wait on
 * a lock, how many are inside a transaction (averages over the samples).
 */
function watchBackends(probe) {
  const client = new pg.Client({ connectionString: probe.dbUrl });
  let running = true;
  let samples = 0;
  let waiting = 0;
  let inTransaction = 0;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query(
        `select count(*) filter (where wait_event_type = 'Lock')::int as waiting,
           count(*) filter (where xact_start is not null)::int as in_transaction
         from pg_stat_activity where application_name = $1 and datname = $2`,
        [probe.appName, probe.dbName],
      );
      samples++;
      waiting += rows[0].waiting;
      inTransaction += rows[0].in_transaction;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { waiting: waiting / (samples || 1), inTransaction: inTransaction / (samples || 1) };
    },
  };
}
