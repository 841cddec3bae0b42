import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import {
  keysetPage,
  mapPage,
  cappedCount,
  type Count,
  type Page,
  type PageArgs,
} from '../../lib/pagination.js';
import { jobRow, type Job, type JobKind, type JobReport, type JobStatus } from './jobs.model.js';

export interface NewJob {
  id: string;
  kind: JobKind;
  input: Record<string, unknown>;
  progressTotal: number | null;
  resultName: string | null;
  startedByType: 'staff' | 'api';
  startedByStaffId: string | null;
  startedByTokenId: string | null;
  startedByName: string;
}

export async function insertJob(db: Executor, job: NewJob): Promise<Job> {
  const row = await db
    .insertInto('jobs')
    .values({
      id: job.id,
      kind: job.kind,
      input: JSON.stringify(job.input),
      progress_total: job.progressTotal,
      report: JSON.stringify({ counts: {}, errors: [] } satisfies JobReport),
      result_name: job.resultName,
      started_by_type: job.startedByType,
      started_by_staff_id: job.startedByStaffId,
      started_by_token_id: job.startedByTokenId,
      started_by_name: job.startedByName,
      step_state: null,
    })
    .returning(jobRow.columns)
    .executeTakeFirstOrThrow();
  return jobRow.of(row);
}

export async function findJob(db: Executor, id: string): Promise<Job | null> {
  const row = await db.selectFrom('jobs').select(jobRow.columns).where('id', '=', id).executeTakeFirst();
  return row ? jobRow.of(row) : null;
}

/** The job, its row locked until the transaction ends (a step, a cancel). */
export async function lockJob(db: Executor, id: string): Promise<Job | null> {
  const row = await db
    .selectFrom('jobs')
    .select(jobRow.columns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? jobRow.of(row) : null;
}

export interface JobPatch {
  status?: JobStatus;
  progressDone?: number;
  progressTotal?: number | null;
  report?: JobReport;
  failure?: string | null;
  resultParts?: number;
  step?: number;
  stepState?: Record<string, unknown> | null;
  cancelRequested?: boolean;
  started?: boolean;
  finished?: boolean;
}

export async function updateJob(db: Executor, id: string, patch: JobPatch): Promise<Job> {
  const row = await db
    .updateTable('jobs')
    .set({
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.progressDone !== undefined ? { progress_done: patch.progressDone } : {}),
      ...(patch.progressTotal !== undefined ? { progress_total: patch.progressTotal } : {}),
      ...(patch.report !== undefined ? { report: JSON.stringify(patch.report) } : {}),
      ...(patch.failure !== undefined ? { failure: patch.failure } : {}),
      ...(patch.resultParts !== undefined ? { result_parts: patch.resultParts } : {}),
      ...(patch.step !== undefined ? { step: patch.step } : {}),
      ...(patch.stepState !== undefined
        ? { step_state: patch.stepState === null ? null : JSON.stringify(patch.stepState) }
        : {}),
      ...(patch.cancelRequested ? { cancel_requested_at: sql<Date>`now()` } : {}),
      ...(patch.started ? { started_at: sql<Date>`coalesce(started_at, now())` } : {}),
      ...(patch.finished ? { finished_at: sql<Date>`now()` } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returning(jobRow.columns)
    .executeTakeFirstOrThrow();
  return jobRow.of(row);
}

/** Whose jobs a list shows: the viewer's own, and every job of the kinds they may read. */
export interface JobVisibility {
  staffId: string;
  kinds: readonly JobKind[];
}

export interface JobFilter {
  status?: readonly JobStatus[] | null;
  kind?: readonly JobKind[] | null;
}

function jobListQuery(db: Executor, visible: JobVisibility, filter: JobFilter) {
  let q = db
    .selectFrom('jobs as j')
    .select(jobRow.columnsOf('j'))
    .where((eb) =>
      visible.kinds.length
        ? eb.or([eb('j.started_by_staff_id', '=', visible.staffId), eb('j.kind', 'in', visible.kinds)])
        : eb('j.started_by_staff_id', '=', visible.staffId),
    );
  if (filter.status?.length) q = q.where('j.status', 'in', filter.status);
  if (filter.kind?.length) q = q.where('j.kind', 'in', filter.kind);
  return q;
}

/** Jobs newest first. */
export async function pageJobs(
  db: Executor,
  visible: JobVisibility,
  filter: JobFilter,
  args: PageArgs,
): Promise<Page<Job>> {
  const sort = { expression: 'j.created_at', cast: 'timestamptz', idColumn: 'j.id' } as const;
  return mapPage(await keysetPage(jobListQuery(db, visible, filter), sort, true, args), jobRow.of);
}

export function countJobs(db: Executor, visible: JobVisibility, filter: JobFilter): Promise<Count> {
  return cappedCount(db, jobListQuery(db, visible, filter));
}

/**
 * Marks the result files of jobs finished more than `days` days ago as expired (at most `limit`
 * at a time); answers those jobs as they are now.
 */
export async function markResultsExpired(db: Executor, days: number, limit: number): Promise<Job[]> {
  const rows = await db
    .updateTable('jobs')
    .set({ result_expired_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where('result_name', 'is not', null)
        .where('result_expired_at', 'is', null)
        .where('finished_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
        .orderBy('finished_at')
        .limit(limit),
    )
    .returning(jobRow.columns)
    .execute();
  return rows.map(jobRow.of);
}

/** Of these job ids, those whose result has expired (their files may go). */
export async function expiredResultIds(db: Executor, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('jobs')
    .select('id')
    .where('id', 'in', ids)
    .where('result_expired_at', 'is not', null)
    .execute();
  return rows.map((r) => r.id);
}
