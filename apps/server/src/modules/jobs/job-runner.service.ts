import { DomainError, type JobKind } from '@stockroom/domain';
import type { DB, Tx } from '../../db/database.js';
import type { Actor, Viewer } from '../../actor.js';
import { inTransaction } from '../../lib/unit-of-work.js';
import { starterPermissionsNow } from '../staff/starter.service.js';
import type { Job, JobReport } from './jobs.model.js';
import type { JobQueue, StepMessage } from './job-queue.js';
import { writeJobPart } from './job-files.js';
import { isActive, missingForKind, saveJobState } from './job.service.js';
import { findJob, lockJob } from './job.repository.js';

/** What one step of a kind gets: the step's transaction, the job as it is, the starter as the actor. */
export interface StepContext {
  trx: Tx;
  job: Job;
  /** The starter, with their permissions as they are now; audit events of the work name them. */
  actor: Actor & { viewer: Viewer; jobId: string };
}

export interface StepOutcome {
  /** Where the next step starts; null when this step was the last. */
  next: Record<string, unknown> | null;
  progressDone: number;
  progressTotal?: number | null;
  report: JobReport;
  /** Text this step adds to the result file (its own part, written again if the step runs again). */
  part?: string;
}

/** One step of a kind's work: a bounded amount (e.g. 1,000 rows), done in the step's transaction. */
export type JobStepHandler = (ctx: StepContext) => Promise<StepOutcome>;
export type JobHandlers = Partial<Record<JobKind, JobStepHandler>>;

/** What a step over a job's list of ids hands its kind: this step's ids and the report so far. */
export interface IdBatch {
  trx: Tx;
  actor: StepContext['actor'];
  /** The job's input (the edit to make). */
  input: Record<string, unknown>;
  /** This step's ids, in the selection's order. */
  batch: string[];
  /** Where an id stands in the whole selection, from 1 (the report's row numbers). */
  rowOf: (id: string) => number;
  /** The report's counts and errors so far, for the kind to add to. */
  counts: Record<string, number>;
  errors: JobReport['errors'];
}

/**
 * A job that works through `input.ids` (bulk edits): `perStep` ids a step, from where the last step
 * ended (`stepState.offset`), the report carried from step to step.
 */
export function batchedIdsStep(perStep: number, apply: (batch: IdBatch) => Promise<void>): JobStepHandler {
  return async ({ trx, job, actor }) => {
    const ids = (job.input['ids'] as string[] | undefined) ?? [];
    const offset = (job.stepState as { offset?: number } | null)?.offset ?? 0;
    const batch = ids.slice(offset, offset + perStep);
    const counts = { ...job.report.counts };
    const errors = [...job.report.errors];
    const rowOf = (id: string) => ids.indexOf(id) + 1;
    await apply({ trx, actor, input: job.input, batch, rowOf, counts, errors });
    const done = offset + batch.length;
    return {
      next: done < ids.length ? { offset: done } : null,
      progressDone: done,
      progressTotal: ids.length,
      report: { counts, errors },
    };
  };
}

export interface RunnerDeps {
  db: DB;
  queue: JobQueue;
  filesDir: string;
  handlers: JobHandlers;
  /**
   * Whether a queued job may start now (imports: one per kind at a time); when not, its first step
   * is put back on the queue for later and the job stays QUEUED.
   */
  mayStart?: (db: DB, job: Job) => Promise<boolean>;
}

/** How long a job that may not start yet waits before it looks again. */
export const WAIT_TO_START_SECONDS = 5;

export type StepResult = 'skipped' | 'more' | 'finished';

/** A failure's reason as the report shows it: the rule's own words, or a plain one with no internals. */
const UNEXPECTED = 'An unexpected error stopped this job. Start it again; if it fails again, tell support.';

/**
 * Runs one step of a job. Everything the step does — its work, the part of the result it writes, its
 * progress and report, the next step's state, the number of steps done and the next step's message —
 * commits in ONE transaction, under the job's row lock. A step that runs again (its process was
 * killed after the commit, the engine retried it) finds `step` past it and does nothing, so a job
 * finishes once and its counts are exact.
 *
 * Before each step the starter's permissions are read again: a deactivated starter, a revoked token
 * or a lost permission ends the job as FAILED with the reason. A cancel asked for since the last step
 * ends it as CANCELLED, with what earlier steps committed kept.
 */
export async function runJobStep(
  deps: RunnerDeps,
  message: StepMessage,
  lastAttempt: boolean,
): Promise<StepResult> {
  const seen = await findJob(deps.db, message.jobId);
  if (!seen || seen.step !== message.step || !isActive(seen.status)) return 'skipped';
  if (seen.status === 'QUEUED' && deps.mayStart && !(await deps.mayStart(deps.db, seen))) {
    await inTransaction(deps.db, (trx) =>
      deps.queue.enqueue(trx, message, { afterSeconds: WAIT_TO_START_SECONDS }),
    );
    return 'skipped';
  }
  if (seen.status === 'QUEUED')
    await inTransaction(deps.db, async (trx) => {
      const job = await lockJob(trx, message.jobId);
      if (job?.status === 'QUEUED') await saveJobState(trx, job.id, { status: 'RUNNING', started: true });
    });
  try {
    return await inTransaction(deps.db, (trx) => step(deps, trx, message));
  } catch (error) {
    if (!(error instanceof DomainError) && !lastAttempt) throw error; // the engine tries it again
    const reason = error instanceof DomainError ? error.errors.map((e) => e.message).join(' ') : UNEXPECTED;
    await inTransaction(deps.db, async (trx) => {
      const job = await lockJob(trx, message.jobId);
      if (job && job.step === message.step && isActive(job.status))
        await saveJobState(trx, job.id, { status: 'FAILED', failure: reason, finished: true });
    });
    if (error instanceof DomainError) return 'finished';
    throw error;
  }
}

async function step(deps: RunnerDeps, trx: Tx, message: StepMessage): Promise<StepResult> {
  const job = await lockJob(trx, message.jobId);
  if (!job || job.step !== message.step || !isActive(job.status)) return 'skipped';
  if (job.cancelRequestedAt) {
    await saveJobState(trx, job.id, { status: 'CANCELLED', finished: true });
    return 'finished';
  }
  const starter = {
    staffId: job.startedByStaffId,
    tokenId: job.startedByTokenId,
    name: job.startedByName,
  };
  const now = await starterPermissionsNow(trx, starter);
  const missing = now.ok ? missingForKind(job.kind, now.permissions) : [];
  const handler = deps.handlers[job.kind];
  const refusal = !now.ok
    ? now.reason
    : missing.length
      ? `${job.startedByName} no longer holds ${missing.join(' and ')}, which this job needs.`
      : !handler
        ? 'This kind of job cannot run on this server.'
        : null;
  if (refusal || !now.ok || !handler) {
    await saveJobState(trx, job.id, { status: 'FAILED', failure: refusal, finished: true });
    return 'finished';
  }
  const viewer: Viewer = {
    staffId: job.startedByStaffId ?? '',
    sessionId: '',
    email: '',
    name: job.startedByName,
    isOwner: false,
    permissions: now.permissions,
    ...(job.startedByTokenId
      ? { token: { id: job.startedByTokenId, name: job.startedByName.replace(/^API token /, '') } }
      : {}),
  };
  const outcome = await handler({ trx, job, actor: { viewer, requestId: null, ip: null, jobId: job.id } });
  if (outcome.part !== undefined) await writeJobPart(deps.filesDir, job.id, job.step, outcome.part);
  const finished = outcome.next === null;
  await saveJobState(trx, job.id, {
    step: job.step + 1,
    stepState: outcome.next,
    progressDone: outcome.progressDone,
    ...(finished
      ? { progressTotal: outcome.progressDone }
      : outcome.progressTotal !== undefined
        ? { progressTotal: outcome.progressTotal }
        : {}),
    report: outcome.report,
    ...(outcome.part !== undefined ? { resultParts: job.step + 1 } : {}),
    ...(finished ? { status: 'SUCCEEDED' as const, finished: true } : {}),
  });
  if (!finished) await deps.queue.enqueue(trx, { jobId: job.id, step: job.step + 1 });
  return finished ? 'finished' : 'more';
}
