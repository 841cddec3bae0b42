import type { DB, Tx } from '../db/database.js';

/** PostgreSQL's "try again" answers: a deadlock it broke, or a serializable conflict. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

function retryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/**
 * The unit of work of one command: opens the single transaction a mutation runs in. Services and
 * repositories never open their own; they take this `trx` as their first argument, so a command
 * made of several services (stock, customer figures, discount use, idempotency key, audit) commits
 * or rolls back as one.
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
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !retryable(error)) throw error;
    }
  }
}
