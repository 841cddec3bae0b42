import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';

/*
 * What a bulk tag edit of customers reads and writes (customersBulkUpdate, issue #34): the ids a
 * search finds, the customers locked in id order, and their new tags.
 */

/** The ids of the customers a search condition finds (alias `c`; null: all), at most `limit`, in id order. */
export async function customerIdsMatching(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  limit: number,
): Promise<string[]> {
  let q = db.selectFrom('customers as c').select('c.id');
  if (condition) q = q.where(condition);
  const rows = await q.orderBy('c.id').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** The customers' tags, locked until the transaction ends, in id order (so two bulk edits never deadlock). */
export function lockCustomersForBulk(db: Executor, ids: readonly string[]) {
  return db
    .selectFrom('customers')
    .select(['id', 'tags', 'state'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** One customer's new tags (and their search keys): a new version, like any change. */
export async function setCustomerTags(db: Executor, id: string, tags: string[]): Promise<void> {
  await db
    .updateTable('customers')
    .set({
      tags,
      tag_keys: tags.map((t) => t.toLowerCase()),
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .execute();
}
