import { DomainError } from '@stockroom/domain';
import { auditEventRow, type AuditEvent } from '../audit/audit.model.js';
import { auditEventRevert } from '../undo/undo.service.js';
import type { StepContext, StepOutcome } from '../jobs/job-runner.service.js';
import type { Importer, ImportRowResult } from '../jobs/import.model.js';
import { addToReport, importContext } from './import-context.js';
import { saveImportRows, subjectsOf } from './import.repository.js';
import { importInputOf } from './import.service.js';

/*
 * The undo of a whole import (jobRevert, issue #29): the apply's audit events, newest first, each
 * undone alone through its importer's reverter or undo's own rules.
 */

/** Audit events a revert step undoes. */
const REVERT_EVENTS_PER_STEP = 500;

interface RevertStepState {
  /** The id of the last event undone (the next step takes older ones). */
  before: string | null;
  done: number;
  total: number;
}

/** One step of a revert: up to 500 of the apply's audit events, newest first, each undone alone. */
export async function revertStep(ctx: StepContext, importer: Importer): Promise<StepOutcome> {
  const { trx, job, actor } = ctx;
  const applyId = importInputOf(job).of!;
  let state = job.stepState as unknown as RevertStepState | null;
  if (!state) {
    const counted = await trx
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('job_id', '=', applyId)
      .executeTakeFirstOrThrow();
    state = { before: null, done: 0, total: Number(counted.n) };
  }
  let q = trx
    .selectFrom('audit_events')
    .select(auditEventRow.columns)
    .where('job_id', '=', applyId)
    .orderBy('id', 'desc')
    .limit(REVERT_EVENTS_PER_STEP);
  if (state.before) q = q.where('id', '<', state.before);
  const events: AuditEvent[] = (await q.execute()).map(auditEventRow.of);
  const subjects = await subjectsOf(
    trx,
    applyId,
    events.flatMap((e) => (e.subjectId ? [e.subjectId] : [])),
  );
  const context = importContext(trx, actor, 'APPLY', [], job.id);
  const results: ImportRowResult[] = [];
  for (const [i, event] of events.entries()) {
    const reverter = importer.reverters[event.action] ?? auditEventRevert;
    const undone = await context.isolated(() => reverter(trx, actor, event));
    const about = event.subjectId ? subjects.get(event.subjectId) : undefined;
    results.push({
      row: state.done + i + 1,
      outcome: undone.ok ? 'REVERTED' : 'ERROR',
      subject: about?.subject ?? null,
      subjectType: about?.subjectType ?? event.subjectType,
      // A record deleted again has no page to link to.
      subjectId: undone.ok && event.action.endsWith('.create') ? null : event.subjectId,
      changes: revertChanges(event),
      problems: undone.ok
        ? []
        : (undone.error as DomainError).errors.map((e) => ({
            column: null,
            code: e.code,
            message: e.message,
          })),
    });
  }
  await saveImportRows(trx, job.id, results);
  const done = state.done + events.length;
  const last = events.at(-1);
  return {
    next:
      events.length === REVERT_EVENTS_PER_STEP && last ? { before: last.id, done, total: state.total } : null,
    progressDone: done,
    progressTotal: state.total,
    report: addToReport(job.report, 'REVERT', results),
  };
}

/** Fields an undo row leaves out: bookkeeping, not what a merchant changed. */
const UNLISTED = new Set(['reverted_event', 'movement', 'address_id', 'version', 'id']);

/**
 * What undoing one event changes, as the report shows it: a record the import created is deleted
 * (one line, not its every field); otherwise each field back from what the import wrote to what it
 * was, named and written in words ("last name: Importa → Smith", "tags: wholesale → (none)").
 */
function revertChanges(event: AuditEvent): ImportRowResult['changes'] {
  if (event.action.endsWith('.create'))
    return [{ field: 'Record', before: 'Created by the import', after: 'Deleted again' }];
  return Object.entries(event.changes)
    .filter(([field]) => !UNLISTED.has(field))
    .map(([field, c]) => ({ field: fieldWords(field), before: words(c.after), after: words(c.before) }));
}

function fieldWords(field: string): string {
  const spaced = field.replace(/_id$/, '').replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function words(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (Array.isArray(value))
    return value.every((v) => typeof v === 'string' || typeof v === 'number')
      ? value.join(', ') || '(none)'
      : `${value.length.toLocaleString('en-US')} item${value.length === 1 ? '' : 's'}`;
  return JSON.stringify(value);
}
