import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import {
  ACTIVE_JOB_STATUSES,
  DomainError,
  formatInTimeZone,
  IMPORT_JOB_KIND,
  IMPORT_KINDS,
  IMPORT_MODES,
  type ImportKind,
  type ImportMode,
} from '@stockroom/domain';
import type { DB, Executor, Tx } from '../../db/database.js';
import type { Actor, Viewer } from '../../actor.js';
import type { Config } from '../../config.js';
import { idempotent } from '../../lib/idempotency.js';
import { storeSettings } from '../settings/settings.service.js';
import type { Job } from '../jobs/jobs.model.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { jobFilesDir } from '../jobs/job-files.js';
import {
  isActive,
  jobById as findJob,
  jobStart,
  lockJobRow as lockJob,
  missingForKind,
} from '../jobs/job.service.js';
import type { ImportColumn, Importer, Importers } from '../jobs/import.model.js';
import { importFilePath, type ReceivedImportFile } from './import-file.js';
import { changesSince } from './import.repository.js';

declare module '../../graphql/services.js' {
  interface Services {
    /** Each import kind's importer (app/jobs.ts plugs them in from the modules owning the records). */
    importers: Partial<Importers>;
  }
}

/** What an import job's `input` holds. */
export interface ImportInput {
  mode: ImportMode;
  fileName: string;
  bytes: number;
  sha256: string;
  /** Data rows, once counted. */
  rows?: number;
  /** An APPLY: the dry run it applies (if any); a REVERT: the apply it undoes. */
  of?: string;
  /** The job whose directory holds the file (the dry run's for an apply of it). */
  fileJob: string;
  delimiter: ',' | ';';
  headers: string[];
  dataOffset: number;
}

export interface ImportFileInfo {
  name: string;
  bytes: number;
  rows: number | null;
  sha256: string;
}

const KIND_BY_JOB: Partial<Record<Job['kind'], ImportKind>> = Object.fromEntries(
  IMPORT_KINDS.map((k) => [IMPORT_JOB_KIND[k], k]),
);

/** The import kind of a job; null for a job that is not an import. */
export function importKindOf(job: Pick<Job, 'kind'>): ImportKind | null {
  return KIND_BY_JOB[job.kind] ?? null;
}

export function importModeOf(job: Pick<Job, 'kind' | 'input'>): ImportMode | null {
  if (!importKindOf(job)) return null;
  const mode = job.input['mode'];
  return IMPORT_MODES.find((m) => m === mode) ?? null;
}

export function importInputOf(job: Pick<Job, 'kind' | 'input'>): ImportInput {
  if (!importModeOf(job)) throw new Error('Not an import job.');
  return job.input as unknown as ImportInput;
}

export function importFileOf(job: Job): ImportFileInfo | null {
  const mode = importModeOf(job);
  if (!mode || mode === 'REVERT') return null;
  const input = importInputOf(job);
  return {
    name: input.fileName,
    bytes: input.bytes,
    sha256: input.sha256,
    rows: input.rows ?? (job.progressTotal !== null && job.step > 0 ? job.progressTotal : null),
  };
}

/** The importer of a kind, or a userError when this server has none. */
export function importerOf(importers: Partial<Importers>, kind: ImportKind): Importer {
  const importer = importers[kind];
  if (!importer)
    throw DomainError.one('INVALID', `This server can’t import ${kind.toLowerCase()} yet.`, ['kind']);
  return importer;
}

export async function importColumns(
  db: Executor,
  importers: Partial<Importers>,
  kind: ImportKind,
): Promise<ImportColumn[]> {
  return importers[kind] ? importers[kind].columns(db as Tx) : [];
}

/** The job (of `mode`) started from this one: a dry run's apply, an apply's revert. */
export async function importsStartedFrom(db: Executor, job: Job, mode: ImportMode): Promise<Job | null> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', job.kind)
    .where((eb) => eb(eb.ref('input', '->>').key('of'), '=', job.id))
    .where((eb) => eb(eb.ref('input', '->>').key('mode'), '=', mode))
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return row ? findJob(db, row.id) : null;
}

function counts(job: Job): Record<string, number> {
  return job.report.counts;
}

export async function canApplyImport(db: Executor, viewer: Viewer, job: Job): Promise<boolean> {
  if (importModeOf(job) !== 'DRY_RUN' || job.status !== 'SUCCEEDED') return false;
  if (missingForKind(job.kind, viewer.permissions).length) return false;
  const c = counts(job);
  if (!((c['created'] ?? 0) + (c['updated'] ?? 0) + (c['deleted'] ?? 0))) return false;
  return !(await importsStartedFrom(db, job, 'APPLY'));
}

/** An apply that finished having committed some chunks (or none yet: nothing to revert). */
function revertable(job: Job): boolean {
  return importModeOf(job) === 'APPLY' && !isActive(job.status) && job.step > 0;
}

export async function canRevertImport(db: Executor, viewer: Viewer, job: Job): Promise<boolean> {
  if (!revertable(job)) return false;
  if (missingForKind(job.kind, viewer.permissions).length) return false;
  return !(await importsStartedFrom(db, job, 'REVERT'));
}

/**
 * Starts an import of an uploaded file: its header is checked by the kind's importer first (unknown,
 * missing or repeated columns are userErrors on `file`, and nothing starts); then a DRY_RUN (or,
 * with dryRun false, an APPLY) job whose directory holds the file.
 */
export async function importStart(
  trx: Tx,
  actor: Actor & { viewer: Viewer },
  queue: JobQueue,
  importers: Partial<Importers>,
  request: { kind: ImportKind; dryRun: boolean; file: ReceivedImportFile; idempotencyKey: string | null },
): Promise<Job> {
  const { kind, file } = request;
  const hashed = { kind, dryRun: request.dryRun, sha256: file.sha256, name: file.name };
  const { jobId } = await idempotent(
    trx,
    'importStart',
    request.idempotencyKey,
    hashed,
    async () => {
      const problems = await importerOf(importers, kind).checkHeader(trx, file.headers);
      if (problems.length)
        throw new DomainError(
          problems.map((p) => ({
            field: ['file'],
            code: 'INVALID' as const,
            message: p.column && !p.message.includes(p.column) ? `${p.column}: ${p.message}` : p.message,
          })),
        );
      const input: ImportInput = {
        mode: request.dryRun ? 'DRY_RUN' : 'APPLY',
        fileName: file.name,
        bytes: file.bytes,
        sha256: file.sha256,
        fileJob: file.jobId,
        delimiter: file.delimiter,
        headers: file.headers,
        dataOffset: file.dataOffset,
      };
      const job = await jobStart(trx, actor, queue, {
        id: file.jobId,
        kind: IMPORT_JOB_KIND[kind],
        input: input as unknown as Record<string, unknown>,
        resultName: null,
      });
      return { jobId: job.id };
    },
    ['idempotencyKey'],
  );
  return (await findJob(trx, jobId))!;
}

/** The SHA-256 of a job's uploaded file now; null when it is gone. */
async function fileHash(config: Pick<Config, 'dataDir'>, fileJob: string): Promise<string | null> {
  const hash = createHash('sha256');
  try {
    await pipeline(fs.createReadStream(importFilePath(jobFilesDir(config), fileJob)), hash);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return hash.digest('hex');
}

/** How many of a dry run's changed records are named when the store changed under it. */
const STALE_NAMED = 5;

/**
 * Applies a dry run that succeeded, as a new APPLY job of the same file. Asked again, answers the
 * apply already started. Refused (in words) when the file is gone or changed, or when a record the
 * dry run would update or delete has changed since the dry run started (STALE_VERSION, naming them).
 */
export async function importApply(
  trx: Tx,
  actor: Actor & { viewer: Viewer },
  queue: JobQueue,
  config: Pick<Config, 'dataDir'>,
  request: { jobId: string; idempotencyKey: string | null },
): Promise<Job> {
  const { jobId } = await idempotent(
    trx,
    'importApply',
    request.idempotencyKey,
    { jobId: request.jobId },
    async () => {
      const dryRun = await lockJob(trx, request.jobId);
      if (!dryRun || importModeOf(dryRun) !== 'DRY_RUN')
        throw DomainError.one('INVALID', 'Only a dry run of an import can be applied.', ['jobId']);
      const applied = await importsStartedFrom(trx, dryRun, 'APPLY');
      if (applied) return { jobId: applied.id };
      if (dryRun.status !== 'SUCCEEDED')
        throw DomainError.one(
          'INVALID_TRANSITION',
          isActive(dryRun.status)
            ? 'This dry run has not finished yet; apply it once its report is ready.'
            : `This dry run did not finish (${dryRun.status.toLowerCase()}), so there is nothing to apply. Run the dry run again.`,
          ['jobId'],
        );
      const input = importInputOf(dryRun);
      if ((await fileHash(config, input.fileJob)) !== input.sha256)
        throw DomainError.one('INVALID', 'The file is gone or changed; upload it again.', ['jobId']);
      const changed = await changesSince(trx, dryRun.id, dryRun.startedAt ?? dryRun.createdAt, STALE_NAMED);
      if (changed.length) {
        const zone = (await storeSettings(trx)).timezone;
        const words = changed.map((c) => {
          const who = c.actorName ?? (c.actorType === 'system' ? 'Stockroom itself' : 'someone');
          const when = formatInTimeZone(c.createdAt, zone, {
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
          });
          return `“${c.subject ?? 'A record'}” was changed by ${who} at ${when}`;
        });
        throw DomainError.one(
          'STALE_VERSION',
          `The store changed since this dry run: ${words.join('; ')}. Run the dry run again.`,
          ['jobId'],
        );
      }
      const job = await jobStart(trx, actor, queue, {
        kind: dryRun.kind,
        input: { ...input, mode: 'APPLY', of: dryRun.id },
        resultName: null,
        progressTotal: input.rows ?? dryRun.progressTotal,
      });
      return { jobId: job.id };
    },
    ['idempotencyKey'],
  );
  return (await findJob(trx, jobId))!;
}

/**
 * Undoes an applied import as a new REVERT job of the same kind (the apply's audit events, newest
 * first). Asked again, answers the revert already started.
 */
export async function jobRevert(
  trx: Tx,
  actor: Actor & { viewer: Viewer },
  queue: JobQueue,
  request: { jobId: string; idempotencyKey: string | null },
): Promise<Job> {
  const { jobId } = await idempotent(
    trx,
    'jobRevert',
    request.idempotencyKey,
    { jobId: request.jobId },
    async () => {
      const apply = await lockJob(trx, request.jobId);
      if (!apply || importModeOf(apply) !== 'APPLY')
        throw DomainError.one('INVALID', 'Only an applied import can be reverted.', ['jobId']);
      const reverted = await importsStartedFrom(trx, apply, 'REVERT');
      if (reverted) return { jobId: reverted.id };
      if (isActive(apply.status))
        throw DomainError.one(
          'INVALID_TRANSITION',
          'This import is still running; cancel it (or let it finish), then revert it.',
          ['jobId'],
        );
      if (!revertable(apply))
        throw DomainError.one(
          'INVALID_TRANSITION',
          'This import changed nothing, so there is nothing to revert.',
          ['jobId'],
        );
      const input = importInputOf(apply);
      const job = await jobStart(trx, actor, queue, {
        kind: apply.kind,
        input: {
          mode: 'REVERT',
          of: apply.id,
          fileName: input.fileName,
          bytes: input.bytes,
          sha256: input.sha256,
        },
        resultName: null,
      });
      return { jobId: job.id };
    },
    ['idempotencyKey'],
  );
  return (await findJob(trx, jobId))!;
}

/**
 * One import per kind runs at a time: a queued import starts when no older import of its kind is
 * still queued or running (so they run in the order they were started).
 */
export async function importMayStart(db: DB, job: Job): Promise<boolean> {
  if (!importKindOf(job)) return true;
  const older = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', job.kind)
    .where('status', 'in', ACTIVE_JOB_STATUSES)
    .where('id', '!=', job.id)
    .where((eb) =>
      eb.or([
        eb('created_at', '<', job.createdAt),
        eb.and([eb('created_at', '=', job.createdAt), eb('id', '<', job.id)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return !older;
}
