import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config.js';

/**
 * Where job results live: beside the media (catalog/media.service.ts mediaDir), in the data
 * directory, so instances that share it (as they share media) serve each other's results.
 */
export function jobFilesDir(config: Pick<Config, 'dataDir'>): string {
  return config.dataDir === 'memory://'
    ? path.join(os.tmpdir(), 'stockroom-job-files')
    : path.join(config.dataDir, 'job-files');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function partPath(dir: string, jobId: string, part: number): string {
  if (!UUID.test(jobId) || !Number.isSafeInteger(part) || part < 0) throw new Error('Not a job part.');
  return path.join(dir, jobId, `${String(part).padStart(6, '0')}.part`);
}

/**
 * Writes one part of a result (one step's rows), whole or not at all (written aside, then renamed).
 * A step that runs again writes the same part again, so a result never holds a row twice.
 */
export async function writeJobPart(dir: string, jobId: string, part: number, text: string): Promise<void> {
  const file = partPath(dir, jobId, part);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}.tmp`;
  await fsp.writeFile(aside, text);
  await fsp.rename(aside, file);
}

/** The parts of a finished result, in order; null when one is missing. */
export function jobPartFiles(dir: string, jobId: string, parts: number): string[] | null {
  const files = Array.from({ length: parts }, (_, i) => partPath(dir, jobId, i));
  return files.every((f) => fs.existsSync(f)) ? files : null;
}

/** The jobs that have files here (by their directories' names). */
export async function jobsWithFiles(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  return entries.filter((e) => e.isDirectory() && UUID.test(e.name)).map((e) => e.name);
}

/** Deletes every file of a job's result (done when its result expired). */
export async function removeJobFiles(dir: string, jobId: string): Promise<void> {
  if (!UUID.test(jobId)) throw new Error('Not a job.');
  await fsp.rm(path.join(dir, jobId), { recursive: true, force: true });
}
