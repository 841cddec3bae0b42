// A storefront keeping its stock in sync with Stockroom through webhooks (README "Webhooks").
//
//   STOCKROOM_URL=http://localhost:4000 STOCKROOM_TOKEN=… PUBLIC_URL=https://shop.example/hooks \
//     node examples/storefront-sync.mjs
//
// It uses an API token with CATALOG_READ: reads every stock level once, subscribes to
// INVENTORY_LEVELS_UPDATE, and from then on applies each signed delivery. A delivery can come twice
// (drop it by its event id) and a level's deliveries arrive in the order they committed; the level's
// `version` guards against an old copy all the same. On stop it deletes its subscription.
import { verifyWebhook } from './verify-webhook.mjs';
import http from 'node:http';

const LEVELS = `query Levels($after: String) {
  inventoryLevels(first: 250, after: $after) {
    nodes { id available onHand version variant { id sku } location { id } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const SUBSCRIBE = `mutation Subscribe($input: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(input: $input) {
    webhookSubscription { id } secret userErrors { field message }
  }
}`;
const UNSUBSCRIBE = `mutation Unsubscribe($id: ID!) {
  webhookSubscriptionDelete(id: $id) { userErrors { message } }
}`;

/** One GraphQL call with the token; throws on an error or a userError, in the server's words. */
async function graphql(api, token, query, variables = {}) {
  const response = await fetch(new URL('/graphql', api), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  const [payload] = Object.values(body.data);
  const problems = payload?.userErrors ?? [];
  if (problems.length) throw new Error(problems.map((e) => e.message).join('; '));
  return body.data;
}

/**
 * Starts the storefront's receiver and subscription. `publicUrl(port)` is the address Stockroom
 * posts to (on one machine, http://127.0.0.1:<port>/hooks).
 * Answers `stock` (level id → { sku, locationId, available, onHand, version }), counters, and stop().
 */
export async function startStorefront({ api, token, publicUrl, port = 0, log = () => {} }) {
  const stock = new Map();
  const seen = new Set();
  const counts = { delivered: 0, duplicates: 0, rejected: 0, stale: 0 };
  let secret = null;
  let loaded = false;
  const pending = [];

  const apply = (level) => {
    const known = stock.get(level.id);
    if (known && known.version >= level.version) {
      counts.stale += 1;
      return;
    }
    stock.set(level.id, {
      sku: level.variant?.sku ?? null,
      locationId: level.location?.id ?? null,
      available: level.available,
      onHand: level.onHand,
      version: level.version,
    });
    log(`${level.variant?.sku ?? level.id}: ${level.available} available`);
  };

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      if (!secret || !verifyWebhook(raw, req.headers['x-stockroom-hmac-sha256'], secret)) {
        counts.rejected += 1;
        res.writeHead(401).end('bad signature');
        return;
      }
      const eventId = String(req.headers['x-stockroom-event-id']);
      if (seen.has(eventId)) counts.duplicates += 1;
      else {
        seen.add(eventId);
        counts.delivered += 1;
        const level = JSON.parse(raw.toString('utf8'));
        // Deliveries that arrive while the first read runs wait for it.
        if (loaded) apply(level);
        else pending.push(level);
      }
      res.writeHead(200).end('ok');
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = publicUrl(server.address().port);

  // Subscribe first, then read: a change committed in between arrives as a delivery, and the
  // version check keeps whichever copy is newer.
  const created = await graphql(api, token, SUBSCRIBE, {
    input: { topic: 'INVENTORY_LEVELS_UPDATE', url, format: 'JSON' },
  });
  secret = created.webhookSubscriptionCreate.secret;
  const subscriptionId = created.webhookSubscriptionCreate.webhookSubscription.id;
  for (let after = null; ;) {
    const page = (await graphql(api, token, LEVELS, { after })).inventoryLevels;
    for (const level of page.nodes) apply(level);
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  loaded = true;
  for (const level of pending.splice(0)) apply(level);

  return {
    stock,
    counts,
    subscriptionId,
    async stop() {
      await graphql(api, token, UNSUBSCRIBE, { id: subscriptionId }).catch(() => undefined);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// Run as a script: keep a storefront's stock in sync until Ctrl-C.
if (import.meta.url === `file://${process.argv[1]}`) {
  const api = process.env.STOCKROOM_URL ?? 'http://localhost:4000';
  const token = process.env.STOCKROOM_TOKEN;
  if (!token) {
    console.error('Set STOCKROOM_TOKEN to an API token with CATALOG_READ.');
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 4100);
  const base = process.env.PUBLIC_URL;
  const shop = await startStorefront({
    api,
    token,
    port,
    publicUrl: (p) => base ?? `http://127.0.0.1:${p}/hooks`,
    log: (line) => console.log(line),
  });
  console.log(`Listening on port ${port}; ${shop.stock.size} stock levels loaded.`);
  process.on('SIGINT', () => void shop.stop().then(() => process.exit(0)));
}
