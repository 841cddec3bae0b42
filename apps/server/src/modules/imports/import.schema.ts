import {
  decodeIdOf,
  DomainError,
  encodeId,
  IMPORT_JOB_KIND,
  IMPORT_KINDS,
  IMPORT_MODES,
  IMPORT_ROW_OUTCOMES,
  ID_PREFIXES,
  type NodeType,
  type ImportKind,
  type UserError,
} from '@stockroom/domain';
import type { Viewer } from '../../actor.js';
import type { Count, Page } from '../../lib/pagination.js';
import type { Ctx } from '../../graphql/context.js';
import { auth } from '../../graphql/auth.js';
import { listBound } from '../../graphql/cost.js';
import { builder, command, payload, toConnection } from '../../graphql/builder.js';
import { forbidden } from '../../graphql/errors.js';
import { JobPayload, JobRef } from '../jobs/job.schema.js';
import type { Job } from '../jobs/jobs.model.js';
import { jobFor, missingForKind } from '../jobs/job.service.js';
import type { ImportColumn, ImportFieldChange, ImportRowProblem } from '../jobs/import.model.js';
import { discardImportFile, receiveImportFile } from './import-file.js';
import {
  canApplyImport,
  canRevertImport,
  importApply,
  importColumns,
  importFileOf,
  importKindOf,
  importModeOf,
  importStart,
  importsStartedFrom,
  jobRevert,
  type ImportFileInfo,
} from './import.service.js';
import { countImportRows, pageImportRows, type ImportRowRecord } from './import.repository.js';

const ImportKindEnum = builder.enumType('ImportKind', {
  description: 'What a CSV import brings in.',
  values: IMPORT_KINDS,
});
const ImportModeEnum = builder.enumType('ImportMode', {
  description: 'A dry run (writes nothing), an apply (in chunks of 500 rows) or the revert of an apply.',
  values: IMPORT_MODES,
});
const ImportRowOutcomeEnum = builder.enumType('ImportRowOutcome', { values: IMPORT_ROW_OUTCOMES });

const ImportFieldChangeRef = builder.objectRef<ImportFieldChange>('ImportFieldChange').implement({
  extensions: auth.authenticated,
  fields: (t) => ({
    field: t.exposeString('field'),
    before: t.exposeString('before', { nullable: true }),
    after: t.exposeString('after', { nullable: true }),
  }),
});

const ImportRowProblemRef = builder.objectRef<ImportRowProblem>('ImportRowProblem').implement({
  extensions: auth.authenticated,
  fields: (t) => ({
    column: t.exposeString('column', { nullable: true }),
    code: t.exposeString('code'),
    message: t.exposeString('message'),
  }),
});

/** What one row lists at most (so a page of 100 rows stays within a query's cost). */
const MAX_LISTED_CHANGES = 30;
const MAX_LISTED_PROBLEMS = 10;

/** A subject's global ID when its type is a node type (a stock level may not be one). */
function subjectGlobalId(type: string | null, id: string | null): string | null {
  return type && id && type in ID_PREFIXES ? encodeId(type as NodeType, id) : null;
}

const ImportRowRef = builder.objectRef<ImportRowRecord>('ImportRow').implement({
  description: 'What one row of an import’s file did (in a dry run: would do).',
  extensions: auth.authenticated,
  fields: (t) => ({
    row: t.int({
      description:
        'The file’s row as a spreadsheet numbers it (the header is 1); in a REVERT, the n-th record undone.',
      resolve: (r) => r.row,
    }),
    outcome: t.field({ type: ImportRowOutcomeEnum, resolve: (r) => r.outcome }),
    subject: t.exposeString('subject', {
      nullable: true,
      description: 'What the row is about, in words: “linen-shirt — M / Blue”, “ana@example.com”.',
    }),
    subjectType: t.exposeString('subjectType', {
      nullable: true,
      description: 'Product, ProductVariant, InventoryLevel or Customer.',
    }),
    subjectId: t.id({
      nullable: true,
      description: 'The global ID of the record once it exists (links in the report).',
      resolve: (r) => subjectGlobalId(r.subjectType, r.subjectId),
    }),
    productId: t.id({
      nullable: true,
      description:
        'The global ID of the product the record is or belongs to (a variant’s product), once it exists: the report links a variant to its page under it.',
      resolve: async (r, _args, ctx) => {
        if (!r.subjectId) return null;
        if (r.subjectType === 'Product') return encodeId('Product', r.subjectId);
        if (r.subjectType !== 'ProductVariant') return null;
        const variant = await ctx.loaders.variantById.load(r.subjectId);
        return variant ? encodeId('Product', variant.productId) : null;
      },
    }),
    changes: t.field({
      type: [ImportFieldChangeRef],
      description: 'The fields it changes (at most 30 are listed).',
      extensions: listBound({ max: MAX_LISTED_CHANGES }),
      resolve: (r) => r.changes.slice(0, MAX_LISTED_CHANGES),
    }),
    problems: t.field({
      type: [ImportRowProblemRef],
      description: 'Why it can’t be imported (at most 10 are listed).',
      extensions: listBound({ max: MAX_LISTED_PROBLEMS }),
      resolve: (r) => r.problems.slice(0, MAX_LISTED_PROBLEMS),
    }),
  }),
});

const ImportFileRef = builder.objectRef<ImportFileInfo>('ImportFile').implement({
  extensions: auth.authenticated,
  fields: (t) => ({
    name: t.exposeString('name'),
    bytes: t.exposeInt('bytes'),
    rows: t.exposeInt('rows', {
      nullable: true,
      description: 'Data rows (the header not counted), once known.',
    }),
    sha256: t.exposeString('sha256'),
  }),
});

const ImportColumnRef = builder.objectRef<ImportColumn>('ImportColumn').implement({
  extensions: auth.authenticated,
  fields: (t) => ({
    name: t.exposeString('name'),
    required: t.exposeBoolean('required'),
    description: t.exposeString('description'),
  }),
});

/** An import needs its kind's permissions and DATA_IMPORT: missing one is FORBIDDEN, in words. */
function checkAllowed(ctx: Ctx, kind: ImportKind): void {
  const missing = missingForKind(IMPORT_JOB_KIND[kind], ctx.viewer!.permissions);
  if (missing.length) throw forbidden(missing[0]!);
}

/** An import job (of any mode) this person may read, or a userError. */
async function readableImportJob(ctx: Ctx, id: string): Promise<Job> {
  const uuid = decodeIdOf('Job', id);
  const job = uuid ? await jobFor(ctx.services.db, ctx.viewer!, uuid) : null;
  if (!job || !importKindOf(job))
    throw DomainError.one('INVALID', 'There is no import job with this ID.', ['jobId']);
  return job;
}

builder.objectFields(JobRef, (t) => ({
  importMode: t.field({
    type: ImportModeEnum,
    nullable: true,
    description: 'An import’s mode; null for other kinds.',
    resolve: (j) => importModeOf(j),
  }),
  importFile: t.field({
    type: ImportFileRef,
    nullable: true,
    description: 'The file an import reads; null for other kinds (and for a revert).',
    resolve: (j) => importFileOf(j),
  }),
  importRows: t.connection(
    {
      type: ImportRowRef,
      description:
        'What each row of an import did (in a dry run: would do), by row; `outcome` filters. At most 250 a page. Empty for other kinds.',
      args: { outcome: t.arg({ type: [ImportRowOutcomeEnum] }) },
      resolve: async (j, args, ctx) => {
        if (!importKindOf(j)) return noRows([]);
        if (args.last != null || args.before != null)
          return noRows([
            {
              field: ['last'],
              code: 'INVALID',
              message: 'An import’s rows page forwards only: use first and after.',
            },
          ]);
        const first = Math.min(Math.max(args.first ?? 50, 0), 250);
        const page = await pageImportRows(ctx.services.db, j.id, {
          outcomes: args.outcome ?? null,
          first,
          after: args.after ?? null,
        });
        if (!page) return noRows(invalidCursor());
        return toConnection(page, () => countImportRows(ctx.services.db, j.id, args.outcome ?? null));
      },
    },
    {
      name: 'ImportRowConnection',
      fields: (t) => ({
        totalCount: t.int({
          description: 'How many rows match `outcome` (all of them, exactly).',
          resolve: async (c) => (await (c as unknown as { count: () => Promise<Count> }).count()).value,
        }),
      }),
    },
    { name: 'ImportRowEdge' },
  ),
  importOf: t.field({
    type: JobRef,
    nullable: true,
    description: 'An APPLY: the dry run it applies (if any); a REVERT: the apply it undoes.',
    resolve: async (j, _a, ctx) => {
      const of = importKindOf(j) ? j.input['of'] : null;
      return typeof of === 'string' ? jobFor(ctx.services.db, ctx.viewer!, of) : null;
    },
  }),
  importAppliedBy: t.field({
    type: JobRef,
    nullable: true,
    description: 'A DRY_RUN: the apply started from it.',
    resolve: async (j, _a, ctx) => {
      if (importModeOf(j) !== 'DRY_RUN') return null;
      const apply = await importsStartedFrom(ctx.services.db, j, 'APPLY');
      return apply && jobFor(ctx.services.db, ctx.viewer!, apply.id);
    },
  }),
  importRevertedBy: t.field({
    type: JobRef,
    nullable: true,
    description: 'An APPLY: the revert started for it.',
    resolve: async (j, _a, ctx) => {
      if (importModeOf(j) !== 'APPLY') return null;
      const revert = await importsStartedFrom(ctx.services.db, j, 'REVERT');
      return revert && jobFor(ctx.services.db, ctx.viewer!, revert.id);
    },
  }),
  canApply: t.boolean({
    description: 'A dry run that succeeded, with something to change, not applied yet, and you may.',
    resolve: (j, _a, ctx) => canApplyImport(ctx.services.db, ctx.viewer!, j),
  }),
  canRevert: t.boolean({
    description:
      'An apply that finished (succeeded, cancelled or failed after some chunks), not reverted yet, and you may.',
    resolve: (j, _a, ctx) => canRevertImport(ctx.services.db, ctx.viewer!, j),
  }),
}));

/** No rows (not an import, or arguments that can't page), with why in userErrors. */
function noRows(userErrors: UserError[]) {
  const page: Page<ImportRowRecord> = {
    rows: [],
    hasNextPage: false,
    hasPreviousPage: false,
    cursor: () => '',
  };
  return toConnection(page, () => Promise.resolve({ value: 0, precision: 'EXACT' as const }), userErrors);
}

function invalidCursor(): UserError[] {
  return [
    {
      field: ['after'],
      code: 'INVALID',
      message: 'This page cursor is not valid; start again from the first page.',
    },
  ];
}

builder.queryFields((t) => ({
  importColumns: t.field({
    type: [ImportColumnRef],
    description:
      'The columns an import of this kind reads (products add `Stock: <location>` per location), for the upload screen’s help.',
    extensions: { ...auth.authenticated, ...listBound({ max: 200 }) },
    args: { kind: t.arg({ type: ImportKindEnum, required: true }) },
    resolve: (_r, args, ctx) => importColumns(ctx.services.db, ctx.services.importers, args.kind),
  }),
}));

builder.mutationFields((t) => ({
  importStart: t.field({
    type: JobPayload,
    description:
      'Uploads a CSV (UTF-8, `,` or `;`, at most 50 MB and 200,000 rows) and starts its import as a job: a dry run by default (writes nothing, reports per row), or with dryRun: false an apply in chunks of 500 rows. File problems are userErrors on `file` and start nothing. Needs the kind’s write permission and DATA_IMPORT (FORBIDDEN otherwise).',
    extensions: auth.authenticated,
    args: {
      kind: t.arg({ type: ImportKindEnum, required: true }),
      file: t.arg({ type: 'Upload', required: true }),
      dryRun: t.arg.boolean({ defaultValue: true }),
      idempotencyKey: t.arg.string(),
    },
    resolve: async (_r, args, ctx) => {
      checkAllowed(ctx, args.kind);
      const received = await payload(async () => ({
        file: await receiveImportFile(ctx.services.config, args.file),
      }));
      if (received.userErrors.length || !received.file) return { userErrors: received.userErrors };
      const file = received.file;
      const result = await command(ctx, async (trx) => ({
        job: await importStart(
          trx,
          ctx as Ctx & { viewer: Viewer },
          ctx.services.jobs,
          ctx.services.importers,
          {
            kind: args.kind,
            dryRun: args.dryRun ?? true,
            file,
            idempotencyKey: args.idempotencyKey ?? null,
          },
        ),
      }));
      // The file stays only with the job it started (a repeat answers the first job, its own file).
      if (!result.job || result.job.id !== file.jobId) await discardImportFile(ctx.services.config, file);
      if (result.job) ctx.services.jobs.wake();
      return result;
    },
  }),
  importApply: t.field({
    type: JobPayload,
    description:
      'Applies a dry run that succeeded, if its file is unchanged and nothing it would update or delete changed since (STALE_VERSION names what did). Asked again, answers the same apply job.',
    extensions: auth.authenticated,
    args: { jobId: t.arg.id({ required: true }), idempotencyKey: t.arg.string() },
    resolve: async (_r, args, ctx) => {
      const dryRun = await payload(async () => ({ job: await readableImportJob(ctx, String(args.jobId)) }));
      if (dryRun.userErrors.length || !dryRun.job) return { userErrors: dryRun.userErrors };
      checkAllowed(ctx, importKindOf(dryRun.job)!);
      const result = await command(ctx, async (trx) => ({
        job: await importApply(trx, ctx as Ctx & { viewer: Viewer }, ctx.services.jobs, ctx.services.config, {
          jobId: dryRun.job.id,
          idempotencyKey: args.idempotencyKey ?? null,
        }),
      }));
      if (result.job) ctx.services.jobs.wake();
      return result;
    },
  }),
  jobRevert: t.field({
    type: JobPayload,
    description:
      'Undoes an applied import as a new job: every record it changed goes back to its state before, except those changed again since (each an ERROR row saying who changed it and when). Asked again, answers the same revert job.',
    extensions: auth.authenticated,
    args: { jobId: t.arg.id({ required: true }), idempotencyKey: t.arg.string() },
    resolve: async (_r, args, ctx) => {
      const apply = await payload(async () => ({ job: await readableImportJob(ctx, String(args.jobId)) }));
      if (apply.userErrors.length || !apply.job) return { userErrors: apply.userErrors };
      checkAllowed(ctx, importKindOf(apply.job)!);
      const result = await command(ctx, async (trx) => ({
        job: await jobRevert(trx, ctx as Ctx & { viewer: Viewer }, ctx.services.jobs, {
          jobId: apply.job.id,
          idempotencyKey: args.idempotencyKey ?? null,
        }),
      }));
      if (result.job) ctx.services.jobs.wake();
      return result;
    },
  }),
}));
