import { DomainError, type JobKind } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor, Viewer } from '../../actor.js';
import { auditCsvBatch, auditExportProblems, auditExportTotal } from '../audit/audit-export.js';
import type { Job } from './jobs.model.js';
import type { JobQueue } from './job-queue.js';
import type { JobStepHandler } from './job-runner.service.js';
import { jobStart } from './job.service.js';

/** Events one step of an audit export reads and writes. */
export const AUDIT_EVENTS_PER_STEP = 1_000;
/** The most characters an export's search may have (the list's own bound). */
const MAX_QUERY = 1_000;

/** The kinds `exportStart` starts. */
export const EXPORT_KINDS: readonly JobKind[] = ['EXPORT_AUDIT'];

/**
 * Starts an export in the background (SPEC §10 `exportStart`): the whole audit log, or a search of
 * it, with no cap; its CSV has the columns of the immediate download.
 */
export async function exportStart(
  trx: Tx,
  actor: Actor & { viewer: Viewer },
  queue: JobQueue,
  input: { kind: JobKind; query?: string | null },
): Promise<Job> {
  if (!EXPORT_KINDS.includes(input.kind))
    throw DomainError.one('INVALID', 'This kind of job is not an export.', ['input', 'kind']);
  const query = input.query?.trim() || null;
  if (query && query.length > MAX_QUERY)
    throw DomainError.one('TOO_LONG', `A search can be at most ${MAX_QUERY} characters.`, ['input', 'query']);
  const problems = auditExportProblems(query);
  if (problems.length) throw new DomainError(problems.map((p) => ({ ...p, field: ['input', 'query'] })));
  const day = new Date().toISOString().slice(0, 10);
  return jobStart(trx, actor, queue, {
    kind: 'EXPORT_AUDIT',
    input: { query },
    resultName: `audit-log-${query ? 'search-' : ''}${day}.csv`,
  });
}

interface AuditExportState {
  after: string | null;
  [key: string]: unknown;
}

/** One step of EXPORT_AUDIT: the next 1,000 events after the last step's cursor. */
export const auditExportStep: JobStepHandler = async ({ trx, job }) => {
  const query = typeof job.input['query'] === 'string' ? job.input['query'] : null;
  const state = job.stepState as AuditExportState | null;
  const first = job.step === 0;
  const batch = await auditCsvBatch(trx, query, state?.after ?? null, AUDIT_EVENTS_PER_STEP, first);
  if ('errors' in batch) throw new DomainError(batch.errors);
  const counts = job.report.counts;
  const events = (counts['events'] ?? 0) + batch.events;
  const rows = (counts['rows'] ?? 0) + batch.lines;
  return {
    next: batch.after === null ? null : { after: batch.after },
    progressDone: events,
    ...(first ? { progressTotal: await auditExportTotal(trx, query) } : {}),
    report: { counts: { events, rows }, errors: job.report.errors },
    part: batch.text,
  };
};
