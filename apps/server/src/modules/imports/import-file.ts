import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { DomainError, MAX_IMPORT_BYTES } from '@stockroom/domain';
import type { Config } from '../../config.js';
import { uuidv7 } from '../../lib/uuid.js';
import { jobFilesDir } from '../jobs/job-files.js';

/** The delimiters a file may use (detected from its header line). */
export type CsvDelimiter = ',' | ';';

/** An uploaded CSV, stored in the directory of the job it will start. */
export interface ReceivedImportFile {
  /** The id the job it starts takes (its directory holds the file). */
  jobId: string;
  name: string;
  bytes: number;
  sha256: string;
  delimiter: CsvDelimiter;
  /** The header's names as written (trimmed), in order. */
  headers: string[];
  /** Where the first data record starts, in bytes (after the BOM and the header line). */
  dataOffset: number;
}

const UPLOAD_NAME = 'upload.csv';
/** The most of a file's start read to find its header line. */
const HEAD_BYTES = 64 * 1024;
const MB = 1024 * 1024;

/** Where an import job's uploaded file lives. */
export function importFilePath(filesDir: string, fileJobId: string): string {
  return path.join(filesDir, fileJobId, UPLOAD_NAME);
}

function fileProblem(message: string): DomainError {
  return DomainError.one('INVALID', message, ['file']);
}

const SAVE_AS =
  'Save it from your spreadsheet as “CSV UTF-8 (comma delimited)” (or with semicolons) and upload that file.';

/**
 * Streams an upload to its job's directory, computing its size and SHA-256 and checking as it goes
 * that it is UTF-8 text; then reads its header line. Any problem is a userError on `file` in words
 * (and the file is deleted): over 50 MB, UTF-16, binary, empty, no data rows.
 */
export async function receiveImportFile(
  config: Pick<Config, 'dataDir'>,
  file: File,
): Promise<ReceivedImportFile> {
  const tooBig = fileProblem(
    `This file is ${Math.ceil(file.size / MB)} MB; an import takes at most ${MAX_IMPORT_BYTES / MB} MB. Split it into smaller files and import them one after another.`,
  );
  if (file.size > MAX_IMPORT_BYTES) throw tooBig;
  const jobId = uuidv7();
  const target = importFilePath(jobFilesDir(config), jobId);
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const hash = createHash('sha256');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bytes = 0;
  let head = Buffer.alloc(0);
  let problem: DomainError | null = null;
  const check = async function* (source: AsyncIterable<Uint8Array>) {
    for await (const chunk of source) {
      const buf = Buffer.from(chunk);
      if (bytes === 0 && buf.length >= 2) problem ??= encodingProblem(buf);
      bytes += buf.length;
      if (bytes > MAX_IMPORT_BYTES) problem = tooBig;
      if (problem) throw problem;
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, buf.subarray(0, HEAD_BYTES - head.length)]);
      if (buf.includes(0)) throw (problem = binary());
      try {
        decoder.decode(buf, { stream: true });
      } catch {
        throw (problem = notUtf8());
      }
      hash.update(buf);
      yield buf;
    }
  };
  try {
    await pipeline(chunksOf(file), check, fs.createWriteStream(target));
    try {
      decoder.decode();
    } catch {
      throw notUtf8();
    }
    const header = await readHeader(head, bytes);
    return { jobId, name: file.name || 'import.csv', bytes, sha256: hash.digest('hex'), ...header };
  } catch (error) {
    await fsp.rm(path.dirname(target), { recursive: true, force: true });
    throw problem ?? error;
  }
}

/** Deletes an upload that started no job. */
export async function discardImportFile(
  config: Pick<Config, 'dataDir'>,
  file: ReceivedImportFile,
): Promise<void> {
  await fsp.rm(path.dirname(importFilePath(jobFilesDir(config), file.jobId)), {
    recursive: true,
    force: true,
  });
}

/** The upload's bytes as they arrive (Yoga's File streams a web ReadableStream of its own kind). */
async function* chunksOf(file: File): AsyncGenerator<Uint8Array> {
  const reader = file.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

function encodingProblem(start: Buffer): DomainError | null {
  if ((start[0] === 0xff && start[1] === 0xfe) || (start[0] === 0xfe && start[1] === 0xff))
    return fileProblem(`This file is UTF-16 text; an import reads UTF-8. ${SAVE_AS}`);
  return null;
}

function binary(): DomainError {
  return fileProblem(
    `This is not a CSV file (it holds binary data, as a spreadsheet’s .xlsx or .numbers file does). ${SAVE_AS}`,
  );
}

function notUtf8(): DomainError {
  return fileProblem(
    `This file is not UTF-8 text (it may be saved in another encoding, such as Windows-1252). ${SAVE_AS}`,
  );
}

/** The header line: its names, the delimiter it uses and where the data starts. */
async function readHeader(
  head: Buffer,
  bytes: number,
): Promise<{ delimiter: CsvDelimiter; headers: string[]; dataOffset: number }> {
  const bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  const text = head.subarray(bom).toString('utf8');
  if (!text.trim())
    throw fileProblem(
      'This file is empty. Upload a CSV whose first row names the columns, with a row per record.',
    );
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  if (firstLine.length === text.length && bytes > head.length)
    throw fileProblem(
      'The first row of this file is longer than 64 KB, so it is not a header naming the columns. Upload a CSV whose first row names the columns.',
    );
  const outside = firstLine.replace(/"[^"]*"/g, '');
  const delimiter: CsvDelimiter = count(outside, ';') > count(outside, ',') ? ';' : ',';
  const records: { record: string[]; info: { bytes: number } }[] = [];
  try {
    const parser = Readable.from([head.subarray(bom)]).pipe(
      parse({
        delimiter,
        info: true,
        relax_column_count: true,
        to: 1,
        record_delimiter: ['\r\n', '\n', '\r'],
      }),
    );
    for await (const r of parser) records.push(r as { record: string[]; info: { bytes: number } });
  } catch {
    throw fileProblem(
      'The first row of this file can’t be read as CSV column names (a quote is not closed).',
    );
  }
  const header = records[0];
  if (!header) throw fileProblem('This file has no header row naming its columns.');
  const headers = header.record.map((h) => h.trim());
  const dataOffset = bom + header.info.bytes;
  const blank = headers.findIndex((h) => h === '');
  if (blank >= 0 && headers.length > 1)
    throw fileProblem(
      `Column ${blank + 1} of the header row has no name. Name every column in the first row (or delete the empty column).`,
    );
  if (!hasData(head, dataOffset, bytes, delimiter))
    throw fileProblem(
      'This file has a header row but no rows of data under it. Add a row per record and upload it again.',
    );
  return { delimiter, headers, dataOffset };
}

/** Whether anything but blank lines (or rows of empty cells) follows the header. */
function hasData(head: Buffer, dataOffset: number, bytes: number, delimiter: CsvDelimiter): boolean {
  const rest = head.subarray(dataOffset).toString('utf8');
  if (rest.split(delimiter).join('').trim()) return true;
  // The head was all blank after the header: only a longer file may still have data further on.
  return bytes > head.length;
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}
