import type { DB } from '../../db/database.js';
import { inTransaction } from '../../lib/unit-of-work.js';
import { jobsWithFiles, removeJobFiles } from '../jobs/job-files.js';
import { oldImportJobIds, pruneImportRows } from './import.repository.js';

/** Import jobs pruned per transaction. */
const PRUNE_BATCH = 200;

/**
 * Deletes the rows and keys of import jobs finished more than `days` days ago, and their uploaded
 * files (the job and its report stay); answers how many jobs lost rows or files. Safe to run twice.
 */
export async function pruneImports(db: DB, filesDir: string, days: number): Promise<number> {
  const pruned = new Set<string>();
  for (;;) {
    const ids = await inTransaction(db, (trx) => pruneImportRows(trx, days, PRUNE_BATCH));
    for (const id of ids) pruned.add(id);
    if (ids.length < PRUNE_BATCH) break;
  }
  const withFiles = await jobsWithFiles(filesDir);
  for (let i = 0; i < withFiles.length; i += PRUNE_BATCH)
    for (const jobId of await oldImportJobIds(db, withFiles.slice(i, i + PRUNE_BATCH), days)) {
      await removeJobFiles(filesDir, jobId);
      pruned.add(jobId);
    }
  return pruned.size;
}
