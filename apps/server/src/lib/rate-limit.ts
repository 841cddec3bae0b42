import type { RedisLink } from './redis.js';

/**
 * SPEC §9 rate limit: a token bucket per staff member (or per IP when signed out) holding 20,000
 * points that refills 1,000 points a second. A query takes its requested cost up front and gets
 * back what it did not use. In memory for one instance; in Redis (one atomic script) when several
 * instances must share buckets. While Redis is down each instance answers from its own buckets
 * (issue #26 §1.8): the limit still holds per instance, and no request waits on Redis.
 */
export const BUCKET_SIZE = 20_000;
export const RESTORE_PER_SECOND = 1_000;

export interface TakeResult {
  ok: boolean;
  /** Points left after this take (or now, when refused). */
  available: number;
  /** Seconds until the cost could be afforded, when refused. */
  retryAfter: number;
}

export interface RateLimiter {
  take(key: string, cost: number): Promise<TakeResult>;
  refund(key: string, points: number): Promise<void>;
  close(): Promise<void>;
}

export function memoryRateLimiter(
  { size, restorePerSecond } = { size: BUCKET_SIZE, restorePerSecond: RESTORE_PER_SECOND },
): RateLimiter {
  const refill = (available: number, last: number, now: number) =>
    Math.min(size, available + ((now - last) / 1000) * restorePerSecond);
  const buckets = new Map<string, { available: number; last: number }>();
  return {
    take(key, cost) {
      const now = Date.now();
      const b = buckets.get(key) ?? { available: BUCKET_SIZE, last: now };
      const available = refill(b.available, b.last, now);
      if (cost > available) {
        buckets.set(key, { available, last: now });
        return Promise.resolve({
          ok: false,
          available,
          retryAfter: Math.ceil((cost - available) / restorePerSecond),
        });
      }
      buckets.set(key, { available: available - cost, last: now });
      if (buckets.size > 100_000) buckets.delete(buckets.keys().next().value!);
      return Promise.resolve({ ok: true, available: available - cost, retryAfter: 0 });
    },
    refund(key, points) {
      const b = buckets.get(key);
      if (b) b.available = Math.min(size, b.available + points);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
}

const TAKE_SCRIPT = `
local size = tonumber(ARGV[1]); local rate = tonumber(ARGV[2]); local cost = tonumber(ARGV[3])
local t = redis.call('TIME'); local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local b = redis.call('HMGET', KEYS[1], 'a', 'l')
local a = tonumber(b[1]) or size; local l = tonumber(b[2]) or now
a = math.min(size, a + (now - l) / 1000 * rate)
local ok = 0
if cost <= a then a = a - cost; ok = 1 end
redis.call('HSET', KEYS[1], 'a', a, 'l', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(size / rate * 1000) + 1000)
return {ok, tostring(a)}
`;

export function redisRateLimiter(link: RedisLink): RateLimiter {
  const local = memoryRateLimiter();
  return {
    take: (key, cost) =>
      link.run(
        async () => {
          const [ok, available] = (await link.client.eval(
            TAKE_SCRIPT,
            1,
            `stockroom:rate:${key}`,
            BUCKET_SIZE,
            RESTORE_PER_SECOND,
            cost,
          )) as [number, string];
          const a = Number(available);
          return {
            ok: ok === 1,
            available: a,
            retryAfter: ok === 1 ? 0 : Math.ceil((cost - a) / RESTORE_PER_SECOND),
          };
        },
        () => local.take(key, cost),
      ),
    refund: (key, points) =>
      link.run(
        async () => {
          await link.client.eval(
            `local a = tonumber(redis.call('HGET', KEYS[1], 'a')); if a then redis.call('HSET', KEYS[1], 'a', math.min(tonumber(ARGV[1]), a + tonumber(ARGV[2]))) end return 1`,
            1,
            `stockroom:rate:${key}`,
            BUCKET_SIZE,
            points,
          );
        },
        () => local.refund(key, points),
      ),
    // The connection is the app's (one per process, shared with the sign-in throttle).
    close: () => Promise.resolve(),
  };
}

/** Never refuses: for load tests that measure the server, not the limit (STOCKROOM_RATE_LIMIT=0). */
export function unlimitedRateLimiter(): RateLimiter {
  return {
    take: () => Promise.resolve({ ok: true, available: BUCKET_SIZE, retryAfter: 0 }),
    refund: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}
