import type { DB } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import { inTransaction } from '../lib/unit-of-work.js';
import { pruneEvents } from '../modules/events/events.service.js';
import { expireJobResults } from '../modules/jobs/job.service.js';
import { expiredResultIds } from '../modules/jobs/job.repository.js';
import { jobsWithFiles, removeJobFiles } from '../modules/jobs/job-files.js';
import { pruneImports } from '../modules/imports/import-prune.service.js';
import { pruneDeliveries } from '../modules/webhooks/delivery.service.js';

/** pg-boss's queue of the store's upkeep (retention); one message per scheduled tick. */
export const MAINTENANCE_QUEUE = 'stockroom-maintenance';
/** Every hour, on the hour (UTC: pg-boss reads cron in the schedule's time zone). */
export const MAINTENANCE_CRON = '0 * * * *';

/** Jobs whose results are marked expired per transaction (each adds a `job.updated`). */
const EXPIRE_BATCH = 500;

export interface MaintenanceDeps {
  db: DB;
  /** Where job results live (modules/jobs/job-files.ts). */
  filesDir: string;
  eventRetentionDays: number;
  jobResultRetentionDays: number;
  log: Logger;
}

export interface MaintenanceReport {
  eventsPruned: number;
  resultsExpired: number;
  /** Job result directories deleted from the disk. */
  filesDeleted: number;
  /** Import jobs whose per-row report, keys and uploaded file were deleted for their age. */
  importsPruned: number;
  /** Webhook deliveries (and their attempts) older than 30 days, deleted. */
  deliveriesPruned: number;
}

/**
 * The hourly upkeep (issue #28 §2 retention), run by the job engine once per tick across instances:
 * - deletes outbox events older than STOCKROOM_EVENT_RETENTION_DAYS;
 * - marks the results of jobs finished more than STOCKROOM_JOB_RESULT_RETENTION_DAYS ago as
 *   expired (committed first, so the jobs screen and the download say "expired" from then on),
 *   then deletes their files. Files are deleted for every expired job that still has some, so a
 *   run cut off after the mark is finished by the next one; the files of jobs this database does
 *   not know (another store sharing the directory) are never touched;
 * - deletes the per-row reports, keys and uploaded files of imports finished as long ago (the job
 *   and its report's counts stay);
 * - deletes webhook deliveries older than 30 days (SPEC §10), with their attempts.
 * Each part is safe to run twice.
 */
export async function runMaintenance(deps: MaintenanceDeps): Promise<MaintenanceReport> {
  const { db, log } = deps;
  const eventsPruned = await pruneEvents(db, deps.eventRetentionDays);
  let resultsExpired = 0;
  for (;;) {
    const marked = await inTransaction(db, (trx) =>
      expireJobResults(trx, deps.jobResultRetentionDays, EXPIRE_BATCH),
    );
    resultsExpired += marked;
    if (marked < EXPIRE_BATCH) break;
  }
  let filesDeleted = 0;
  const withFiles = await jobsWithFiles(deps.filesDir);
  for (let i = 0; i < withFiles.length; i += EXPIRE_BATCH) {
    for (const jobId of await expiredResultIds(db, withFiles.slice(i, i + EXPIRE_BATCH))) {
      await removeJobFiles(deps.filesDir, jobId);
      filesDeleted++;
    }
  }
  // Imports keep their job and report; their rows, keys and upload go with the results' age.
  const importsPruned = await pruneImports(db, deps.filesDir, deps.jobResultRetentionDays);
  const deliveriesPruned = await pruneDeliveries(db, new Date());
  if (eventsPruned || resultsExpired || filesDeleted || importsPruned || deliveriesPruned)
    log.info(
      { eventsPruned, resultsExpired, filesDeleted, importsPruned, deliveriesPruned },
      'maintenance: old events, job results and webhook deliveries removed',
    );
  return { eventsPruned, resultsExpired, filesDeleted, importsPruned, deliveriesPruned };
}
