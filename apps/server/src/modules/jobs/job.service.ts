import {
  ACTIVE_JOB_STATUSES,
  DomainError,
  JOB_KIND_LABELS,
  JOB_KIND_PERMISSIONS,
  JOB_KINDS,
  type JobKind,
  type Permission,
} from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import { SYSTEM_ACTOR, type Actor, type Viewer } from '../../actor.js';
import { uuidv7 } from '../../lib/uuid.js';
import type { List, PageArgs } from '../../lib/pagination.js';
import { recordAudit } from '../audit/audit.service.js';
import { emitEvent } from '../events/events.service.js';
import type { Job, JobStatus } from './jobs.model.js';
import type { JobQueue } from './job-queue.js';
import * as repo from './job.repository.js';
import { jobInputSummary } from '@stockroom/domain';

export const isActive = (status: JobStatus) => ACTIVE_JOB_STATUSES.includes(status);

/** The permissions a kind needs that this set lacks (empty when it may). */
export function missingForKind(kind: JobKind, held: ReadonlySet<Permission>): Permission[] {
  return JOB_KIND_PERMISSIONS[kind].filter((p) => !held.has(p));
}

/** Who may read a job: the person who started it (or whose token did), and anyone the kind allows. */
export function canReadJob(viewer: Viewer, job: Job): boolean {
  return job.startedByStaffId === viewer.staffId || missingForKind(job.kind, viewer.permissions).length === 0;
}

/** Why this person may not cancel this job now, or null when they may. */
export function cancelRefusal(viewer: Viewer, job: Job): string | null {
  if (!isActive(job.status)) return `This job has already finished (${job.status.toLowerCase()}).`;
  if (job.cancelRequestedAt) return 'This job is already stopping.';
  if (job.startedByStaffId !== viewer.staffId && !viewer.isOwner)
    return 'Only the person who started this job (or the store owner) can cancel it.';
  return null;
}

/**
 * The one place a job's state changes (status, progress, report, step): every change goes through
 * here, in the caller's transaction, so whatever follows a change (a `job.updated` event) is added
 * once, here.
 */
export async function saveJobState(
  trx: Tx,
  jobId: string,
  patch: repo.JobPatch,
  actor: Actor = SYSTEM_ACTOR,
): Promise<Job> {
  const job = await repo.updateJob(trx, jobId, patch);
  jobUpdated(trx, actor, job);
  return job;
}

/** `job.updated` in the outbox (the jobs screen and `jobUpdated(id)` follow a job by it). */
function jobUpdated(trx: Tx, actor: Actor, job: Job): void {
  emitEvent(trx, actor, {
    type: 'job.updated',
    subjectType: 'Job',
    subjectId: job.id,
    payload: { status: job.status, done: job.progressDone, total: job.progressTotal },
  });
}

export interface JobStart {
  /** The job's id when the caller needs it first (an import's file is stored under it); new otherwise. */
  id?: string;
  kind: JobKind;
  input: Record<string, unknown>;
  /** The result's download name, when the job makes a file. */
  resultName: string | null;
  progressTotal?: number | null;
  /** Names the start's input needs looked up (a bulk edit's collection), for the audit log's words. */
  names?: { collection?: string | null };
}

/**
 * Starts a job in the command's transaction: its row, its audit event and its first step commit
 * together, so a command that rolls back starts nothing.
 */
export async function jobStart(
  trx: Tx,
  actor: Actor & { viewer: Viewer },
  queue: JobQueue,
  start: JobStart,
): Promise<Job> {
  const viewer = actor.viewer;
  const missing = missingForKind(start.kind, viewer.permissions);
  if (missing.length)
    throw DomainError.one(
      'INVALID',
      `${JOB_KIND_LABELS[start.kind]} needs ${missing.join(' and ')}. Ask a staff manager for it.`,
      ['input', 'kind'],
    );
  const job = await repo.insertJob(trx, {
    id: start.id ?? uuidv7(),
    kind: start.kind,
    input: start.input,
    progressTotal: start.progressTotal ?? null,
    resultName: start.resultName,
    startedByType: viewer.token ? 'api' : 'staff',
    startedByStaffId: viewer.staffId,
    startedByTokenId: viewer.token?.id ?? null,
    startedByName: viewer.token ? `API token ${viewer.token.name}` : viewer.name || viewer.email,
  });
  await recordAudit(trx, actor, {
    action: 'job.start',
    subjectType: 'Job',
    subjectId: job.id,
    // The input in a merchant's words (the job's row keeps it whole): what was exported, how many
    // products and which field changed.
    changes: {
      kind: { before: null, after: job.kind },
      input: { before: null, after: jobInputSummary(job.kind, job.input, start.names?.collection) },
    },
  });
  await queue.enqueue(trx, { jobId: job.id, step: 0 });
  jobUpdated(trx, actor, job);
  return job;
}

/**
 * Cancels a job: a queued one at once; a running one stops at its next step, keeping what its
 * steps committed (a partial export stays downloadable as far as it got).
 */
export async function jobCancel(trx: Tx, actor: Actor & { viewer: Viewer }, jobId: string): Promise<Job> {
  const job = await repo.lockJob(trx, jobId);
  if (!job || !canReadJob(actor.viewer, job))
    throw DomainError.one('INVALID', 'There is no job with this ID.', ['id']);
  const refusal = cancelRefusal(actor.viewer, job);
  if (refusal) throw DomainError.one('INVALID_TRANSITION', refusal, ['id']);
  const after =
    job.status === 'QUEUED'
      ? await saveJobState(trx, job.id, { status: 'CANCELLED', cancelRequested: true, finished: true }, actor)
      : await saveJobState(trx, job.id, { cancelRequested: true }, actor);
  await recordAudit(trx, actor, {
    action: 'job.cancel',
    subjectType: 'Job',
    subjectId: job.id,
    changes: { status: { before: job.status, after: after.status } },
  });
  return after;
}

/**
 * Marks the results of jobs finished more than `days` days ago as expired (up to `limit` jobs), in
 * the caller's transaction, each with its `job.updated`; the caller deletes their files once this
 * commits. Answers how many it marked.
 */
export async function expireJobResults(trx: Tx, days: number, limit: number): Promise<number> {
  const expired = await repo.markResultsExpired(trx, days, limit);
  for (const job of expired) jobUpdated(trx, SYSTEM_ACTOR, job);
  return expired.length;
}

/** One job, or null when it does not exist or this person may not read it. */
export async function jobFor(db: Executor, viewer: Viewer, jobId: string): Promise<Job | null> {
  const job = await repo.findJob(db, jobId);
  return job && canReadJob(viewer, job) ? job : null;
}

/** The jobs this person may read, newest first. */
export function listJobs(
  db: Executor,
  viewer: Viewer,
  args: { status?: JobStatus[] | null; kind?: JobKind[] | null; page: PageArgs },
): List<Job> {
  const visible: repo.JobVisibility = {
    staffId: viewer.staffId,
    kinds: JOB_KINDS.filter((k) => missingForKind(k, viewer.permissions).length === 0),
  };
  const filter: repo.JobFilter = { status: args.status ?? null, kind: args.kind ?? null };
  return {
    page: () => repo.pageJobs(db, visible, filter, args.page),
    count: () => repo.countJobs(db, visible, filter),
  };
}

/** One job, whoever may read it (for commands that check themselves, e.g. an import's apply). */
export function jobById(db: Executor, jobId: string): Promise<Job | null> {
  return repo.findJob(db, jobId);
}

/** One job, its row locked until the transaction ends. */
export function lockJobRow(trx: Tx, jobId: string): Promise<Job | null> {
  return repo.lockJob(trx, jobId);
}
