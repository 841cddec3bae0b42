import type http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Issue #30: turning webhooks on must not slow the store's own requests (orderCreate ≤ 5 % slower
 * with five subscriptions). Deliveries are background work: while the server is busy answering
 * requests they get at most this share of the time, and catch up as soon as it is not.
 */
export const BACKGROUND_SHARE = 0.05;
/** How quickly "busy" follows the requests: the time constant of the utilisation's average. */
const WINDOW_MS = 300;
/** Busy: requests were running at least this part of the recent time. */
const BUSY_UTILISATION = 0.5;
/** Background work never waits longer than this at once, however long its last step took. */
const MAX_WAIT_MS = 5_000;
/** A waiting step looks again this often, so it resumes soon after the requests stop. */
const RECHECK_MS = 250;

export interface BackgroundBudget {
  /** Counts the server's ordinary requests (not event streams, which stay open for hours). */
  watch(server: http.Server): void;
  /** Requests were running at least half the recent time. */
  busy(): boolean;
  /** The recent share of time in which a request was running, 0 … 1. */
  utilisation(): number;
  /** Resolves when background work may take its next step: at once unless the server is busy. */
  turn(): Promise<void>;
  /** One step of background work: while the server is busy, the next turn waits in proportion. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** A request started / finished (watch() calls these; tests may too). */
  requestStarted(): void;
  requestEnded(): void;
}

export function backgroundBudget(options: { share?: number; now?: () => number } = {}): BackgroundBudget {
  const share = options.share ?? BACKGROUND_SHARE;
  const now = options.now ?? (() => performance.now());
  let running = 0;
  /** An exponential average of "a request was running", up to `at`. */
  let average = 0;
  let at = now();
  /** Background work may take its next step from this time on (while busy). */
  let nextAt = 0;

  function advance(): number {
    const t = now();
    const decay = Math.exp(-Math.max(0, t - at) / WINDOW_MS);
    average = average * decay + (running > 0 ? 1 - decay : 0);
    at = t;
    return t;
  }
  const utilisation = () => {
    advance();
    return average;
  };
  const busy = () => utilisation() >= BUSY_UTILISATION;

  const budget: BackgroundBudget = {
    requestStarted() {
      advance();
      running += 1;
    },
    requestEnded() {
      advance();
      running = Math.max(0, running - 1);
    },
    watch(server) {
      server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
        if (String(req.headers.accept ?? '').includes('text/event-stream')) return;
        budget.requestStarted();
        res.once('close', () => budget.requestEnded());
      });
    },
    busy,
    utilisation,
    async turn() {
      for (;;) {
        if (!busy()) return;
        const wait = nextAt - now();
        if (wait <= 0) return;
        await sleep(Math.min(wait, RECHECK_MS));
      }
    },
    async run(work) {
      const started = now();
      try {
        return await work();
      } finally {
        const t = now();
        if (busy()) {
          const owed = ((t - started) * (1 - share)) / share;
          nextAt = Math.min(Math.max(nextAt, t) + owed, t + MAX_WAIT_MS);
        }
      }
    },
  };
  return budget;
}

/** For code run without a server (tests that build the runtime alone, the CLI): never busy. */
export const idleBudget = (): BackgroundBudget => backgroundBudget({ now: () => 0 });
