import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../helpers.js';
import { RedisServer } from '../support/redis-server.js';
import { startTestServer, type TestServer } from '../../src/testing.js';
import { connectRedis, type RedisLink } from '../../src/lib/redis.js';
import { BUCKET_SIZE, redisRateLimiter } from '../../src/lib/rate-limit.js';
import { redisLoginThrottle } from '../../src/modules/staff/login-throttle.js';
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
 * Issue #26 §1.8, continued (redis-outage.api.test.ts has one instance): Redis holds only shared buckets (query cost, sign-in throttle). The test runs a
 * Redis of its own and kills it under running servers: the store keeps serving within normal time,
 * the sign-in throttle still refuses (per instance), /readyz says "degraded", the outage is logged
 * once, no answer carries a stack, and when Redis returns the shared buckets are used again.
 */
describe.runIf(process.env['TEST_DATABASE_URL'])(
  'a Redis outage under two instances of one store (postgres)',
  () => {
    let redis: RedisServer;
    let a: TestServer;
    let b: TestServer;
    const logsA = capturedLog();
    const logsB = capturedLog();

    beforeAll(async () => {
      redis = await RedisServer.start();
      a = await startTestServer({
        postgresUrl: process.env['TEST_DATABASE_URL'],
        config: { redisUrl: redis.url },
        log: logsA.log,
      });
      // The second instance serves the same database (and so the same store's Redis keys).
      b = await startTestServer({
        config: { redisUrl: redis.url, databaseUrl: a.app.services.config.databaseUrl },
        log: logsB.log,
      });
      for (const email of ['shared@example.com', 'apart@example.com', 'again@example.com'])
        await a.createStaff({ email, name: email, password: PASSWORD, roleKeys: [] });
    });

    afterAll(async () => {
      await b?.close();
      await a?.close();
      await redis?.stop();
    });

    it('share the sign-in throttle through Redis: failures on either count for both', async () => {
      expect(await fiveWrongThenRight([a.url, b.url], b.url, 'shared@example.com')).toEqual(
        THROTTLED_AFTER_FIVE,
      );
    });

    it('while Redis is down both keep serving, each throttling on its own, both /readyz degraded', async () => {
      await redis.stop();
      for (const server of [a, b]) {
        const signIn = await login(server.url, server.ownerEmail, server.ownerPassword);
        expect(signIn.code).toBeNull();
        const shop = await post(server.url, SHOP, {}, signIn.cookie);
        expectClean(shop);
        expect(shop.body.data).toEqual({ shop: { name: expect.any(String) } });
        expect(shop.ms).toBeLessThan(EXTRA_MS);
        expect(await readyz(server.url)).toMatchObject({
          status: 200,
          body: { status: 'degraded', redis: 'unreachable' },
        });
      }
      // Per instance: five failures on one instance block the account there.
      expect(await fiveWrongThenRight([a.url], a.url, 'apart@example.com')).toEqual(THROTTLED_AFTER_FIVE);
      expect(logsA.saying('redis unreachable')).toHaveLength(1);
      expect(logsB.saying('redis unreachable')).toHaveLength(1);
    });

    it('both recover by themselves and share the throttle again', async () => {
      await redis.start();
      for (const server of [a, b])
        expect(await eventually(async () => (await readyz(server.url)).body.status === 'ready', 8_000)).toBe(
          true,
        );
      expect(await fiveWrongThenRight([a.url, b.url], b.url, 'again@example.com')).toEqual(
        THROTTLED_AFTER_FIVE,
      );
      expect(logsA.saying('redis back')).toHaveLength(1);
      expect(logsB.saying('redis back')).toHaveLength(1);
    });
  },
);

describe.each(DATABASES)('a store that starts while its Redis is down ($name)', ({ postgresUrl }) => {
  it('starts and serves at once, says degraded, and takes Redis up when it comes', async () => {
    const redis = await RedisServer.start();
    await redis.stop();
    const logs = capturedLog();
    const started = performance.now();
    const server = await startTestServer({ postgresUrl, config: { redisUrl: redis.url }, log: logs.log });
    try {
      // Migrations and the owner included: Redis adds at most its connect timeout.
      expect(performance.now() - started).toBeLessThan(30_000);
      const signIn = await login(server.url, server.ownerEmail, server.ownerPassword);
      expect(signIn.code).toBeNull();
      const shop = await post(server.url, SHOP, {}, signIn.cookie);
      expectClean(shop);
      expect(shop.body.data).toEqual({ shop: { name: expect.any(String) } });
      expect(await readyz(server.url)).toMatchObject({
        status: 200,
        body: { status: 'degraded', redis: 'unreachable' },
      });
      expect(logs.saying('redis unreachable')).toHaveLength(1);

      await redis.start();
      expect(await eventually(async () => (await readyz(server.url)).body.status === 'ready', 8_000)).toBe(
        true,
      );
      expect(logs.saying('redis back')).toHaveLength(1);
      await post(server.url, SHOP, {}, signIn.cookie);
      expect(await keys(redis, 'stockroom:rate:staff:*')).toHaveLength(1);
    } finally {
      await server.close();
      await redis.stop();
    }
  });
});

describe('the per-instance fallbacks while Redis is down', () => {
  let redis: RedisServer;
  let link: RedisLink;

  beforeAll(async () => {
    redis = await RedisServer.start();
    link = connectRedis(redis.url, pino({ level: 'silent' }));
    await link.connected();
    await redis.stop();
  });
  afterAll(async () => {
    await link?.close();
  });

  it('the query-cost bucket still refuses past its size, and says when to retry', async () => {
    const limiter = redisRateLimiter(link);
    expect(await limiter.take('staff:fallback', BUCKET_SIZE - 100)).toMatchObject({ ok: true });
    const refused = await limiter.take('staff:fallback', 5_000);
    expect(refused.ok).toBe(false);
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(link.usable()).toBe(false);
  });

  it('the sign-in throttle still blocks an account from its fifth failure, and an IP past 100', async () => {
    const throttle = redisLoginThrottle(link, `test:${randomUUID()}`);
    for (let i = 0; i < 4; i++) await throttle.failed('pat@example.com', '192.0.2.1');
    expect(await throttle.accountWait('pat@example.com')).toBe(0);
    await throttle.failed('pat@example.com', '192.0.2.1');
    expect(await throttle.accountWait('pat@example.com')).toBe(1);
    for (let i = 0; i < 95; i++) expect(await throttle.failed(`x${i}@example.com`, '192.0.2.1')).toBe(0);
    expect(await throttle.failed('y@example.com', '192.0.2.1')).toBeGreaterThan(0);
  });
});
