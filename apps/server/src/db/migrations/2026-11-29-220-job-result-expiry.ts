import { sql, type Kysely } from 'kysely';

/**
 * Issue #28 §2 retention: a finished job's result file is deleted after a configured age by the
 * hourly maintenance job (app/maintenance.ts); `result_expired_at` says so, so the jobs screen and
 * the download say "expired" instead of offering a file that is gone.
 */
const statements = [
  `alter table jobs add column result_expired_at timestamptz`,
  `create index jobs_result_expiry_idx on jobs (finished_at)
     where result_name is not null and result_expired_at is null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
