import type { DB, Tx } from '../db/database.js';

/**
 * The unit of work of one command: opens the single transaction a mutation runs in. Services and
 * repositories never open their own; they take this `trx` as their first argument, so a command
 * made of several services (stock, customer figures, discount use, idempotency key, audit) commits
 * or rolls back as one.
 */
export function inTransaction<T>(db: DB, work: (trx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
