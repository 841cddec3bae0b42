import type { DB } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { idleBudget, type BackgroundBudget } from '../../lib/background-budget.js';
import type { Logger } from '../../lib/logger.js';
import type { EventConsumer } from '../events/relay.js';
import { webhookConsumer } from './webhook-consumer.js';
import type { OperationRunner } from './webhook-payload.js';
import { startWebhookSender, type PostSettings, type WebhookSender } from './webhook-sender.js';

/**
 * How long the webhooks' relay gathers committed events before it reads them as one batch: the
 * batch's fixed cost (its subscriptions, their owners, one payload read per kind of subject, one
 * insert) is then shared by the orders of that moment rather than paid after every commit. It
 * adds at most this much to the time from commit to receipt.
 */
export const WEBHOOK_GATHER_MS = 200;

/** What the webhooks need for as long as the process runs (app/app.ts starts it). */
export interface WebhookRuntime {
  /** The relay's consumer that turns committed events into deliveries. */
  consumer: EventConsumer;
  sender: WebhookSender;
  /** Reads payloads as a subscription's owner. */
  run: OperationRunner;
  clock: Clock;
  post: PostSettings;
}

declare module '../../graphql/services.js' {
  interface Services {
    webhooks: WebhookRuntime;
  }
}

export function startWebhooks(options: {
  db: DB;
  run: OperationRunner;
  clock: Clock;
  log: Logger;
  post: PostSettings;
  /** How long the sender holds what it took (config STOCKROOM_WEBHOOK_LEASE_SECONDS). */
  leaseMs?: number;
  /** Keeps deliveries to a small share of the time while requests keep the server busy. */
  budget?: BackgroundBudget;
}): WebhookRuntime {
  const budget = options.budget ?? idleBudget();
  const sender = startWebhookSender({
    db: options.db,
    clock: options.clock,
    log: options.log,
    post: options.post,
    leaseMs: options.leaseMs,
    budget,
  });
  const consumer = webhookConsumer({
    db: options.db,
    run: options.run,
    clock: options.clock,
    log: options.log,
    queued: () => sender.wake(),
    budget,
  });
  return { consumer, sender, run: options.run, clock: options.clock, post: options.post };
}
