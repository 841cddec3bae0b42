import { sql, type Kysely } from 'kysely';

/**
 * The sign-in throttle moved to rate-limiter-flexible (memory, or Redis when REDIS_URL is set):
 * its counts are short-lived and need no transaction, and the table grew a row per typed email
 * that nothing ever removed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists login_throttles`.execute(db);
}
