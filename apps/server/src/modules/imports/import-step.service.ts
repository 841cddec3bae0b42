import fs from 'node:fs';
import { DomainError, type ImportKind } from '@stockroom/domain';
import type { JobStepHandler, StepContext, StepOutcome } from '../jobs/job-runner.service.js';
import type { CsvRecord, ImportContext, Importer, ImportRowResult } from '../jobs/import.model.js';
import { addToReport, importContext } from './import-context.js';
import { importFilePath } from './import-file.js';
import { countRecords, errorRow, readChunk } from './import-read.js';
import { revertStep } from './import-revert.service.js';
import { claimImportKeys, heldImportKeys, saveImportRows } from './import.repository.js';
import { importInputOf } from './import.service.js';

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

/**
 * The rows of groups the file splits (found when it was first read): each an ERROR row, the first
 * part's and the later part's, so no product is written from half its rows.
 */
async function wholeGroups(
  ctx: ImportContext,
  jobId: string,
  importer: Importer,
  records: CsvRecord[],
): Promise<{ records: CsvRecord[]; refused: ImportRowResult[] }> {
  if (!importer.groupKey || !records.length) return { records, refused: [] };
  const keyOf = new Map(records.map((r) => [r, importer.groupKey!(r).toLowerCase()]));
  const names = [...new Set(keyOf.values())].filter((k) => k !== '');
  const held = await heldImportKeys(ctx.trx, jobId, [
    ...names.map((k) => `split:${k}`),
    ...names.map((k) => `split-again:${k}`),
  ]);
  const kept: CsvRecord[] = [];
  const refused: ImportRowResult[] = [];
  for (const r of records) {
    const key = keyOf.get(r)!;
    const first = held.get(`split:${key}`);
    const again = held.get(`split-again:${key}`);
    if (first === undefined || again === undefined) kept.push(r);
    else
      refused.push(
        errorRow(
          r.row,
          r.row < again
            ? `The rows of “${key}” are not together: more of them come at row ${again}, after other rows. Keep all the rows of “${key}” together, one under the other; none of them was imported.`
            : `“${key}” already appeared at row ${first}, before other rows. Keep all the rows of “${key}” together, one under the other; none of them was imported.`,
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
  const groupKey = importer.groupKey?.bind(importer);
  let state = job.stepState as unknown as FileStepState | null;
  if (!state) {
    // The first step reads the whole file once: its rows, and the groups split by other rows,
    // kept for every step (a group is refused whole, its first part too, before any is written).
    const counted = await countRecords(input, file, groupKey);
    await claimImportKeys(
      trx,
      job.id,
      counted.split.flatMap((g) => [
        { key: `split:${g.key}`, row: g.first },
        { key: `split-again:${g.key}`, row: g.again },
      ]),
    );
    state = { offset: input.dataOffset, row: 2, done: 0, total: counted.total };
  }
  const chunk = await readChunk(input, file, state, groupKey);
  const context = importContext(trx, actor, mode, input.headers, job.id);
  const groups = await splitGroups(context, importer, chunk.records);
  const whole = await wholeGroups(context, job.id, importer, groups.records);
  const results = whole.records.length ? await importer.run(context, whole.records) : [];
  const all = [...results, ...chunk.refused, ...groups.refused, ...whole.refused].sort(
    (a, b) => a.row - b.row,
  );
  await saveImportRows(trx, job.id, all);
  const done = state.done + chunk.read;
  return {
    next: chunk.next ? { ...chunk.next, done, total: state.total } : null,
    progressDone: done,
    progressTotal: state.total,
    report: addToReport(job.report, mode, all),
  };
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
