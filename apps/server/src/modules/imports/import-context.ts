import { sql } from 'kysely';
import { DomainError, type ImportRowOutcome } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import { dropPendingEvents, pendingEventCount } from '../events/events.service.js';
import type { JobProblem, JobReport } from '../jobs/jobs.model.js';
import type { StepContext } from '../jobs/job-runner.service.js';
import type { ImportContext, ImportRowResult } from '../jobs/import.model.js';
import { claimImportKeys } from './import.repository.js';

/* What an import step hands its importer (keys, savepoints) and how its results add to the report. */

/** The most problems a report keeps (the counts say how many in all). */
const MAX_REPORTED = 50;

/** The context an importer's chunk runs in: keys claimed for the file, groups isolated by savepoints. */
export function importContext(
  trx: Tx,
  actor: StepContext['actor'],
  mode: 'DRY_RUN' | 'APPLY',
  headers: string[],
  jobId: string,
): ImportContext {
  let savepoints = 0;
  return {
    trx,
    actor,
    mode,
    headers,
    claimKeys: (keys) => claimImportKeys(trx, jobId, keys),
    isolated: async (work) => {
      const name = `s_${++savepoints}`;
      const events = pendingEventCount(trx);
      await sql.raw(`savepoint ${name}`).execute(trx);
      try {
        const value = await work();
        await sql.raw(`release savepoint ${name}`).execute(trx);
        return { ok: true as const, value };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        await sql.raw(`rollback to savepoint ${name}`).execute(trx);
        await sql.raw(`release savepoint ${name}`).execute(trx);
        dropPendingEvents(trx, events);
        return { ok: false as const, error };
      }
    },
  };
}

function emptyCounts(mode: 'DRY_RUN' | 'APPLY' | 'REVERT'): Record<string, number> {
  return mode === 'REVERT'
    ? { rows: 0, reverted: 0, errors: 0 }
    : { rows: 0, created: 0, updated: 0, unchanged: 0, deleted: 0, errors: 0 };
}

const COUNT_OF: Record<ImportRowOutcome, string> = {
  CREATED: 'created',
  UPDATED: 'updated',
  UNCHANGED: 'unchanged',
  DELETED: 'deleted',
  REVERTED: 'reverted',
  ERROR: 'errors',
};

/** The report with a chunk's results added: counts (the rows' outcomes and their tallies), and problems up to the first 50. */
export function addToReport(
  report: JobReport,
  mode: 'DRY_RUN' | 'APPLY' | 'REVERT',
  results: ImportRowResult[],
): JobReport {
  const counts = { ...emptyCounts(mode), ...report.counts };
  const errors: JobProblem[] = [...report.errors];
  for (const r of results) {
    counts['rows'] = (counts['rows'] ?? 0) + 1;
    const name = COUNT_OF[r.outcome];
    counts[name] = (counts[name] ?? 0) + 1;
    for (const t of r.tally ?? []) counts[t] = (counts[t] ?? 0) + 1;
    for (const p of r.problems)
      if (errors.length < MAX_REPORTED) errors.push({ row: r.row, field: p.column, message: p.message });
  }
  return { counts, errors };
}
