import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DB, Tx } from '../db/database.js';
import { UserErrors } from '../graphql/errors.js';

/** SPEC §9: keys of at most 255 characters, remembered for 24 hours. */
export const IDEMPOTENCY_KEY_MAX = 255;
const KEEP_HOURS = 24;

function hashOf(input: unknown): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/**
 * Runs `work` in a transaction, at most once per key: a repeat with the same input returns the
 * first result (which must be plain JSON), a repeat with other input is IDEMPOTENCY_KEY_REUSED.
 * Concurrent repeats wait for the first to finish (the key row is inserted first and holds them).
 */
export async function idempotent<T>(
  db: DB,
  scope: string,
  key: string | null | undefined,
  input: unknown,
  work: (trx: Tx) => Promise<T>,
): Promise<T> {
  if (key == null) return db.transaction().execute(work);
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX) {
    throw UserErrors.one('INVALID', `An idempotency key has 1 to ${IDEMPOTENCY_KEY_MAX} characters.`, ['input', 'idempotencyKey']);
  }
  const requestHash = hashOf(input);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('idempotency_keys')
      .values({ scope, key, request_hash: requestHash, response: 'null' })
      .onConflict((oc) =>
        oc
          .columns(['scope', 'key'])
          .doUpdateSet({ request_hash: requestHash, response: 'null', created_at: sql`now()` })
          .where('idempotency_keys.created_at', '<', sql<Date>`now() - make_interval(hours => ${KEEP_HOURS})`),
      )
      .returning('key')
      .executeTakeFirst();
    if (!claimed) {
      const first = await trx.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key).executeTakeFirstOrThrow();
      if (first.request_hash !== requestHash) {
        throw UserErrors.one('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was already used for a different request.', ['input', 'idempotencyKey']);
      }
      return first.response as T;
    }
    const result = await work(trx);
    await trx
      .updateTable('idempotency_keys')
      .set({ response: JSON.stringify(result) })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .execute();
    return result;
  });
}
