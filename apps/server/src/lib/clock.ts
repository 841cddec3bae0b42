/**
 * The time as the server's own timers see it (webhook retries, their 48-hour limit). Injected, so a
 * test can move it on without waiting: `adjustableClock().advance(48 * 3600_000)`.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface AdjustableClock extends Clock {
  /** Moves this clock on by `ms` (it keeps running from there). */
  advance(ms: number): void;
}

/** The system time plus an offset a test moves on. */
export function adjustableClock(): AdjustableClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}
