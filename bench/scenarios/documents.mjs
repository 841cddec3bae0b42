// Issue #33: 250 packing slips (and the pick list of the same orders) over HTTP — time to the
// first byte and to the whole file, and the server's RSS sampled while it renders. Targets: first
// byte ≤ 2 s, whole file ≤ 10 s.
import { rssMb } from '../lib/probe.mjs';

const ORDERS = `query($q: String) { orders(first: 250, query: $q, sortKey: CREATED_AT, reverse: true) { nodes { id } } }`;

/** One download: seconds to the first body byte and to the last, its size, the highest RSS meanwhile. */
async function timed(url, cookie, pid) {
  let maxRss = rssMb(pid) ?? 0;
  const timer = setInterval(() => {
    maxRss = Math.max(maxRss, rssMb(pid) ?? 0);
  }, 25);
  try {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    const reader = res.body.getReader();
    let first = null;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      first ??= performance.now();
      bytes += value.length;
    }
    const ended = performance.now();
    return { firstByteMs: Math.round(first - started), wholeMs: Math.round(ended - started), bytes, maxRss };
  } finally {
    clearInterval(timer);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const VARIANTS = `{ productVariants(first: 50, query: "status:active") { nodes { id trackInventory allowBackorder } } }`;
const CREATE = `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { order { id } userErrors { message } } }`;
const OPEN = 'status:open -fulfillment_status:fulfilled';

/**
 * 250 open orders with something to ship: a small store has fewer, so the bench places the rest
 * once (tagged bench-documents, untracked or backordered variants: no stock is taken from others).
 */
async function printableOrders(gql) {
  let ids = (await gql(ORDERS, { q: OPEN })).body.data?.orders.nodes.map((n) => n.id) ?? [];
  if (ids.length >= 250) return ids;
  const variants = (await gql(VARIANTS)).body.data?.productVariants.nodes ?? [];
  const free = variants.filter((v) => !v.trackInventory || v.allowBackorder);
  const pick = free.length ? free : variants;
  for (let i = ids.length; i < 250; i++) {
    const lines = [0, 1, 2].map((k) => ({
      variantId: pick[(i * 3 + k) % pick.length].id,
      quantity: 1 + (k % 2),
    }));
    const { body } = await gql(CREATE, {
      input: {
        lines,
        tags: ['bench-documents'],
        email: `bench-documents-${i}@example.com`,
        shippingAddress: {
          firstName: 'Bench',
          lastName: `Buyer ${i}`,
          line1: '1 Test Street',
          city: 'Columbus',
          postalCode: '43004',
          countryCode: 'US',
        },
      },
    });
    const made = body.data?.orderCreate;
    if (!made?.order) break; // out of stock: print what there is
  }
  ids = (await gql(ORDERS, { q: OPEN })).body.data?.orders.nodes.map((n) => n.id) ?? [];
  return ids;
}

/** { gql, base, cookie, pid, rounds }: answers the median and worst figures of each document. */
export async function documentsBench({ gql, base, cookie, pid, rounds = 3 }) {
  const ids = await printableOrders(gql);
  if (!ids.length) throw new Error('documents bench: no open orders to print');
  const rssBeforeMb = rssMb(pid);
  const result = { orders: ids.length, rssBeforeMb };
  for (const [key, path] of [
    ['slips', '/documents/packing-slips.pdf'],
    ['pickList', '/documents/pick-list.pdf'],
  ]) {
    const url = `${base}${path}?orders=${ids.join(',')}`;
    await timed(url, cookie, pid); // warm-up: fonts read, code paths compiled
    const runs = [];
    for (let i = 0; i < rounds; i++) runs.push(await timed(url, cookie, pid));
    result[key] = {
      firstByteMs: median(runs.map((r) => r.firstByteMs)),
      wholeMs: median(runs.map((r) => r.wholeMs)),
      worstWholeMs: Math.max(...runs.map((r) => r.wholeMs)),
      megabytes: Math.round((runs[0].bytes / 2 ** 20) * 100) / 100,
      rssMaxMb: Math.max(...runs.map((r) => r.maxRss)),
    };
  }
  return result;
}
