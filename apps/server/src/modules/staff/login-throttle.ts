import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Config } from '../../config.js';
import type { RedisLink } from '../../lib/redis.js';

/**
 * SPEC §9 login throttle on rate-limiter-flexible (ARCHITECTURE §2): in memory for one instance, in
 * Redis when several instances must agree. While Redis is down (issue #26 §1.8) each instance counts
 * in its own memory: the limits still hold, per instance, and never wait on Redis or let anyone
 * through unchecked; when Redis is back the shared counts are used again.
 * - Per account (the typed email, known or not, so an unknown email is throttled alike): from the
 *   5th failure on, the account is blocked for 1 s, 2 s, 4 s … up to 15 min; even its right
 *   password waits. Failures are forgotten a day after the first of them, or on a success.
 * - Per IP: 100 FAILED attempts per 15 minutes. Only a wrong password is refused for its IP, so a
 *   stranger flooding a shared address cannot lock out the team behind it.
 */
export const FREE_FAILURES = 5;
export const MAX_BLOCK_SECONDS = 15 * 60;
export const FAILURE_MEMORY_SECONDS = 24 * 60 * 60;
export const IP_WINDOW_SECONDS = 15 * 60;
export const IP_MAX_FAILURES = 100;

declare module '../../graphql/services.js' {
  interface Services {
    /** Sign-in failures per account and per IP (SPEC §9). */
    loginThrottle: LoginThrottle;
  }
}

export interface LoginThrottle {
  /** Seconds until this account's password may be checked again, or 0. */
  accountWait(email: string): Promise<number>;
  /**
   * Counts a refused sign-in against the account (blocking it past the free failures) and the IP.
   * Returns the seconds the IP must wait when it is over its limit, else 0.
   */
  failed(email: string, ip: string | null): Promise<number>;
  /** A right password: the account's failures are forgotten (the IP's are a stranger's, and stay). */
  succeeded(email: string): Promise<void>;
  close(): Promise<void>;
}

/** The block after this many failures in a row: 1 s at the 5th, doubling, at most 15 minutes. */
export function blockSeconds(failures: number): number {
  return failures < FREE_FAILURES ? 0 : Math.min(MAX_BLOCK_SECONDS, 2 ** (failures - FREE_FAILURES));
}

/** A key of bounded size whatever was typed (an email is at most 254 characters; an IP far less). */
function bounded(key: string): string {
  return key.length <= 254 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

function accountKey(email: string): string {
  return bounded(email.trim().toLowerCase());
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

type MakeLimiter = (opts: { keyPrefix: string; points: number; duration: number }) => RateLimiterAbstract;

interface Limiters {
  accountFailures: RateLimiterAbstract;
  accountBlocks: RateLimiterAbstract;
  ipFailures: RateLimiterAbstract;
}

function limitersOn(make: MakeLimiter, prefix: string): Limiters {
  return {
    // A count to read, never to refuse on: the block below is what refuses.
    accountFailures: make({
      keyPrefix: `${prefix}:account-failures`,
      points: Number.MAX_SAFE_INTEGER,
      duration: FAILURE_MEMORY_SECONDS,
    }),
    accountBlocks: make({
      keyPrefix: `${prefix}:account-block`,
      points: 1,
      duration: MAX_BLOCK_SECONDS,
    }),
    ipFailures: make({
      keyPrefix: `${prefix}:ip-failures`,
      points: IP_MAX_FAILURES,
      duration: IP_WINDOW_SECONDS,
    }),
  };
}

const checks = {
  async accountWait({ accountBlocks }: Limiters, email: string): Promise<number> {
    const block = await accountBlocks.get(accountKey(email));
    return block && block.msBeforeNext > 0 ? seconds(block.msBeforeNext) : 0;
  },
  async failed({ accountFailures, accountBlocks, ipFailures }: Limiters, email: string, ip: string | null) {
    const key = accountKey(email);
    const { consumedPoints } = await accountFailures.penalty(key);
    const block = blockSeconds(consumedPoints);
    if (block) await accountBlocks.block(key, block);
    if (!ip) return 0;
    try {
      await ipFailures.consume(bounded(ip));
      return 0;
    } catch (refused) {
      if (refused instanceof RateLimiterRes) return seconds(refused.msBeforeNext);
      throw refused;
    }
  },
  async succeeded({ accountFailures, accountBlocks }: Limiters, email: string): Promise<void> {
    const key = accountKey(email);
    await Promise.all([accountFailures.delete(key), accountBlocks.delete(key)]);
  },
};

export function memoryLoginThrottle(prefix: string): LoginThrottle {
  const local = limitersOn((opts) => new RateLimiterMemory(opts), prefix);
  return {
    accountWait: (email) => checks.accountWait(local, email),
    failed: (email, ip) => checks.failed(local, email, ip),
    succeeded: (email) => checks.succeeded(local, email),
    close: () => Promise.resolve(),
  };
}

/** Counts in Redis, shared by the store's instances; in this instance's memory while Redis is down. */
export function redisLoginThrottle(link: RedisLink, prefix: string): LoginThrottle {
  const shared = limitersOn((opts) => new RateLimiterRedis({ ...opts, storeClient: link.client }), prefix);
  const local = limitersOn((opts) => new RateLimiterMemory(opts), prefix);
  return {
    accountWait: (email) =>
      link.run(
        () => checks.accountWait(shared, email),
        () => checks.accountWait(local, email),
      ),
    failed: (email, ip) =>
      link.run(
        () => checks.failed(shared, email, ip),
        () => checks.failed(local, email, ip),
      ),
    succeeded: (email) =>
      link.run(
        () => checks.succeeded(shared, email),
        () => checks.succeeded(local, email),
      ),
    // The connection is the app's (one per process, shared with the query-cost buckets).
    close: () => Promise.resolve(),
  };
}

/**
 * Keys are scoped to the store this instance serves, so instances of one store share counts while
 * other stores on the same Redis (a staging copy, a throwaway test database) never touch them. An
 * in-memory database is new on every start, and so are its counts.
 */
export function loginThrottlePrefix(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  let store: string;
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    store = `postgres:${url.hostname}:${url.port}${url.pathname}`;
  } else if (config.dataDir.startsWith('memory://')) {
    store = `memory:${randomUUID()}`;
  } else {
    store = `pglite:${path.resolve(config.dataDir)}`;
  }
  return `stockroom:login:${createHash('sha256').update(store).digest('hex').slice(0, 16)}`;
}
