import { Redis } from 'ioredis';
import type { Logger } from './logger.js';
import { currentRequestId } from './request-context.js';

/**
 * Issue #26 §1.8: Redis holds only shared buckets (query cost, sign-in throttle), so its outage
 * must not stop the store. One connection per process, set up to fail fast instead of queueing:
 * while Redis is down a command is refused at once (no offline queue, no retries), one that gets
 * no answer gives up after COMMAND_TIMEOUT_MS, and every caller answers from its own per-instance
 * fallback. ioredis keeps reconnecting on its own; a probe notices a Redis that answers again.
 */
export const COMMAND_TIMEOUT_MS = 500;
export const CONNECT_TIMEOUT_MS = 1_000;
/** How often, during an outage, a connected client is asked whether Redis answers again. */
const PROBE_EVERY_MS = 1_000;
/** The request ids kept for the "redis back" line: the first ones of an outage, and how many in all. */
const MAX_REQUEST_IDS = 20;

/**
 * `work`, or a rejection when Redis has not answered after `ms`. The deadline is checked once more
 * after the event loop has read its sockets (setImmediate runs after the poll phase): a process
 * that was busy (the embedded database runs on the main thread) may find the answer already
 * waiting, and that is not an outage. ioredis's own commandTimeout fires in the timers phase,
 * before any waiting answer is read, so here it is only a backstop.
 */
export function within<T>(work: Promise<T>, ms = COMMAND_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (settled) return;
          settled = true;
          reject(new Error(`Redis did not answer within ${ms} ms`));
        }),
      ms,
    );
    work.then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

export interface RedisLink {
  readonly client: Redis;
  /** False during an outage: callers go to their fallback at once instead of waiting on Redis. */
  usable(): boolean;
  /**
   * Runs `shared` on Redis, or `local` (the per-instance fallback) when Redis is down or the call
   * fails: never throws for Redis's sake. `shared` must settle a refusal as a value, not a rejection.
   */
  run<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T>;
  /** For /readyz: whether Redis answers a PING now (within the command timeout). */
  reachable(): Promise<boolean>;
  /** Resolves once connected, or after `ms` (an unreachable Redis at start does not stop the start). */
  connected(ms?: number): Promise<void>;
  close(): Promise<void>;
}

interface Outage {
  since: number;
  requestIds: string[];
  fellBack: number;
}

export function connectRedis(url: string, log: Logger): RedisLink {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // A backstop that drops commands a frozen Redis never answers; callers wait at most `within`.
    commandTimeout: 10 * COMMAND_TIMEOUT_MS,
    // Reconnect for as long as it takes, at most a second apart.
    retryStrategy: (times) => Math.min(times * 100, 1_000),
  });
  let outage: Outage | null = null;
  let probe: NodeJS.Timeout | null = null;
  let closing = false;

  const stopProbe = () => {
    if (probe) clearInterval(probe);
    probe = null;
  };

  /** Marks the outage (logged once) and remembers the request that met it, if any. */
  const down = (err: Error) => {
    const requestId = currentRequestId();
    if (!outage) {
      outage = { since: Date.now(), requestIds: [], fellBack: 0 };
      log.warn(
        { err: err.message },
        'redis unreachable: shared rate-limit and sign-in buckets fall back to this instance until it is back',
      );
      probe = setInterval(() => void check(), PROBE_EVERY_MS);
      probe.unref();
    }
    if (requestId) {
      outage.fellBack++;
      if (outage.requestIds.length < MAX_REQUEST_IDS && !outage.requestIds.includes(requestId))
        outage.requestIds.push(requestId);
    }
  };

  const back = () => {
    if (!outage) return;
    const { since, requestIds, fellBack } = outage;
    outage = null;
    stopProbe();
    log.info(
      { downMs: Date.now() - since, fellBackRequests: fellBack, requestIds },
      'redis back: shared buckets in use again',
    );
  };

  /** Asks Redis directly; any answer ends the outage. */
  const check = async (): Promise<boolean> => {
    if (client.status !== 'ready') return false;
    try {
      await within(client.ping());
      back();
      return true;
    } catch (err) {
      down(err instanceof Error ? err : new Error(String(err)));
      return false;
    }
  };

  // Without a listener ioredis prints every failed reconnect to stderr; the outage is logged once above.
  client.on('error', (err: Error) => log.debug({ err: err.message }, 'redis connection error'));
  client.on('close', () => {
    if (!closing) down(new Error('connection closed'));
  });
  client.on('ready', () => {
    if (outage) void check();
  });

  return {
    client,
    usable: () => !outage && client.status === 'ready',
    async run(shared, local) {
      if (outage || client.status !== 'ready') {
        down(new Error(`not connected (${client.status})`));
        return local();
      }
      try {
        return await within(shared());
      } catch (err) {
        down(err instanceof Error ? err : new Error(String(err)));
        return local();
      }
    },
    reachable: check,
    connected(ms = CONNECT_TIMEOUT_MS) {
      if (client.status === 'ready') return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          client.off('ready', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        client.once('ready', done);
      });
    },
    async close() {
      closing = true;
      stopProbe();
      if (client.status === 'ready') {
        try {
          await client.quit();
          return;
        } catch {
          // It went away meanwhile: cut the connection below.
        }
      }
      client.disconnect();
    },
  };
}
