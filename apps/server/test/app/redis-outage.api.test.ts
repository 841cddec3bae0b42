import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../helpers.js';
import { RedisServer } from '../support/redis-server.js';
import { startTestServer, type TestServer } from '../../src/testing.js';
import {
  SHOP,
  PASSWORD,
  EXTRA_MS,
  expectClean,
  post,
  login,
  readyz,
  eventually,
  capturedLog,
  keys,
  fiveWrongThenRight,
  THROTTLED_AFTER_FIVE,
} from '../support/redis-outage-client.js';

/**
 * Issue #26 §1.8: Redis holds only shared buckets (query cost, sign-in throttle). The test runs a
 * Redis of its own and kills it under running servers: the store keeps serving within normal time,
 * the sign-in throttle still refuses (per instance), /readyz says "degraded", the outage is logged
 * once, no answer carries a stack, and when Redis returns the shared buckets are used again.
 */
describe.each(DATABASES)('a Redis outage under one instance ($name)', ({ postgresUrl }) => {
  let redis: RedisServer;
  let server: TestServer;
  let logs: ReturnType<typeof capturedLog>;
  let cookie: string;
  /** Normal time with Redis up, to compare the outage with. */
  let normal: { shop: number; login: number };
  const fellBack: string[] = [];

  beforeAll(async () => {
    redis = await RedisServer.start();
    logs = capturedLog();
    server = await startTestServer({ postgresUrl, config: { redisUrl: redis.url }, log: logs.log });
    for (const email of ['before@example.com', 'during@example.com', 'after@example.com'])
      await server.createStaff({ email, name: email, password: PASSWORD, roleKeys: [] });
  });

  afterAll(async () => {
    await server?.close();
    await redis?.stop();
  });

  it('keeps its buckets in Redis while Redis is up', async () => {
    const signIn = await login(server.url, server.ownerEmail, server.ownerPassword);
    expect(signIn.code).toBeNull();
    cookie = signIn.cookie!;
    const shop = await post(server.url, SHOP, {}, cookie);
    expect(shop.body.data).toEqual({ shop: { name: expect.any(String) } });
    normal = { shop: shop.ms, login: signIn.ms };
    expect(await readyz(server.url)).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect(await keys(redis, 'stockroom:rate:staff:*')).toHaveLength(1);
    expect(await fiveWrongThenRight([server.url], server.url, 'before@example.com')).toEqual(
      THROTTLED_AFTER_FIVE,
    );
    expect((await keys(redis, 'stockroom:login:*:account-block:*')).length).toBeGreaterThan(0);
    expect(logs.saying('redis unreachable'), JSON.stringify(logs.lines.filter((l) => l.level >= 40))).toEqual(
      [],
    );
  });

  it('while Redis is down: sign-in and queries answer in normal time with data, the throttle still refuses, /readyz says degraded', async () => {
    await redis.stop();

    const shop = await post(server.url, SHOP, {}, cookie);
    expectClean(shop);
    expect(shop.status, shop.text).toBe(200);
    expect(shop.body.data).toEqual({ shop: { name: expect.any(String) } });
    expect(shop.ms).toBeLessThan(normal.shop + EXTRA_MS);
    fellBack.push(shop.requestId);

    const signIn = await login(server.url, server.ownerEmail, server.ownerPassword);
    expect(signIn.code).toBeNull();
    expect(signIn.body.data?.['login'].staff).toEqual({ email: server.ownerEmail });
    expect(signIn.ms).toBeLessThan(normal.login + EXTRA_MS);
    fellBack.push(signIn.requestId);
    const again = await post(server.url, SHOP, {}, signIn.cookie);
    expect(again.body.data).toEqual({ shop: { name: expect.any(String) } });
    fellBack.push(again.requestId);

    // Never "let everyone through": this instance counts the failures itself.
    expect(await fiveWrongThenRight([server.url], server.url, 'during@example.com')).toEqual(
      THROTTLED_AFTER_FIVE,
    );

    const ready = await readyz(server.url);
    expect(ready).toMatchObject({ status: 200, body: { status: 'degraded', redis: 'unreachable' } });
    expect(ready.ms).toBeLessThan(EXTRA_MS);

    // Logged once for the outage, not once per request.
    expect(logs.saying('redis unreachable')).toHaveLength(1);
    expect(logs.lines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('recovers by itself when Redis returns: /readyz ready, the outage logged as over with its requests, shared buckets again', async () => {
    await redis.start(); // a new, empty Redis on the same port
    expect(await eventually(async () => (await readyz(server.url)).body.status === 'ready', 8_000)).toBe(
      true,
    );
    const back = logs.saying('redis back');
    expect(back).toHaveLength(1);
    expect(back[0]!.requestIds).toEqual(expect.arrayContaining(fellBack));
    expect(logs.saying('redis unreachable')).toHaveLength(1);

    const shop = await post(server.url, SHOP, {}, cookie);
    expect(shop.body.data).toEqual({ shop: { name: expect.any(String) } });
    expect(await keys(redis, 'stockroom:rate:staff:*')).toHaveLength(1);
    expect(await fiveWrongThenRight([server.url], server.url, 'after@example.com')).toEqual(
      THROTTLED_AFTER_FIVE,
    );
    expect((await keys(redis, 'stockroom:login:*:account-block:*')).length).toBeGreaterThan(0);
  });

  it('a Redis that stops answering (connection open, no reply) costs a request at most its command timeout', async () => {
    redis.freeze(true);
    try {
      const first = await post(server.url, SHOP, {}, cookie);
      expectClean(first);
      expect(first.body.data).toEqual({ shop: { name: expect.any(String) } });
      expect(first.ms).toBeLessThan(normal.shop + EXTRA_MS);
      // The outage is known now: the next request does not wait on Redis again.
      const second = await post(server.url, SHOP, {}, cookie);
      expect(second.body.data).toEqual({ shop: { name: expect.any(String) } });
      expect(second.ms).toBeLessThan(normal.shop + EXTRA_MS);
      const ready = await readyz(server.url);
      expect(ready).toMatchObject({ status: 200, body: { status: 'degraded', redis: 'unreachable' } });
      expect(ready.ms).toBeLessThan(EXTRA_MS);
      expect(logs.saying('redis unreachable')).toHaveLength(2);
    } finally {
      redis.freeze(false);
    }
    expect(await eventually(async () => (await readyz(server.url)).body.status === 'ready', 8_000)).toBe(
      true,
    );
    expect(logs.saying('redis back')).toHaveLength(2);
  });
});
