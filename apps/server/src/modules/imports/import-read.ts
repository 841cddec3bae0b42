import fs from 'node:fs';
import { parse, type CsvError } from 'csv-parse';
import { DomainError, IMPORT_ROWS_PER_STEP, MAX_IMPORT_ROWS } from '@stockroom/domain';
import type { CsvRecord, ImportRowResult } from '../jobs/import.model.js';
import type { ImportInput } from './import.service.js';

/*
 * Reading an import's file (issue #29): streamed with csv-parse from a byte offset, never whole in
 * memory — counted once at the start, then read a chunk of whole groups a step.
 */

export function errorRow(row: number, message: string, column: string | null = null): ImportRowResult {
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

/** A group whose rows stand apart in the file: its first row, and the row where it comes back. */
export interface SplitGroup {
  key: string;
  first: number;
  again: number;
}

/**
 * Counts the file's data records (streaming), failing in words when it has too many or can't be
 * read; with `groupKey`, also finds the groups whose rows are split by other rows (each once).
 */
export async function countRecords(
  input: ImportInput,
  file: string,
  groupKey?: (record: CsvRecord) => string,
): Promise<{ total: number; split: SplitGroup[] }> {
  let records = 0;
  let row = 1;
  const firstRows = new Map<string, number>();
  const split = new Map<string, SplitGroup>();
  let last: string | null = null;
  try {
    for await (const r of parserFor(input, file, input.dataOffset)) {
      row++;
      const record = (r as { record: string[] }).record;
      if (isBlank(record)) continue;
      records++;
      if (records > MAX_IMPORT_ROWS)
        throw DomainError.one(
          'INVALID',
          `This file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows, the most one import takes. Split it into smaller files and import them one after another.`,
          ['file'],
        );
      if (!groupKey) continue;
      const cells: Record<string, string> = {};
      input.headers.forEach((h, i) => (cells[h] = (record[i] ?? '').trim()));
      const key = groupKey({ row, cells }).toLowerCase();
      if (key !== '' && key !== last) {
        const first = firstRows.get(key);
        if (first === undefined) firstRows.set(key, row);
        else if (!split.has(key)) split.set(key, { key, first, again: row });
      }
      last = key;
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw unreadable(error, row + 1);
  }
  return { total: records, split: [...split.values()] };
}

export interface Chunk {
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
export async function readChunk(
  input: ImportInput,
  file: string,
  state: { offset: number; row: number },
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
