import { sql } from 'kysely';
import type { Tx } from '../db/database.js';

/**
 * Serializes commands that want the same unique value (a handle, a SKU, an email, a tax place)
 * until the holder commits: "is it free?" and the insert become one step, so two commands racing
 * for one value give one success and one TAKEN, never a unique-violation error. Values are locked
 * in sorted order in one statement, so two commands wanting overlapping sets cannot deadlock.
 * Transaction-scoped advisory locks: released at commit or rollback, on PostgreSQL and PGlite.
 */
export async function lockUniqueValues(trx: Tx, scope: string, values: readonly string[]): Promise<void> {
  const distinct = [...new Set(values.map((v) => v.toLowerCase()))].sort();
  if (!distinct.length) return;
  await sql`select pg_advisory_xact_lock(hashtext(${scope}), hashtext(v))
    from unnest(${distinct}::text[]) as v order by v`.execute(trx);
}
