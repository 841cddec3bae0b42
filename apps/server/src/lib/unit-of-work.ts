import type { DB, Tx } from '../db/database.js';

/** PostgreSQL's "try again" answers: a deadlock it broke, or a serializable conflict. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

function retryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

interface Hooks {
  /** Run in order after the command's work, as the transaction's last statements. */
  beforeCommit: Map<string, (trx: Tx) => Promise<void>>;
  /** Run once the transaction has committed (never after a rollback). */
  afterCommit: Map<string, () => void>;
}

/** The hooks of each open unit of work, by its transaction (an attempt that rolls back drops them). */
const hooksOf = new WeakMap<Tx, Hooks>();

function hooks(trx: Tx): Hooks {
  const found = hooksOf.get(trx);
  if (!found)
    throw new Error('This change runs outside a unit of work: open its transaction with inTransaction.');
  return found;
}

/**
 * Asks the unit of work of `trx` to run `work` after the command's own statements, just before it
 * commits (once per key: the outbox writes all of a command's events in one statement). Lower
 * layers collect what they need in memory and flush it here, so a rolled-back command (or a retried
 * attempt) leaves nothing behind.
 */
export function beforeCommit(trx: Tx, key: string, work: (trx: Tx) => Promise<void>): void {
  const map = hooks(trx).beforeCommit;
  if (!map.has(key)) map.set(key, work);
}

/** Runs `then` once `trx` has committed (once per key); never when it rolls back. */
export function afterCommit(trx: Tx, key: string, then: () => void): void {
  const map = hooks(trx).afterCommit;
  if (!map.has(key)) map.set(key, then);
}

/**
 * The unit of work of one command: opens the single transaction a mutation runs in. Services and
 * repositories never open their own; they take this `trx` as their first argument, so a command
 * made of several services (stock, customer figures, discount use, idempotency key, audit, domain
 * events) commits or rolls back as one.
 *
 * Locks are taken in a fixed order (levels by variant and location, then products by id), but a
 * command that deletes variants holds its product while the cascade locks their levels. When
 * PostgreSQL breaks such a deadlock, the whole command rolled back and is run again (at most
 * three times), so the person sees their change made rather than a server error. `beforeAttempt`
 * resets what a command collects in memory.
 */
export async function inTransaction<T>(
  db: DB,
  work: (trx: Tx) => Promise<T>,
  beforeAttempt?: () => void,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    beforeAttempt?.();
    let attemptHooks: Hooks | undefined;
    try {
      const result = await db.transaction().execute(async (trx) => {
        attemptHooks = { beforeCommit: new Map(), afterCommit: new Map() };
        hooksOf.set(trx, attemptHooks);
        const value = await work(trx);
        for (const flush of attemptHooks.beforeCommit.values()) await flush(trx);
        return value;
      });
      for (const then of attemptHooks!.afterCommit.values()) then();
      return result;
    } catch (error) {
      if (attempt >= ATTEMPTS || !retryable(error)) throw error;
    }
  }
}
