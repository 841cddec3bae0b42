import { sql, type Kysely } from 'kysely';

/**
 * Issue #28 §1: background jobs. A Stockroom job is a row here; the engine (pg-boss, its own schema
 * `pgboss`, installed by pg-boss itself at start) carries only the job's id and the step to run.
 * Each step records its progress, its report, the next step's state and `step` (the number of steps
 * done) in one transaction, so a step run twice (its process killed after the commit) finds it done.
 */
const statements = [
  `create table jobs (
    id uuid primary key,
    kind text not null check (kind in ('EXPORT_AUDIT', 'BULK_EDIT')),
    status text not null default 'QUEUED'
      check (status in ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED')),
    progress_done integer not null default 0 check (progress_done >= 0),
    progress_total integer check (progress_total >= 0),
    report jsonb not null default '{"counts": {}, "errors": []}',
    failure text,
    result_name text,
    result_parts integer not null default 0,
    started_by_type text not null check (started_by_type in ('staff', 'api')),
    started_by_staff_id uuid references staff (id) on delete set null,
    started_by_token_id uuid references api_tokens (id) on delete set null,
    started_by_name text not null,
    input jsonb not null,
    step integer not null default 0,
    step_state jsonb,
    cancel_requested_at timestamptz,
    created_at timestamptz not null default now(),
    started_at timestamptz,
    finished_at timestamptz,
    updated_at timestamptz not null default now()
  )`,
  `create index jobs_created_idx on jobs (created_at desc, id desc)`,
  `create index jobs_starter_idx on jobs (started_by_staff_id, created_at desc, id desc)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
