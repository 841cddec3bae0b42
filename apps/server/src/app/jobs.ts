import PgBoss from 'pg-boss';
import { CompiledQuery } from 'kysely';
import type { Config } from '../config.js';
import type { DatabaseHandle, Tx } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import type { JobQueue, StepMessage } from '../modules/jobs/job-queue.js';
import { runJobStep, type JobHandlers, type StepResult } from '../modules/jobs/job-runner.service.js';
import { jobFilesDir } from '../modules/jobs/job-files.js';
import { auditExportStep } from '../modules/jobs/export.service.js';
import { bulkEditStep } from '../modules/catalog/bulk.service.js';
import { customerBulkEditStep } from '../modules/customers/customer-bulk.service.js';
import { MAINTENANCE_CRON, MAINTENANCE_QUEUE, runMaintenance } from './maintenance.js';
import { listExportStep, type ListExporters } from '../modules/jobs/list-export.service.js';
import { productExporter } from '../modules/inventory/product-export.service.js';
import { inventoryExporter } from '../modules/inventory/inventory-export.service.js';
import { orderExporter } from '../modules/orders/order-export.service.js';
import { customerExporter } from '../modules/customers/customer-export.service.js';
import { productImporter } from '../modules/inventory/product-import.js';
import type { Importers } from '../modules/jobs/import.model.js';
import { inventoryImporter } from '../modules/inventory/inventory-import.service.js';
import { customerImporter } from '../modules/customers/customer-import.service.js';
import { importStep } from '../modules/imports/import-step.service.js';
import { importMayStart } from '../modules/imports/import.service.js';
import type { MailQueue } from '../modules/notifications/mail-queue.js';
import { deliverEmail, smtpSender } from '../modules/notifications/mail-delivery.service.js';

/** pg-boss's queue for every step of every Stockroom job (a message is `{ jobId, step }`). */
export const JOB_STEP_QUEUE = 'stockroom-job-step';

/** The lists' exports (issue #29): each module brings its list's rows; one engine writes the files. */
export const LIST_EXPORTERS: ListExporters = {
  EXPORT_PRODUCTS: productExporter,
  EXPORT_INVENTORY: inventoryExporter,
  EXPORT_ORDERS: orderExporter,
  EXPORT_CUSTOMERS: customerExporter,
};

/**
 * The CSV importers (issue #29), each in the module owning its records; the engine
 * (modules/imports) reads the files, cuts them into chunks and keeps the reports.
 */
export function importersFor(config: Pick<Config, 'dataDir' | 'outboundAllow'>): Importers {
  return {
    PRODUCTS: productImporter({ config }),
    INVENTORY: inventoryImporter,
    CUSTOMERS: customerImporter,
  };
}

/** The steps of each kind of job. */
const handlers = (importers: Partial<Importers>, filesDir: string): JobHandlers => ({
  EXPORT_AUDIT: auditExportStep,
  BULK_EDIT: bulkEditStep,
  BULK_EDIT_CUSTOMERS: customerBulkEditStep,
  EXPORT_PRODUCTS: listExportStep(LIST_EXPORTERS, 'EXPORT_PRODUCTS'),
  EXPORT_INVENTORY: listExportStep(LIST_EXPORTERS, 'EXPORT_INVENTORY'),
  EXPORT_ORDERS: listExportStep(LIST_EXPORTERS, 'EXPORT_ORDERS'),
  EXPORT_CUSTOMERS: listExportStep(LIST_EXPORTERS, 'EXPORT_CUSTOMERS'),
  IMPORT_PRODUCTS: importStep(importers, 'PRODUCTS', filesDir),
  IMPORT_INVENTORY: importStep(importers, 'INVENTORY', filesDir),
  IMPORT_CUSTOMERS: importStep(importers, 'CUSTOMERS', filesDir),
});

/** pg-boss's queue of emails to send (a message is `{ messageId }`), retried with growing delays. */
export const EMAIL_QUEUE = 'stockroom-email';

export interface JobEngine {
  queue: JobQueue;
  /** The email queue (modules/notifications). */
  mail: MailQueue;
  /** Runs one step here and now (tests drive a job step by step with workers off). */
  runStep: (message: StepMessage) => Promise<StepResult>;
  stop: () => Promise<void>;
}

/**
 * The job engine: pg-boss 10 on the store's own database — PostgreSQL through our pool (one pool
 * per process: its connections count against the same limit and recover the same way), or embedded
 * PGlite through the dialect's queue (DatabaseHandle.executeSql), so the embedded store runs jobs
 * too and a scaled-out store needs nothing new. pg-boss installs and migrates its own schema
 * (`pgboss`) at start.
 *
 * A step whose process dies (kill -9) stays `active` until its expiry; pg-boss's maintenance then
 * puts it back for a retry on any instance, where the step's recorded state makes it run once.
 *
 * pg-boss's scheduler runs the store's hourly upkeep (app/maintenance.ts): every instance with
 * workers keeps the schedule, and pg-boss sends one message per tick however many instances look
 * (the cron check takes a row in its own table; the message has a singleton key), which one
 * instance's worker takes.
 */
export async function startJobEngine(
  database: DatabaseHandle,
  config: Config,
  log: Logger,
  /** The importers (tests may bring their own). */
  importers: Partial<Importers> = importersFor(config),
): Promise<JobEngine> {
  const settings = config.jobs;
  // pg-boss 10 records a step's end (complete/fail) without waiting for it. A step that outlives
  // the shutdown's grace ends after the database closed; its record is then skipped rather than
  // sent to a closed pool (a rejection nobody handles): no result, which pg-boss counts as 0 rows
  // affected. The step's row stays active until it expires and is retried, as after kill -9; a
  // step's recorded state makes it run once.
  let stopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: (text, values) =>
        stopped
          ? Promise.resolve(undefined as unknown as { rows: unknown[] })
          : database.executeSql(text, values),
    },
    schema: 'pgboss',
    migrate: true,
    supervise: true,
    // The scheduler only where this instance works the queues (tests that drive steps by hand: off).
    schedule: settings.workers,
    // An hourly job needs no quick pick-up: fewer idle queries on the embedded store's one session.
    cronWorkerIntervalSeconds: 30,
    maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
    pollingIntervalSeconds: settings.pollingIntervalSeconds,
    expireInSeconds: settings.stepTimeoutSeconds,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    // Finished steps are kept a day for inspection; our jobs table keeps the job itself.
    deleteAfterDays: 1,
  });
  boss.on('error', (err) => log.warn({ err }, 'job engine error'));
  await boss.start();
  await boss.createQueue(JOB_STEP_QUEUE, {
    name: JOB_STEP_QUEUE,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    expireInSeconds: settings.stepTimeoutSeconds,
  });
  await boss.createQueue(MAINTENANCE_QUEUE, {
    name: MAINTENANCE_QUEUE,
    // A missed hour is caught up by the next; a failed run is not worth repeating at once.
    retryLimit: 0,
    expireInSeconds: 15 * 60,
  });
  const mailRetry = {
    retryLimit: config.mail.retryLimit,
    retryDelay: config.mail.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  };
  await boss.createQueue(EMAIL_QUEUE, { name: EMAIL_QUEUE, ...mailRetry });
  let workerId: string | null = null;
  let mailWorkerId: string | null = null;
  const mail: MailQueue = {
    enqueue: async (trx: Tx, messageId) => {
      const id = await boss.send(
        EMAIL_QUEUE,
        { messageId },
        {
          ...mailRetry,
          db: { executeSql: (text, values) => trx.executeQuery(CompiledQuery.raw(text, values ?? [])) },
        },
      );
      if (!id) throw new Error('The job engine did not take the email.');
    },
    wake: () => {
      if (mailWorkerId) boss.notifyWorker(mailWorkerId);
    },
  };
  const queue: JobQueue = {
    enqueue: async (trx: Tx, message, options) => {
      const id = await boss.send(JOB_STEP_QUEUE, message, {
        ...(options?.afterSeconds ? { startAfter: options.afterSeconds } : {}),
        db: { executeSql: (text, values) => trx.executeQuery(CompiledQuery.raw(text, values ?? [])) },
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        expireInSeconds: settings.stepTimeoutSeconds,
      });
      if (!id) throw new Error('The job engine did not take the job step.');
    },
    wake: () => {
      if (workerId) boss.notifyWorker(workerId);
    },
  };
  const deps = {
    db: database.db,
    queue,
    filesDir: jobFilesDir(config),
    handlers: handlers(importers, jobFilesDir(config)),
    mayStart: importMayStart,
  };
  const runStep = (message: StepMessage) => runJobStep(deps, message, true);
  if (settings.workers) {
    workerId = await boss.work<StepMessage>(
      JOB_STEP_QUEUE,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: settings.pollingIntervalSeconds },
      async ([job]) => {
        if (!job) return;
        const result = await runJobStep(deps, job.data, job.retryCount >= job.retryLimit).catch(
          (err: unknown) => {
            log.error({ err, jobId: job.data.jobId, step: job.data.step }, 'a job step failed');
            throw err;
          },
        );
        // The next step is committed: take it now rather than at the next poll.
        if (result === 'more') queue.wake();
      },
    );
    const delivery = {
      // Background work (as the relay and webhooks): a request's statement count stays its own.
      db: database.upkeep,
      mail: config.mail,
      publicUrl: config.publicUrl,
      log,
      sender: smtpSender(config.mail),
    };
    mailWorkerId = await boss.work<{ messageId: string }>(
      EMAIL_QUEUE,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: settings.pollingIntervalSeconds },
      async ([job]) => {
        if (!job) return;
        await deliverEmail(delivery, job.data.messageId, job.retryCount >= job.retryLimit);
      },
    );
    const maintenance = {
      db: database.upkeep,
      filesDir: jobFilesDir(config),
      eventRetentionDays: config.eventRetentionDays,
      jobResultRetentionDays: config.jobResultRetentionDays,
      log,
    };
    await boss.work(MAINTENANCE_QUEUE, { batchSize: 1, pollingIntervalSeconds: 30 }, async () => {
      await runMaintenance(maintenance).catch((err: unknown) => {
        log.warn({ err }, 'maintenance failed; it runs again next hour');
        throw err;
      });
    });
    await boss.schedule(MAINTENANCE_QUEUE, MAINTENANCE_CRON, {}, { tz: 'UTC' });
  }
  return {
    queue,
    mail,
    runStep,
    stop: async () => {
      // Waits (bounded) for the step under way; one cut off is failed back to the queue for a retry.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: config.shutdownTimeoutMs });
      stopped = true;
    },
  };
}

/**
 * Installs pg-boss's schema in a new embedded store right after our migrations, so a test snapshot
 * (and a fresh store) carries it and `start` finds nothing to do. On PostgreSQL pg-boss's own start
 * does it, under its advisory lock, when instances start together.
 */
export async function installJobSchema(database: DatabaseHandle): Promise<void> {
  if (database.kind !== 'pglite') return;
  const { rows } = await database.executeSql(`select to_regclass('pgboss.version') is not null as installed`);
  if ((rows[0] as { installed: boolean } | undefined)?.installed) return;
  await database.executeSql(PgBoss.getConstructionPlans('pgboss'));
}
