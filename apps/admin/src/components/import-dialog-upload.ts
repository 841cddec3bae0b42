import { print } from 'graphql';
import { CSRF_HEADER } from '@stockroom/domain/http';
import { MAX_IMPORT_BYTES } from '@stockroom/domain';
import { graphql } from '../gql';
import type { ImportKind, ImportStartMutation } from '../gql/graphql';
import { TRANSPORT_MESSAGES } from '../lib/errors';

/** Starts an import's dry run (or a straight apply) from a CSV; sent as a GraphQL multipart request. */
export const importStartDocument = graphql(`
  mutation ImportStart($kind: ImportKind!, $file: Upload!, $dryRun: Boolean, $idempotencyKey: String) {
    importStart(kind: $kind, file: $file, dryRun: $dryRun, idempotencyKey: $idempotencyKey) {
      job {
        ...LiveJobFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

const inMb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const LIMIT_WORDS = `${MAX_IMPORT_BYTES / 1024 / 1024} MB`;

/**
 * Why this file can't be sent, in words; null when it can. Said before sending: a browser sending
 * 80 MB only to be refused wastes minutes.
 */
export function importFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.csv$/i.test(file.name))
    return `“${file.name}” is not a CSV file. Save the spreadsheet as CSV (comma-separated, UTF-8) and choose that file.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > MAX_IMPORT_BYTES)
    return `“${file.name}” is ${inMb(file.size)}; an import can be at most ${LIMIT_WORDS}. Split it into smaller files.`;
  return null;
}

/** One CSV header field, quoted when it must be (a comma, a quote or a line break in it). */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The template: the columns' header line, ready to open in a spreadsheet. */
export function templateCsv(columns: readonly { name: string }[]): string {
  return `${columns.map((c) => csvField(c.name)).join(',')}\r\n`;
}

export type ImportStarted = NonNullable<ImportStartMutation['importStart']['job']>;

export interface ImportUploadOutcome {
  job: ImportStarted | null;
  /** Refusals of the file (`file` userErrors), in the server's words. */
  fileErrors: string[];
  /** Anything else that went wrong, in words. */
  errors: string[];
}

interface Answer {
  data?: ImportStartMutation | null;
  errors?: { message: string }[];
}

function parseAnswer(text: string): Answer | null {
  try {
    return JSON.parse(text) as Answer | null;
  } catch {
    return null;
  }
}

/**
 * Posts operations/map/file (the GraphQL multipart request spec) with XMLHttpRequest, whose upload
 * reports how much is sent (fetch does not). Same cookie and CSRF header as every request.
 */
export function uploadImport({
  kind,
  file,
  idempotencyKey,
  onProgress,
  signal,
}: {
  kind: ImportKind;
  file: File;
  idempotencyKey: string;
  onProgress: (sent: number, total: number) => void;
  signal?: AbortSignal;
}): Promise<ImportUploadOutcome> {
  const body = new FormData();
  body.append(
    'operations',
    JSON.stringify({
      operationName: 'ImportStart',
      query: print(importStartDocument),
      variables: { kind, file: null, dryRun: true, idempotencyKey },
    }),
  );
  body.append('map', JSON.stringify({ '0': ['variables.file'] }));
  body.append('0', file, file.name);

  return new Promise((resolve) => {
    const failed = (message: string) => resolve({ job: null, fileErrors: [], errors: [message] });
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/graphql');
    xhr.withCredentials = true;
    xhr.setRequestHeader(CSRF_HEADER, '1');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onerror = () => failed(TRANSPORT_MESSAGES.network);
    xhr.onabort = () => failed('The upload was stopped.');
    xhr.onload = () => {
      const json = parseAnswer(xhr.responseText);
      if (!json) {
        failed(
          xhr.status === 413
            ? `The server refused the file as too large; an import can be at most ${LIMIT_WORDS}.`
            : TRANSPORT_MESSAGES.http(xhr.status),
        );
        return;
      }
      if (json.errors?.length) {
        failed(json.errors.map((e) => e.message).join(' '));
        return;
      }
      const payload = json.data?.importStart;
      if (!payload) {
        failed(TRANSPORT_MESSAGES.empty);
        return;
      }
      const onFile = (e: { field?: readonly string[] | null }) => e.field?.includes('file') ?? false;
      resolve({
        job: payload.job ?? null,
        fileErrors: payload.userErrors.filter(onFile).map((e) => e.message),
        errors: payload.userErrors.filter((e) => !onFile(e)).map((e) => e.message),
      });
    };
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}
