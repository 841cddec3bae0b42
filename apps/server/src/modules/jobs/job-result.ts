import fsp, { type FileHandle } from 'node:fs/promises';
import { decodeIdOf } from '@stockroom/domain';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/database.js';
import type { Viewer } from '../../actor.js';
import { jobFor } from './job.service.js';
import { jobFilesDir, jobPartFiles } from './job-files.js';

export interface JobResultFile {
  name: string;
  contentType: string;
  /** Its parts, in order and already open (a deletion meanwhile cannot cut the download short). */
  files: FileHandle[];
}

export type JobResultDownload = { status: 200; file: JobResultFile } | { status: 404 | 410; message: string };

const NOT_HERE = 'There is no result to download here.';

/** Why a result is gone, in words (the jobs screen says the same). */
export function expiredMessage(days: number): string {
  return `This file has expired: results are kept ${days} day${days === 1 ? '' : 's'} after the job finishes. Start the job again for a new one.`;
}

async function openAll(paths: string[]): Promise<FileHandle[] | null> {
  const handles: FileHandle[] = [];
  try {
    for (const p of paths) handles.push(await fsp.open(p, 'r'));
    return handles;
  } catch (err) {
    await Promise.all(handles.map((h) => h.close()));
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * A succeeded job's result for this person: 404 alike for a job that does not exist, one they may
 * not read (its starter, or the permissions its kind needs), one without a result; 410 for one whose
 * file has expired (or is gone from the disk).
 */
export async function jobResultDownload(
  db: Executor,
  config: Pick<Config, 'dataDir' | 'jobResultRetentionDays'>,
  viewer: Viewer,
  publicId: string,
): Promise<JobResultDownload> {
  const id = decodeIdOf('Job', publicId);
  const job = id ? await jobFor(db, viewer, id) : null;
  if (!job || job.status !== 'SUCCEEDED' || !job.resultName) return { status: 404, message: NOT_HERE };
  const gone = { status: 410, message: expiredMessage(config.jobResultRetentionDays) } as const;
  if (job.resultExpiredAt) return gone;
  const paths = jobPartFiles(jobFilesDir(config), job.id, job.resultParts);
  const files = paths && (await openAll(paths));
  if (!files) return gone;
  return { status: 200, file: { name: job.resultName, contentType: 'text/csv; charset=utf-8', files } };
}
