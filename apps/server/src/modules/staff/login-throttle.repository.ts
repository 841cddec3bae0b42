import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/**
 * SPEC §9 login throttle, kept in the database so every instance sees the same counts:
 * per account, a delay doubling from 1 s after 5 failures up to 15 min; per IP, 100 attempts per
 * 15 minutes. Keys are the typed email (known or not, so an unknown email is throttled alike).
 */
export const FREE_FAILURES = 5;
export const MAX_DELAY_SECONDS = 15 * 60;
export const IP_WINDOW_SECONDS = 15 * 60;
export const IP_MAX_ATTEMPTS = 100;

/** Seconds until this key may try again, or 0. */
export async function secondsBlocked(db: Executor, key: string): Promise<number> {
  const row = await db
    .selectFrom('login_throttles')
    .select(sql<number>`ceil(extract(epoch from (blocked_until - now())))::int`.as('wait'))
    .where('key', '=', key)
    .where('blocked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? Math.max(1, Number(row.wait)) : 0;
}

/** Counts one attempt from an IP; returns seconds to wait when it is over the limit, else 0. */
export async function countIpAttempt(db: Executor, ip: string): Promise<number> {
  const row = await db
    .insertInto('login_throttles')
    .values({ key: `ip:${ip}`, attempts: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        attempts: sql`case when login_throttles.window_started_at < now() - make_interval(secs => ${IP_WINDOW_SECONDS})
          then 1 else login_throttles.attempts + 1 end`,
        window_started_at: sql`case when login_throttles.window_started_at < now() - make_interval(secs => ${IP_WINDOW_SECONDS})
          then now() else login_throttles.window_started_at end`,
      }),
    )
    .returning([
      'attempts',
      sql<number>`ceil(extract(epoch from (window_started_at + make_interval(secs => ${IP_WINDOW_SECONDS}) - now())))::int`.as(
        'wait',
      ),
    ])
    .executeTakeFirstOrThrow();
  return row.attempts > IP_MAX_ATTEMPTS ? Math.max(1, Number(row.wait)) : 0;
}

/** Records a failure for an account key and blocks it once it is past the free failures. */
export async function recordFailure(db: Executor, key: string): Promise<void> {
  const delay = sql<Date>`case when login_throttles.failures + 1 > ${FREE_FAILURES - 1}
      then now() + make_interval(secs => least(${MAX_DELAY_SECONDS}, power(2, login_throttles.failures + 1 - ${FREE_FAILURES})))
      else null end`;
  await db
    .insertInto('login_throttles')
    .values({ key, failures: 1 })
    .onConflict((oc) => oc.column('key').doUpdateSet({ failures: sql`login_throttles.failures + 1`, blocked_until: delay }))
    .execute();
}

export async function clearFailures(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('login_throttles').where('key', '=', key).execute();
}
