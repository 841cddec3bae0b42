import { type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../helpers.js';
import {
  childEnv,
  createTestDatabase,
  ensureServerBuilt,
  killChildren,
  signedInTo,
  ownsLocalPort,
  startChildServer,
  type ChildServer,
} from '../../support/child-server.js';
import { gql } from '../../support/order-fixtures.js';
import { RedisServer } from '../../support/redis-server.js';
import { CREATE, WebhookReceiver } from '../../support/webhook-receiver.js';

const postgresUrl = process.env['TEST_DATABASE_URL'];
const PRODUCT = `mutation($input: ProductInput!) { productCreate(input: $input) { product { id } userErrors { message } } }`;
/** The sender's lease in this test (STOCKROOM_WEBHOOK_LEASE_SECONDS; 60 by default, 10 the least). */
const LEASE_SECONDS = 10;

interface DeliveryRow {
  event_id: string;
  status: string;
  attempts: number;
  locked_until: Date | null;
  delivered_at: Date | null;
}

/**
 * Issue #30 on PostgreSQL with two real server processes (`dist/main.js start`) on one database and
 * one Redis, and one local receiver: every event is delivered once, from either instance, and the
 * deliveries an instance held when it was killed (SIGKILL) are sent by the other once their lease
 * ends; none is lost.
 */
describe.skipIf(!postgresUrl)('webhooks across two server instances on PostgreSQL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-webhooks-instances-'));
  const children: ChildProcess[] = [];
  const receiver = new WebhookReceiver();
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let redis: RedisServer;
  let pool: pg.Pool;
  let a: ChildServer;
  let b: ChildServer;
  let onA: Client;
  let onB: Client;
  let subscriptionId = '';

  beforeAll(async () => {
    ensureServerBuilt();
    database = await createTestDatabase(postgresUrl!, 'stockroom_test_webhooks');
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    redis = await RedisServer.start();
  });

  afterAll(async () => {
    killChildren(children);
    await receiver.close();
    await pool?.end();
    await database?.drop();
    await redis?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = (): Promise<ChildServer> =>
    startChildServer(
      children,
      {
        ...childEnv({ databaseUrl: database.url, dataDir }),
        REDIS_URL: redis.url,
        STOCKROOM_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
        STOCKROOM_WEBHOOK_ALLOW_HTTP: '1',
        STOCKROOM_WEBHOOK_LEASE_SECONDS: String(LEASE_SECONDS),
      },
      // A loaded machine starts two servers slowly.
      180_000,
    );

  async function makeProducts(client: Client, tag: string, n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      const made = (await gql(client, PRODUCT, { input: { title: `${tag} ${i}` } })).productCreate;
      expect(made.userErrors).toEqual([]);
    }
  }

  async function deliveries(): Promise<DeliveryRow[]> {
    const { rows } = await pool.query<DeliveryRow>(
      `select event_id, status, attempts, locked_until, delivered_at from webhook_deliveries
       where subscription_id = $1 order by event_position`,
      [subscriptionId],
    );
    return rows;
  }

  /** Waits until the subscription has `n` deliveries, all delivered. */
  async function allDelivered(n: number, ms: number): Promise<DeliveryRow[]> {
    const until = Date.now() + ms;
    for (;;) {
      const rows = await deliveries();
      if (rows.length === n && rows.every((r) => r.status === 'SUCCEEDED')) return rows;
      if (Date.now() > until)
        throw new Error(
          `${rows.filter((r) => r.status === 'SUCCEEDED').length} of ${n} delivered (${rows.length} made)`,
        );
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  const eventIdsReceived = () => receiver.received.map((r) => r.headers['x-stockroom-event-id'] as string);

  it('100 events made on either instance are each delivered once', async () => {
    [a, b] = [await start(), await start()];
    [onA, onB] = [await signedInTo(a.url), await signedInTo(b.url)];
    const base = await receiver.start();
    const made = (await gql(onA, CREATE, { input: { topic: 'PRODUCTS_CREATE', url: `${base}/hook` } }))
      .webhookSubscriptionCreate;
    expect(made.userErrors).toEqual([]);
    subscriptionId = (await pool.query<{ id: string }>('select id from webhook_subscriptions')).rows[0]!.id;

    await Promise.all([makeProducts(onA, 'Made on A', 50), makeProducts(onB, 'Made on B', 50)]);
    const rows = await allDelivered(100, 60_000);
    await receiver.waitFor(100);
    // Each event once: received once, one delivery of one attempt.
    const received = eventIdsReceived();
    expect(received).toHaveLength(100);
    expect(new Set(received)).toEqual(new Set(rows.map((r) => r.event_id)));
    expect(rows.every((r) => r.attempts === 1 && r.locked_until === null)).toBe(true);
    const { rows: attempts } = await pool.query<{ n: number }>(
      `select count(*)::int as n from webhook_delivery_attempts t
       join webhook_deliveries d on d.id = t.delivery_id where d.subscription_id = $1`,
      [subscriptionId],
    );
    expect(attempts[0]!.n).toBe(100);
    // Both instances made products: the titles say where.
    const titles = receiver.received.map((r) => String(r.body.title));
    expect(titles.filter((t) => t.startsWith('Made on A'))).toHaveLength(50);
    expect(titles.filter((t) => t.startsWith('Made on B'))).toHaveLength(50);
  }, 180_000);

  it('deliveries an instance held when it was killed are sent by the other after the lease', async () => {
    receiver.received.length = 0;
    // The receiver holds every request until A has one in flight; then A is killed and all answered.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const fromA: number[] = [];
    receiver.answer = async (_n, r) => {
      if (ownsLocalPort(a.child.pid!, r.remotePort)) fromA.push(r.remotePort);
      await released;
      return 200;
    };
    // A's request cut off by the kill fails: caught at once (caught later, vitest reports it as an
    // unhandled rejection).
    const making = makeProducts(onA, 'Second batch', 50).catch(() => undefined);
    const until = Date.now() + 30_000;
    while (!fromA.length && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(fromA.length, 'A sent nothing of the second batch').toBeGreaterThan(0);
    a.child.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await a.exited()).toBeNull();
    receiver.answer = () => 200;
    release();
    // The products A had not made yet are made on B.
    await making;
    const { rows: madeOnA } = await pool.query<{ n: number }>(
      `select count(*)::int as n from products where title like 'Second batch %'`,
    );
    await makeProducts(onB, 'Second batch on B', 50 - madeOnA[0]!.n);

    // B records what it sent; what stays taken (and unsent) is what A held when it died.
    await new Promise((r) => setTimeout(r, 1_000));
    const held = (await deliveries()).filter(
      (r) => r.status === 'PENDING' && r.locked_until !== null && r.locked_until.getTime() > Date.now(),
    );
    expect(held.length, 'A held no deliveries when it was killed').toBeGreaterThan(0);

    const rows = await allDelivered(150, 90_000);
    const second = rows.slice(100);
    expect(second.every((r) => r.status === 'SUCCEEDED' && r.attempts === 1)).toBe(true);
    // None lost: every event of the batch reached the receiver (A's held ones twice at the most:
    // A's request, cut off by the kill, then B's).
    const received = eventIdsReceived();
    expect(new Set(received)).toEqual(new Set(second.map((r) => r.event_id)));
    const counts = new Map<string, number>();
    for (const id of received) counts.set(id, (counts.get(id) ?? 0) + 1);
    const heldIds = new Set(held.map((r) => r.event_id));
    for (const [id, n] of counts) expect(n, id).toBeLessThanOrEqual(heldIds.has(id) ? 2 : 1);
    // A's were sent by B only once their lease ended.
    for (const h of held) {
      const row = second.find((r) => r.event_id === h.event_id)!;
      expect(row.delivered_at!.getTime()).toBeGreaterThanOrEqual(h.locked_until!.getTime());
    }
    expect(Math.max(...second.map((r) => r.delivered_at!.getTime())) - killedAt).toBeLessThan(
      (LEASE_SECONDS + 30) * 1000,
    );
    b.child.kill('SIGTERM');
    expect(await b.exited()).toBe(0);
  }, 240_000);
});
