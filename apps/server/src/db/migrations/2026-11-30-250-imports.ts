import { sql, type Kysely } from 'kysely';

/**
 * Issue #29, imports: three import kinds of job; what each row of an import's file did (or, in a
 * dry run, would do); the keys (handles, SKUs, emails) seen so far in one file, so a duplicate is
 * found however far apart its rows are; and the job an audit event was written by, so a whole import
 * (or a bulk edit) can be read and undone as one.
 */
const statements = [
  `alter table jobs drop constraint jobs_kind_check`,
  `alter table jobs add constraint jobs_kind_check check (kind in ('EXPORT_AUDIT', 'BULK_EDIT',
    'EXPORT_PRODUCTS', 'EXPORT_INVENTORY', 'EXPORT_ORDERS', 'EXPORT_CUSTOMERS',
    'IMPORT_PRODUCTS', 'IMPORT_INVENTORY', 'IMPORT_CUSTOMERS'))`,
  `create table job_import_rows (
    job_id uuid not null references jobs (id) on delete cascade,
    file_row integer not null,
    outcome text not null check (outcome in ('CREATED', 'UPDATED', 'UNCHANGED', 'DELETED', 'REVERTED', 'ERROR')),
    subject text,
    subject_type text,
    subject_id uuid,
    changes jsonb not null default '[]',
    problems jsonb not null default '[]',
    primary key (job_id, file_row)
  )`,
  `create index job_import_rows_outcome on job_import_rows (job_id, outcome, file_row)`,
  `create table job_import_keys (
    job_id uuid not null references jobs (id) on delete cascade,
    key text not null,
    file_row integer not null,
    primary key (job_id, key)
  )`,
  `alter table audit_events add column job_id uuid`,
  `create index audit_events_job on audit_events (job_id, id) where job_id is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
