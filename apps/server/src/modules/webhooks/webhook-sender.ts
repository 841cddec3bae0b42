import {
  WEBHOOK_HEADERS,
  WEBHOOK_RESPONSE_EXCERPT_BYTES,
  WEBHOOK_RETRY_HOURS,
  WEBHOOK_TIMEOUT_MS,
} from '@stockroom/domain';
import { SYSTEM_ACTOR } from '../../actor.js';
import type { DB } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { connectionPool, outboundPost, type PostResult } from '../../lib/outbound-post.js';
import { inTransaction } from '../../lib/unit-of-work.js';
import {
  claimDue,
  recordAttempts,
  type AttemptOutcome,
  type ClaimedDelivery,
} from './delivery.repository.js';
import { recordAudit } from '../audit/audit.service.js';
import { markFailing, pauseSubscription } from './webhook.repository.js';
import { signature } from './webhook-owner.js';
import { idleBudget, type BackgroundBudget } from '../../lib/background-budget.js';

/** Where deliveries may go (config: STOCKROOM_WEBHOOK_ALLOW_HOSTS, STOCKROOM_WEBHOOK_ALLOW_HTTP). */
export interface PostSettings {
  allow: readonly string[];
  allowHttp: boolean;
}

export const WEBHOOK_WHY =
  'webhooks are only sent to the public internet unless STOCKROOM_WEBHOOK_ALLOW_HOSTS names the host';

/** Retries: 10 s, 20 s, 40 s … doubling up to an hour, each ±25 % so failed receivers aren't hit in step. */
const FIRST_RETRY_MS = 10_000;
const MAX_RETRY_MS = 3_600_000;
const GIVE_UP_MS = WEBHOOK_RETRY_HOURS * 3_600_000;
/** Chains a round takes and sends at once (each to its own receiver connection). */
const BATCH = 50;
/**
 * Deliveries of one subject a round may send, one after the other (a hot stock level's updates):
 * without it a subject's backlog went out one delivery a round, and the rounds' statements cost
 * more than the sending.
 */
const CHAIN = 10;
/** A taken delivery is another sender's again after this (its sender died mid-way). */
const LEASE_MS = Math.max(60_000, CHAIN * WEBHOOK_TIMEOUT_MS + 10_000);

export function retryDelayMs(attempts: number, random = Math.random()): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
  return Math.round(base * (0.75 + random * 0.5));
}

function succeeded(r: PostResult): boolean {
  return r.status !== null && r.status >= 200 && r.status < 300;
}

function failureWords(r: PostResult): string {
  return r.status !== null ? `HTTP ${r.status}` : (r.error ?? 'no answer');
}

export interface WebhookSender {
  /** Looks for due deliveries now (one was just queued). */
  wake(): void;
  /** Sends what is due now, until nothing is (tests); answers how many were sent. */
  drain(): Promise<number>;
  /** Sends one delivery now (a test delivery, taken by its command). */
  send(delivery: ClaimedDelivery): Promise<PostResult>;
  stop(): Promise<void>;
}

/**
 * The delivery loop, on every instance: takes due deliveries (delivery.repository claimDue, `FOR
 * UPDATE SKIP LOCKED` with a lease, so two instances never send one at once and a subject's
 * deliveries go one after the other), POSTs each signed, and logs the attempt. A failure is retried
 * with backoff; after 48 hours of failures the delivery is FAILED and its subscription PAUSED with
 * the reason in words. Times come from `clock` (a test moves it 48 hours on).
 */
export function startWebhookSender(options: {
  db: DB;
  clock: Clock;
  log: Logger;
  post: PostSettings;
  pollMs?: number;
  /** How long a round's deliveries are this sender's (STOCKROOM_WEBHOOK_LEASE_SECONDS). */
  leaseMs?: number;
  /** While requests keep the server busy, rounds take a small share of the time (lib/background-budget). */
  budget?: BackgroundBudget;
}): WebhookSender {
  const { db, clock, log } = options;
  const budget = options.budget ?? idleBudget();
  // Deliveries this instance queues wake it at once (wake()); the poll only finds retries coming
  // due (10 s apart at the least) and leases another instance gave up, so it need not be frequent:
  // every second it cost each instance three statements a second for nothing.
  const pollMs = options.pollMs ?? 10_000;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  // Kept-alive connections to the receivers: a new one for every post cost more CPU than the rest
  // of a delivery. At most one a chain sent at once.
  const pool = connectionPool({ maxSockets: BATCH });
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;
  /** A wake that came while a round ran: look again before sleeping. */
  let again = false;

  /** POSTs one delivery, signed; answers what happened (nothing is written yet). */
  async function post(d: ClaimedDelivery): Promise<{ d: ClaimedDelivery; at: Date; result: PostResult }> {
    const at = clock.now();
    const result = await outboundPost(
      d.url,
      d.payload,
      {
        [WEBHOOK_HEADERS.topic]: d.topic,
        [WEBHOOK_HEADERS.eventId]: d.event_id,
        [WEBHOOK_HEADERS.deliveredAt]: at.toISOString(),
        [WEBHOOK_HEADERS.hmac]: signature(d.secret, d.payload),
      },
      {
        allow: options.post.allow,
        allowHttp: options.post.allowHttp,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        excerptBytes: WEBHOOK_RESPONSE_EXCERPT_BYTES,
        why: WEBHOOK_WHY,
        pool,
      },
    );
    return { d, at, result };
  }

  /**
   * Logs a round's attempts and moves each delivery on, in one transaction and a few statements
   * however many were sent: a failure is retried with backoff; after 48 hours of failures the
   * delivery is FAILED and its subscription PAUSED with the reason in words.
   */
  async function record(
    sent: { d: ClaimedDelivery; at: Date; result: PostResult }[],
    unsent: readonly string[] = [],
  ): Promise<void> {
    if (!sent.length) return;
    const outcomes: AttemptOutcome[] = [];
    const failingSubs = new Map<string, Date>();
    const healthySubs = new Set<string>();
    const pauses: { subscriptionId: string; reason: string; at: Date }[] = [];
    for (const { d, at, result } of sent) {
      const ok = succeeded(result);
      const failingSince = ok ? null : (d.failing_since ?? at);
      const givenUp = !ok && (d.test || at.getTime() - failingSince!.getTime() >= GIVE_UP_MS);
      outcomes.push({
        deliveryId: d.id,
        at,
        statusCode: result.status,
        latencyMs: result.latencyMs,
        excerpt: result.excerpt,
        error: ok
          ? null
          : (result.error ??
            (result.status !== null ? `The receiver answered HTTP ${result.status}.` : null)),
        status: ok ? 'SUCCEEDED' : givenUp ? 'FAILED' : 'RETRYING',
        nextAttemptAt: ok || givenUp ? null : new Date(at.getTime() + retryDelayMs(d.attempts + 1)),
        failingSince,
      });
      if (d.test) continue;
      if (ok) healthySubs.add(d.subscription_id);
      else if (!failingSubs.has(d.subscription_id)) failingSubs.set(d.subscription_id, at);
      if (givenUp) {
        const host = new URL(d.url).host;
        const when = at.toISOString().slice(0, 16).replace('T', ' ');
        pauses.push({
          subscriptionId: d.subscription_id,
          reason: `Paused ${when} UTC: deliveries to ${host} failed for ${WEBHOOK_RETRY_HOURS} hours (last: ${failureWords(result)}). Fix the receiver, then resume this webhook and retry its failed deliveries.`,
          at,
        });
      }
    }
    // A subscription is failing while its latest attempt in this round failed.
    for (const id of failingSubs.keys()) healthySubs.delete(id);
    const more = { release: unsent, healthy: [...healthySubs] };
    // A round that went well is one statement; failures also mark their subscriptions, together.
    if (!failingSubs.size && !pauses.length) await recordAttempts(db, outcomes, more);
    else
      await inTransaction(db, async (trx) => {
        await recordAttempts(trx, outcomes, more);
        for (const [id, at] of failingSubs) await markFailing(trx, id, at);
        for (const p of pauses) {
          // Recorded with the pause (the system did it), so staff find it in the audit log.
          if (await pauseSubscription(trx, p.subscriptionId, p.reason, p.at))
            await recordAudit(trx, SYSTEM_ACTOR, {
              action: 'webhook_subscription.paused',
              subjectType: 'WebhookSubscription',
              subjectId: p.subscriptionId,
              changes: {
                status: { before: 'ACTIVE', after: 'PAUSED' },
                paused_reason: { before: null, after: p.reason },
              },
            });
        }
      });
  }

  async function send(d: ClaimedDelivery): Promise<PostResult> {
    const sent = await post(d);
    await record([sent]);
    return sent.result;
  }

  /** Whether the last round may have left due deliveries (it took all it could). */
  let full = false;
  /** The round under way: rounds run one at a time, so a drain also waits for the loop's. */
  let round: Promise<number> | null = null;
  async function runOnce(): Promise<number> {
    while (round) await round.catch(() => 0);
    const mine = oneRound();
    round = mine;
    try {
      return await mine;
    } finally {
      if (round === mine) round = null;
    }
  }

  async function oneRound(): Promise<number> {
    const now = clock.now();
    // One statement: it takes what it answers, no transaction needed around it.
    const claimed = await claimDue(db, now, new Date(now.getTime() + leaseMs), BATCH, CHAIN);
    // The chains side by side; a chain's deliveries one after the other, stopping at a failure
    // (what follows it waits for its retry, in order, and goes back to the queue now).
    const chains = new Map<string, ClaimedDelivery[]>();
    for (const d of claimed) {
      const key = d.subject_id ? `${d.subscription_id}|${d.subject_id}` : d.id;
      const of = chains.get(key);
      if (of) of.push(d);
      else chains.set(key, [d]);
    }
    full = chains.size >= BATCH || [...chains.values()].some((c) => c.length >= CHAIN);
    const sent: Awaited<ReturnType<typeof post>>[] = [];
    const unsent: string[] = [];
    await Promise.all(
      [...chains.values()].map(async (chain) => {
        for (let i = 0; i < chain.length; i++) {
          // Requests first: the answers they wait for (their statements' results) are handled
          // before the next post is signed and written, so a round of 50 posts doesn't hold up
          // the transactions of the requests in flight (orderCreate holds stock rows meanwhile).
          await yieldToRequests();
          const one = await post(chain[i]!);
          sent.push(one);
          if (!succeeded(one.result)) {
            unsent.push(...chain.slice(i + 1).map((d) => d.id));
            return;
          }
        }
      }),
    );
    await record(sent, unsent).catch((err: unknown) =>
      // Unrecorded, the deliveries go again when their lease ends (receivers drop repeated event ids).
      log.warn({ err, deliveries: claimed.length }, 'webhook delivery: could not record'),
    );
    return claimed.length;
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (let n = await runOnce(); n > 0; n = await runOnce()) total += n;
    return total;
  }

  async function loop() {
    while (!stopped) {
      try {
        // Deliveries queued during the round woke it (`again`); a round that took all it could
        // looks again at once.
        // Requests first: while they keep the server busy, a round waits its turn (drain() does not).
        await budget.turn();
        if (stopped) break;
        if ((await budget.run(runOnce)) > 0 && full) continue;
      } catch (err) {
        log.warn({ err }, 'webhook sender failed; trying again');
      }
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
  const looping = loop();

  return {
    wake() {
      if (!wakeUp) {
        again = true;
        return;
      }
      if (timer) clearTimeout(timer);
      wakeUp();
    },
    drain,
    send,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      wakeUp?.();
      await looping;
      pool.destroy();
    },
  };
}
