import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { pipeline } from 'node:stream/promises';
import busboy, { type BusboyHeaders } from '@fastify/busboy';
import { MAX_IMPORT_BYTES } from '@stockroom/domain';
import type { Config } from '../../config.js';

/*
 * GraphQL multipart requests (the upload spec: `operations`, `map`, then the files), read by us
 * instead of Yoga (issue #29). Yoga's parser holds each file in memory and took about 150 s for a
 * 50 MB CSV; here each file part streams to a temporary file as it arrives, the cap checked byte by
 * byte, and the resolver gets a File backed by that file (node:fs openAsBlob). The operations then
 * go to Yoga as parsed params (app/yoga.ts useParsedUpload), so `Upload` variables, and every rule
 * Yoga applies after parsing, are unchanged. The temporary files go when the answer is sent.
 */

/** The most one file of an upload may hold: the largest any Upload argument takes (an import's 50 MB). */
export const MAX_UPLOAD_FILE_BYTES = MAX_IMPORT_BYTES;
/** Files in one request (media takes several images at once). */
const MAX_UPLOAD_FILES = 50;
/** `operations` and `map` are JSON of at most this (as a JSON request body). */
const MAX_FIELD_BYTES = 1024 * 1024;

export interface GraphQLUploadParams {
  query?: string;
  operationName?: string;
  variables?: Record<string, unknown>;
  extensions?: Record<string, unknown>;
}

export type ParsedUpload =
  | { ok: true; params: GraphQLUploadParams; cleanup: () => Promise<void> }
  | { ok: false; status: number; message: string };

/** Where uploads wait while their request runs. */
export function uploadsDir(config: Pick<Config, 'dataDir'>): string {
  return config.dataDir === 'memory://'
    ? path.join(os.tmpdir(), 'stockroom-uploads')
    : path.join(config.dataDir, 'uploads');
}

export function isMultipart(req: http.IncomingMessage): boolean {
  return (
    req.method === 'POST' &&
    (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data')
  );
}

const MB = 1024 * 1024;

interface Part {
  file: string;
  name: string;
  type: string;
}

/**
 * Reads a multipart GraphQL request to its end: the fields as text, each file to its own
 * temporary file. Answers the operations with each mapped variable set to its File, or why not in
 * words (413 past the cap, 400 for a body that is not the upload spec's).
 */
export async function parseUpload(
  req: http.IncomingMessage,
  config: Pick<Config, 'dataDir'>,
): Promise<ParsedUpload> {
  const dir = path.join(uploadsDir(config), randomUUID());
  await fsp.mkdir(dir, { recursive: true });
  const cleanup = () => fsp.rm(dir, { recursive: true, force: true });
  const fields = new Map<string, string>();
  const parts = new Map<string, Part>();
  const writes: Promise<void>[] = [];
  let refusal: { status: number; message: string } | null = null;
  const refuse = (status: number, message: string) => (refusal ??= { status, message });
  try {
    const parser = busboy({
      headers: req.headers as BusboyHeaders,
      limits: {
        fieldSize: MAX_FIELD_BYTES,
        fields: 20,
        files: MAX_UPLOAD_FILES,
        fileSize: MAX_UPLOAD_FILE_BYTES,
        headerPairs: 100,
      },
    });
    parser.on('field', (name, value, nameTruncated, valueTruncated) => {
      if (valueTruncated || nameTruncated)
        refuse(413, `The “${name}” part of this upload is over 1 MB; send the query in under 1 MB.`);
      else fields.set(name, value);
    });
    parser.on('file', (name, stream, filename, _encoding, mimeType) => {
      if (refusal) return stream.resume();
      const file = path.join(dir, String(parts.size));
      parts.set(name, { file, name: filename || 'upload', type: mimeType || 'application/octet-stream' });
      stream.on('limit', () => {
        refuse(
          413,
          `The file “${filename || name}” is over ${MAX_UPLOAD_FILE_BYTES / MB} MB; an upload takes at most ${MAX_UPLOAD_FILE_BYTES / MB} MB. Split it into smaller files and send them one after another.`,
        );
      });
      writes.push(pipeline(stream, fs.createWriteStream(file)));
    });
    parser.on('filesLimit', () => refuse(413, `Send at most ${MAX_UPLOAD_FILES} files in one upload.`));
    parser.on('fieldsLimit', () => refuse(400, 'This upload has too many parts.'));
    await new Promise<void>((resolve, reject) => {
      parser.on('finish', resolve);
      parser.on('error', reject);
      req.on('aborted', () => reject(new Error('The request was aborted.')));
      req.pipe(parser);
    });
    await Promise.all(writes);
  } catch (error) {
    await cleanup();
    return { ok: false, status: 400, message: `This upload is not valid multipart data: ${reason(error)}` };
  }
  const failed = refusal as { status: number; message: string } | null;
  if (failed) {
    await cleanup();
    return { ok: false, ...failed };
  }
  const params = await operationsOf(fields, parts);
  if ('message' in params) {
    await cleanup();
    return { ok: false, status: 400, message: params.message };
  }
  return { ok: true, params: params.operations, cleanup };
}

function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.endsWith('.') ? message : `${message}.`;
}

/** The upload spec: `operations` (JSON), `map` (JSON: file part → variable paths), the files. */
async function operationsOf(
  fields: Map<string, string>,
  parts: Map<string, Part>,
): Promise<{ operations: GraphQLUploadParams } | { message: string }> {
  const operationsText = fields.get('operations');
  if (operationsText === undefined) return { message: 'This upload has no “operations” part.' };
  let operations: unknown;
  let map: unknown = {};
  try {
    operations = JSON.parse(operationsText);
    const mapText = fields.get('map');
    if (mapText !== undefined) map = JSON.parse(mapText);
  } catch {
    return { message: 'The “operations” or “map” part of this upload is not valid JSON.' };
  }
  if (typeof operations !== 'object' || operations === null || Array.isArray(operations))
    return { message: 'The “operations” part of this upload must be one operation (a JSON object).' };
  if (typeof map !== 'object' || map === null || Array.isArray(map))
    return { message: 'The “map” part of this upload must be a JSON object.' };
  for (const [partName, paths] of Object.entries(map as Record<string, unknown>)) {
    const part = parts.get(partName);
    if (!part)
      return { message: `The “map” names a file part “${partName}” that this upload does not hold.` };
    if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string'))
      return { message: `The “map” entry of “${partName}” must be a list of variable paths.` };
    const blob = await fs.openAsBlob(part.file, { type: part.type });
    const file = new File([blob], part.name, { type: part.type });
    for (const p of paths as string[]) setPath(operations as Record<string, unknown>, p, file);
  }
  return { operations: operations };
}

/** Sets `variables.file` or `variables.files.0` (as Yoga's own parser does; never a prototype). */
function setPath(object: Record<string, unknown>, keyPath: string, value: unknown): void {
  const keys = keyPath.split('.');
  let current: Record<string, unknown> = object;
  for (const [i, key] of keys.entries()) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') return;
    if (i === keys.length - 1) {
      current[key] = value;
      return;
    }
    const next = current[key];
    if (typeof next !== 'object' || next === null || !Object.hasOwn(current, key)) current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
}
