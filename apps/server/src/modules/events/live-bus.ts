import { Redis } from 'ioredis';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import type { Logger } from '../../lib/logger.js';
import { within, type RedisLink } from '../../lib/redis.js';

/** The live fan-out's two topics: committed domain events, and who is viewing what. */
export type LiveTopic = 'events' | 'presence';

/**
 * How live messages reach every instance: through Redis pub/sub when REDIS_URL is set (Yoga's
 * Redis event target on a connection of its own for SUBSCRIBE, publishing on the app's fail-fast
 * connection), in-process otherwise. `publish` rejects when the message could not be sent (Redis
 * down); the relay then offers the events again later, and nothing is lost from the outbox.
 */
export interface LiveBus {
  publish(topic: LiveTopic, message: unknown): Promise<void>;
  on(topic: LiveTopic, listener: (message: unknown) => void): () => void;
  /** False while messages from other instances cannot arrive (Redis unreachable). */
  healthy(): boolean;
  onHealth(listener: (healthy: boolean) => void): () => void;
  close(): Promise<void>;
}

type Listener = (message: unknown) => void;

function localListeners() {
  const map = new Map<LiveTopic, Set<Listener>>();
  return {
    add: (topic: LiveTopic, listener: Listener) => {
      let set = map.get(topic);
      if (!set) map.set(topic, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
    emit: (topic: LiveTopic, message: unknown) => {
      for (const listener of map.get(topic) ?? []) listener(message);
    },
  };
}

export function inProcessBus(): LiveBus {
  const listeners = localListeners();
  return {
    publish(topic, message) {
      // Delivered after the publisher's own work, as a network hop would be.
      queueMicrotask(() => listeners.emit(topic, structuredClone(message)));
      return Promise.resolve();
    },
    on: listeners.add,
    healthy: () => true,
    onHealth: () => () => {},
    close: () => Promise.resolve(),
  };
}

/**
 * Channels are scoped to the store (`prefix`), so instances of one store share them and other
 * stores on the same Redis never see them.
 */
export function redisBus(link: RedisLink, url: string, prefix: string, log: Logger): LiveBus {
  // Its own connection: one in SUBSCRIBE mode can send nothing else. It queues its SUBSCRIBE until
  // connected and subscribes again after every reconnect (ioredis autoResubscribe); it is on no
  // command's path, so waiting here never holds up a request.
  const subscriber = new Redis(url, {
    connectTimeout: 1_000,
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(times * 100, 1_000),
  });
  subscriber.on('error', (err: Error) => log.debug({ err: err.message }, 'live bus: redis connection error'));
  const target = createRedisEventTarget<CustomEvent>({
    publishClient: link.client,
    subscribeClient: subscriber,
  });
  const listeners = localListeners();
  const healthListeners = new Set<(healthy: boolean) => void>();
  let healthy = false;
  const setHealth = (next: boolean) => {
    if (next === healthy) return;
    healthy = next;
    if (next) log.info('live bus: redis reachable, live updates flow');
    else
      log.warn(
        'live bus: redis unreachable, live updates are paused (commands still commit; events wait in the outbox)',
      );
    for (const listener of healthListeners) listener(next);
  };
  const channel = (topic: LiveTopic) => `${prefix}:${topic}`;
  for (const topic of ['events', 'presence'] as const) {
    target.addEventListener(channel(topic), (event) => {
      listeners.emit(topic, event.detail);
    });
  }
  // Healthy once the SUBSCRIBEs are answered: Redis acknowledges them in order after `ready`.
  subscriber.on('ready', () => {
    subscriber.ping().then(
      () => setHealth(true),
      () => setHealth(false),
    );
  });
  subscriber.on('close', () => setHealth(false));
  let closed = false;
  return {
    async publish(topic, message) {
      if (!link.usable()) throw new Error('Redis is unreachable');
      await within(link.client.publish(channel(topic), JSON.stringify(message)));
    },
    on: listeners.add,
    healthy: () => healthy && !closed,
    onHealth(listener) {
      healthListeners.add(listener);
      return () => healthListeners.delete(listener);
    },
    async close() {
      closed = true;
      subscriber.disconnect();
      return Promise.resolve();
    },
  };
}
