import { createHash } from 'node:crypto';
import { DomainError } from '@stockroom/domain';
import type { Tx } from '../db/database.js';
import { claimIdempotencyKey, findIdempotencyKey, saveIdempotentResponse } from './idempotency.repository.js';

/** SPEC §9: keys of at most 255 characters, remembered for 24 hours. */
export const IDEMPOTENCY_KEY_MAX = 255;
const KEEP_HOURS = 24;

function hashOf(input: unknown): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/**
 * Runs `work` at most once per key, inside the caller's transaction (the command's unit of work):
 * the key row is written in the same transaction as the change, so a command that fails leaves no
 * key behind. A repeat with the same input returns the first result (which must be plain JSON); a
 * repeat with other input is IDEMPOTENCY_KEY_REUSED. Concurrent repeats wait on the key row the
 * first one inserted, and see its result once it commits.
 */
export async function idempotent<T>(
  trx: Tx,
  scope: string,
  key: string | null | undefined,
  input: unknown,
  work: () => Promise<T>,
  /** Where the key was sent, for the userError: `input.idempotencyKey` or a top-level argument. */
  field: string[] = ['input', 'idempotencyKey'],
): Promise<T> {
  if (key == null) return work();
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX) {
    throw DomainError.one('INVALID', `An idempotency key has 1 to ${IDEMPOTENCY_KEY_MAX} characters.`, field);
  }
  const requestHash = hashOf(input);
  if (!(await claimIdempotencyKey(trx, scope, key, requestHash, KEEP_HOURS))) {
    const first = await findIdempotencyKey(trx, scope, key);
    if (first.requestHash !== requestHash) {
      throw DomainError.one(
        'IDEMPOTENCY_KEY_REUSED',
        'This idempotency key was already used for a different request.',
        field,
      );
    }
    return first.response as T;
  }
  const result = await work();
  await saveIdempotentResponse(trx, scope, key, result);
  return result;
}
