import { sql } from 'kysely';
import type { Executor } from '../db/database.js';

/**
 * Claims a key for this request: inserts it, or takes over one older than `keepHours` (it has
 * expired). False when a live key exists — then `findIdempotencyKey` says what it answered. A
 * concurrent claim of the same key waits here on the row until the first transaction ends.
 */
export async function claimIdempotencyKey(
  db: Executor,
  scope: string,
  key: string,
  requestHash: string,
  keepHours: number,
): Promise<boolean> {
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({ scope, key, request_hash: requestHash, response: 'null' })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'key'])
        .doUpdateSet({ request_hash: requestHash, response: 'null', created_at: sql`now()` })
        .where('idempotency_keys.created_at', '<', sql<Date>`now() - make_interval(hours => ${keepHours})`),
    )
    .returning('key')
    .executeTakeFirst();
  return Boolean(claimed);
}

export async function findIdempotencyKey(
  db: Executor,
  scope: string,
  key: string,
): Promise<{ requestHash: string; response: unknown }> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return { requestHash: row.request_hash, response: row.response };
}

export async function saveIdempotentResponse(
  db: Executor,
  scope: string,
  key: string,
  response: unknown,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ response: JSON.stringify(response) })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute();
}
