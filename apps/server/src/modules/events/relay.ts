import type { DB } from '../../db/database.js';
import type { Logger } from '../../lib/logger.js';
import type { DomainEvent } from './events.model.js';
import {
  advanceCursor,
  claimCursor,
  ensureCursor,
  eventsAfter,
  lastPosition,
  readCursor,
} from './events.repository.js';
import { onEventsCommitted } from './events.service.js';

/**
 * One reader of the outbox (the live fan-out; later webhooks, email, projections). `handle` gets
 * committed events in commit order, at least once: after a crash between handing them over and
 * saving the cursor they come again, and the consumer drops what it has seen by event id. A
 * `handle` that throws leaves the cursor where it was; the batch is offered again later.
 */
export interface EventConsumer {
  name: string;
  handle(events: DomainEvent[]): Promise<void>;
  /** Awaited before each batch, outside its transaction: background work's turn (webhooks). */
  turn?(): Promise<void>;
}

export interface RelayOptions {
  db: DB;
  /** PostgreSQL: several instances share the cursors (one relay per consumer at a time). */
  shared: boolean;
  consumers: EventConsumer[];
  log: Logger;
  /** How often to look for events other instances committed. */
  pollMs?: number;
  batch?: number;
  /**
   * Waits until this long has passed since the previous read began before reading again, so the
   * events committed meanwhile go to the consumers as one batch (the webhooks: a batch's fixed
   * cost — its subscriptions, owners, one payload read per kind — is shared by every order in it,
   * rather than paid again after each commit). 0 reads at once.
   */
  gatherMs?: number;
}

export interface Relay {
  /** Reads now (a local commit wrote events). */
  wake(): void;
  /** Runs every consumer until it has caught up (tests). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Reads committed events in position order and hands them to each consumer, each with its own
 * cursor row. On PostgreSQL the cursor row is locked (`FOR UPDATE SKIP LOCKED`) for the batch, so
 * of several instances one relays a consumer at a time and the others skip it; the embedded store
 * has one process. Woken at once by a local commit that wrote events (events.service
 * onEventsCommitted), and polling every `pollMs` for other instances' commits. A new consumer
 * starts at the events committed from its first start on.
 */
export function startRelay(options: RelayOptions): Relay {
  const { db, consumers, log } = options;
  const pollMs = options.pollMs ?? 300;
  const batch = options.batch ?? 500;
  const gatherMs = options.gatherMs ?? 0;
  let lastRead = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let wakeUp: (() => void) | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let gathering: (() => void) | null = null;
  const ready = (async () => {
    const from = await lastPosition(db);
    for (const c of consumers) await ensureCursor(db, c.name, from);
  })();

  /** One batch of one consumer; answers whether there may be more. */
  async function step(consumer: EventConsumer): Promise<boolean> {
    const once = async (run: typeof db): Promise<boolean> => {
      const cursor = options.shared
        ? await claimCursor(run, consumer.name)
        : await readCursor(run, consumer.name);
      if (cursor === undefined) return false; // another instance relays it now
      const events = await eventsAfter(run, cursor, batch);
      if (!events.length) return false;
      await consumer.handle(events);
      await advanceCursor(run, consumer.name, events.at(-1)!.position);
      return events.length === batch;
    };
    await consumer.turn?.();
    return options.shared ? db.transaction().execute((trx) => once(trx)) : once(db);
  }

  async function drainAll(): Promise<void> {
    await ready;
    for (const consumer of consumers) {
      try {
        while (!stopped && (await step(consumer)));
      } catch (err) {
        log.warn(
          { err, consumer: consumer.name },
          'event relay: a consumer failed; its events are offered again',
        );
      }
    }
  }

  /** Runs drains one at a time; a wake during a drain runs another right after. */
  function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        lastRead = Date.now();
        await drainAll();
        // Gathering, the loop reads again (after its wait) rather than at once.
      } while (again && !stopped && !gatherMs);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  async function loop() {
    while (!stopped) {
      const wait = lastRead + gatherMs - Date.now();
      if (wait > 0) {
        // Not cut short by a commit (that only sets `again`): the stop ends it.
        await new Promise<void>((resolve) => {
          gathering = resolve;
          timer = setTimeout(resolve, wait);
        });
        gathering = null;
        if (stopped) break;
      }
      await kick().catch((err: unknown) => log.warn({ err }, 'event relay failed; retrying'));
      if (stopped) break;
      if (again) {
        again = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
        timer = setTimeout(resolve, pollMs);
      });
      wakeUp = null;
    }
  }

  const unlisten = onEventsCommitted(() => {
    if (wakeUp) {
      if (timer) clearTimeout(timer);
      wakeUp();
    } else again = true;
  });
  const looping = loop();

  return {
    wake() {
      wakeUp?.();
    },
    /**
     * Hands over everything committed before the call. A run already under way may have read the
     * outbox before the latest commit (a gathering relay does not read again at once), so it is
     * awaited and a fresh run follows.
     */
    async drain() {
      if (running) await running.catch(() => undefined);
      await kick();
    },
    async stop() {
      stopped = true;
      unlisten();
      if (timer) clearTimeout(timer);
      wakeUp?.();
      gathering?.();
      await looping;
      await ready.catch(() => undefined);
    },
  };
}

/** Two relays (their own consumers each) as one: woken, drained and stopped together. */
export function bothRelays(a: Relay, b: Relay): Relay {
  return {
    wake() {
      a.wake();
      b.wake();
    },
    async drain() {
      await a.drain();
      await b.drain();
    },
    async stop() {
      await a.stop();
      await b.stop();
    },
  };
}
