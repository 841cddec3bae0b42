import { decodeIdOf } from '@stockroom/domain';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/database.js';
import type { Viewer } from '../../actor.js';
import { jobFor } from './job.service.js';
import { jobFilesDir, jobPartFiles } from './job-files.js';

export interface JobResultFile {
  name: string;
  contentType: string;
  /** Its parts, in order, to send one after the other. */
  files: string[];
}

/**
 * A succeeded job's result for this person, or null — alike for a job that does not exist, one they
 * may not read (its starter, or the permissions its kind needs), one without a result yet.
 */
export async function jobResultDownload(
  db: Executor,
  config: Pick<Config, 'dataDir'>,
  viewer: Viewer,
  publicId: string,
): Promise<JobResultFile | null> {
  const id = decodeIdOf('Job', publicId);
  const job = id ? await jobFor(db, viewer, id) : null;
  if (!job || job.status !== 'SUCCEEDED' || !job.resultName) return null;
  const files = jobPartFiles(jobFilesDir(config), job.id, job.resultParts);
  if (!files) return null;
  return { name: job.resultName, contentType: 'text/csv; charset=utf-8', files };
}
