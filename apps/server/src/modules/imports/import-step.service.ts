import fs from 'node:fs';
import { sql } from 'kysely';
import { parse, type CsvError } from 'csv-parse';
import {
  DomainError,
  IMPORT_ROWS_PER_STEP,
  MAX_IMPORT_ROWS,
  type ImportKind,
  type ImportRowOutcome,
} from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import { auditEventRow, type AuditEvent } from '../audit/audit.model.js';
import { dropPendingEvents, pendingEventCount } from '../events/events.service.js';
import { auditEventRevert } from '../undo/undo.service.js';
import type { JobProblem, JobReport } from '../jobs/jobs.model.js';
import type { JobStepHandler, StepContext, StepOutcome } from '../jobs/job-runner.service.js';
import type { CsvRecord, ImportContext, Importer, ImportRowResult } from '../jobs/import.model.js';
import { importFilePath } from './import-file.js';
import { claimImportKeys, saveImportRows, subjectsOf } from './import.repository.js';
import { importInputOf, type ImportInput } from './import.service.js';

/** The most problems a report keeps (the counts say how many in all). */
const MAX_REPORTED = 50;
/** Audit events a revert step undoes. */
const REVERT_EVENTS_PER_STEP = 500;

/** Where the next step of a file's import starts. */
interface FileStepState {
  /** Bytes into the file where the next record starts. */
  offset: number;
  /** The spreadsheet row of that record (the header is 1). */
  row: number;
  /** Records (rows of data) read so far. */
  done: number;
  total: number;
}

interface RevertStepState {
  /** The id of the last event undone (the next step takes older ones). */
  before: string | null;
  done: number;
  total: number;
}

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

/** The report with a chunk's results added: counts, and problems up to the first 50. */
function addToReport(
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
    for (const p of r.problems)
      if (errors.length < MAX_REPORTED) errors.push({ row: r.row, field: p.column, message: p.message });
  }
  return { counts, errors };
}

function errorRow(row: number, message: string, column: string | null = null): ImportRowResult {
  return {
    row,
    outcome: 'ERROR',
    subject: null,
    subjectType: null,
    subjectId: null,
    changes: [],
    problems: [{ column, code: 'INVALID', message }],
  };
}

function parserFor(input: ImportInput, file: string, offset: number) {
  return fs.createReadStream(file, { start: offset }).pipe(
    parse({
      delimiter: input.delimiter,
      info: true,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    }),
  );
}

/** A parser's failure in words, with the row where it happened. */
function unreadable(error: unknown, row: number): DomainError {
  const code = (error as Partial<CsvError>).code;
  const what =
    code === 'CSV_QUOTE_NOT_CLOSED'
      ? 'a quoted value is never closed (a " is missing)'
      : code === 'CSV_INVALID_CLOSING_QUOTE' || code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE'
        ? 'a quote closes a value in the middle of it (write "" for a quote inside a quoted value)'
        : 'it is not valid CSV';
  return DomainError.one(
    'INVALID',
    `The file can’t be read from row ${row} on: ${what}. Fix that row in your spreadsheet and upload the file again.`,
    ['file'],
  );
}

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

/** Counts the file's data records (streaming), failing in words when it has too many or can't be read. */
async function countRecords(input: ImportInput, file: string): Promise<number> {
  let records = 0;
  let row = 1;
  try {
    for await (const r of parserFor(input, file, input.dataOffset)) {
      row++;
      if (isBlank((r as { record: string[] }).record)) continue;
      records++;
      if (records > MAX_IMPORT_ROWS)
        throw DomainError.one(
          'INVALID',
          `This file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows, the most one import takes. Split it into smaller files and import them one after another.`,
          ['file'],
        );
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw unreadable(error, row + 1);
  }
  return records;
}

interface Chunk {
  records: CsvRecord[];
  /** Rows the engine itself answers (too many cells, a group seen again). */
  refused: ImportRowResult[];
  next: { offset: number; row: number } | null;
  read: number;
}

/**
 * Reads whole groups from `state.offset`, about IMPORT_ROWS_PER_STEP records: it stops before the
 * first record of a new group once it has enough, so a group is never split.
 */
async function readChunk(
  input: ImportInput,
  file: string,
  state: FileStepState,
  groupKey: ((record: CsvRecord) => string) | undefined,
): Promise<Chunk> {
  const records: CsvRecord[] = [];
  const refused: ImportRowResult[] = [];
  let row = state.row - 1;
  let consumed = 0;
  let lastGroup: string | null = null;
  let read = 0;
  let stoppedEarly = false;
  const parser = parserFor(input, file, state.offset);
  try {
    for await (const r of parser) {
      const { record, info } = r as { record: string[]; info: { bytes: number } };
      const thisRow = row + 1;
      if (isBlank(record)) {
        row = thisRow;
        consumed = info.bytes;
        continue;
      }
      const cells: Record<string, string> = {};
      input.headers.forEach((h, i) => (cells[h] = (record[i] ?? '').trim()));
      const csv: CsvRecord = { row: thisRow, cells };
      const group = groupKey ? groupKey(csv) : `row:${thisRow}`;
      if (read >= IMPORT_ROWS_PER_STEP && group !== lastGroup) {
        stoppedEarly = true;
        break;
      }
      row = thisRow;
      consumed = info.bytes;
      read++;
      lastGroup = group;
      if (record.length > input.headers.length)
        refused.push(
          errorRow(
            thisRow,
            `This row has ${record.length} cells but the header names ${input.headers.length} columns. A value holding a ${input.delimiter === ',' ? 'comma' : 'semicolon'} must be in quotes.`,
          ),
        );
      else records.push(csv);
    }
  } catch (error) {
    throw unreadable(error, row + 1);
  } finally {
    parser.destroy();
  }
  return {
    records,
    refused,
    read,
    next: stoppedEarly ? { offset: state.offset + consumed, row: row + 1 } : null,
  };
}

/**
 * A group's rows must stand together: a group seen before, after other groups, is an ERROR row
 * (each of its rows here), naming where it was first.
 */
async function splitGroups(
  ctx: ImportContext,
  importer: Importer,
  records: CsvRecord[],
): Promise<{ records: CsvRecord[]; refused: ImportRowResult[] }> {
  if (!importer.groupKey) return { records, refused: [] };
  const firstRows = new Map<string, number>();
  const keyOf = new Map<CsvRecord, string>();
  for (const r of records) {
    const key = importer.groupKey(r);
    keyOf.set(r, key);
    if (!firstRows.has(key)) firstRows.set(key, r.row);
  }
  const claims = [...firstRows]
    .filter(([key]) => key !== '')
    .map(([key, row]) => ({ key: `group:${key.toLowerCase()}`, row }));
  const earlier = await ctx.claimKeys(claims);
  const kept: CsvRecord[] = [];
  const refused: ImportRowResult[] = [];
  for (const r of records) {
    const key = keyOf.get(r)!;
    const first = key === '' ? undefined : earlier.get(`group:${key.toLowerCase()}`);
    if (first === undefined) kept.push(r);
    else
      refused.push(
        errorRow(
          r.row,
          `“${key}” already appeared at row ${first}, before other rows. Keep all the rows of “${key}” together, one under the other.`,
        ),
      );
  }
  return { records: kept, refused };
}

/** One step of a dry run or an apply: whole groups, about 500 rows, one transaction. */
async function fileStep(ctx: StepContext, importer: Importer, filesDir: string): Promise<StepOutcome> {
  const { trx, job, actor } = ctx;
  const input = importInputOf(job);
  const mode = input.mode === 'APPLY' ? 'APPLY' : 'DRY_RUN';
  const file = importFilePath(filesDir, input.fileJob);
  if (!fs.existsSync(file))
    throw DomainError.one(
      'INVALID',
      'The uploaded file is gone (it was deleted for its age); upload it again.',
      ['file'],
    );
  const state: FileStepState = (job.stepState as unknown as FileStepState | null) ?? {
    offset: input.dataOffset,
    row: 2,
    done: 0,
    total: await countRecords(input, file),
  };
  const chunk = await readChunk(input, file, state, importer.groupKey?.bind(importer));
  const context = importContext(trx, actor, mode, input.headers, job.id);
  const groups = await splitGroups(context, importer, chunk.records);
  const results = groups.records.length ? await importer.run(context, groups.records) : [];
  const all = [...results, ...chunk.refused, ...groups.refused].sort((a, b) => a.row - b.row);
  await saveImportRows(trx, job.id, all);
  const done = state.done + chunk.read;
  return {
    next: chunk.next ? { ...chunk.next, done, total: state.total } : null,
    progressDone: done,
    progressTotal: state.total,
    report: addToReport(job.report, mode, all),
  };
}

/** One step of a revert: up to 500 of the apply's audit events, newest first, each undone alone. */
async function revertStep(ctx: StepContext, importer: Importer): Promise<StepOutcome> {
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

/** The step handler of one import kind (app/jobs.ts registers one per IMPORT_* job kind). */
export function importStep(
  importers: Partial<Record<ImportKind, Importer>>,
  kind: ImportKind,
  filesDir: string,
): JobStepHandler {
  return async (ctx) => {
    const importer = importers[kind];
    if (!importer) throw DomainError.one('INVALID', 'This server can’t import this kind of file.', null);
    return importInputOf(ctx.job).mode === 'REVERT'
      ? revertStep(ctx, importer)
      : fileStep(ctx, importer, filesDir);
  };
}
