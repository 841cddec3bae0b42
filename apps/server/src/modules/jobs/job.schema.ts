import {
  decodeIdOf,
  DomainError,
  encodeId,
  JOB_KIND_LABELS,
  JOB_KINDS,
  JOB_STATUSES,
  type UserError,
} from '@stockroom/domain';
import type { Viewer } from '../../actor.js';
import { auth } from '../../graphql/auth.js';
import { listBound } from '../../graphql/cost.js';
import { builder, command, countWhenAsked, toConnection, UserErrorRef } from '../../graphql/builder.js';
import type { Job, JobProblem } from './jobs.model.js';
import { cancelRefusal, jobCancel, jobFor, listJobs } from './job.service.js';
import { exportStart } from './export.service.js';
import { expiredMessage } from './job-result.js';
import { listExportStartChecked } from './list-export.schema.js';

/** The most problems a job's report keeps (the first ones; the counts say how many in all). */
export const MAX_REPORTED_PROBLEMS = 50;

/** Where a finished job's result downloads (app/http/server.ts). */
export const jobResultPath = (jobId: string) => `/exports/jobs/${encodeId('Job', jobId)}`;

const JobKindEnum = builder.enumType('JobKind', { values: JOB_KINDS });
const JobStatusEnum = builder.enumType('JobStatus', { values: JOB_STATUSES });

const JobProgressRef = builder.objectRef<{ done: number; total: number | null }>('JobProgress').implement({
  extensions: auth.authenticated,
  fields: (t) => ({
    done: t.exposeInt('done'),
    total: t.exposeInt('total', { nullable: true, description: 'Null until the job knows.' }),
  }),
});

const JobCountRef = builder.objectRef<{ name: string; value: number }>('JobCount').implement({
  extensions: auth.authenticated,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'What was counted: events, rows, updated, skipped, …' }),
    value: t.exposeInt('value'),
  }),
});

const JobProblemRef = builder.objectRef<JobProblem>('JobProblem').implement({
  extensions: auth.authenticated,
  fields: (t) => ({
    row: t.exposeInt('row', { nullable: true, description: 'The row (1-based) it is about, if any.' }),
    field: t.exposeString('field', { nullable: true }),
    message: t.exposeString('message'),
  }),
});

const JobReportRef = builder.objectRef<Job['report']>('JobReport').implement({
  extensions: auth.authenticated,
  fields: (t) => ({
    counts: t.field({
      type: [JobCountRef],
      extensions: listBound({ max: 16 }),
      resolve: (r) => Object.entries(r.counts).map(([name, value]) => ({ name, value })),
    }),
    errors: t.field({
      type: [JobProblemRef],
      extensions: listBound({ max: MAX_REPORTED_PROBLEMS }),
      resolve: (r) => r.errors.slice(0, MAX_REPORTED_PROBLEMS),
    }),
  }),
});

const JobStarterRef = builder
  .objectRef<Pick<Job, 'startedByType' | 'startedByName' | 'startedByStaffId'>>('JobStarter')
  .implement({
    extensions: auth.authenticated,
    fields: (t) => ({
      type: t.string({ description: 'staff or api', resolve: (s) => s.startedByType }),
      name: t.exposeString('startedByName', { description: 'The person, or "API token <name>".' }),
      staffId: t.id({
        nullable: true,
        description: 'The staff member (for a token, the person who made it).',
        resolve: (s) => (s.startedByStaffId ? encodeId('Staff', s.startedByStaffId) : null),
      }),
    }),
  });

export const JobRef = builder.objectRef<Job>('Job');
builder.node(JobRef, {
  description:
    'Work done in the background, a step at a time (an export, a bulk edit over 1,000 products). Readable by who started it and by whoever holds the permissions its kind needs.',
  extensions: auth.authenticated,
  id: { resolve: (j) => j.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'kind' in o && 'stepState' in o,
  loadOne: (id, ctx) => (ctx.viewer ? jobFor(ctx.services.db, ctx.viewer, id) : null),
  fields: (t) => ({
    kind: t.field({ type: JobKindEnum, resolve: (j) => j.kind }),
    kindLabel: t.string({ description: 'The kind in words.', resolve: (j) => JOB_KIND_LABELS[j.kind] }),
    status: t.field({ type: JobStatusEnum, resolve: (j) => j.status }),
    progress: t.field({
      type: JobProgressRef,
      resolve: (j) => ({ done: j.progressDone, total: j.progressTotal }),
    }),
    report: t.field({ type: JobReportRef, resolve: (j) => j.report }),
    failure: t.exposeString('failure', { nullable: true, description: 'Why it failed, in plain words.' }),
    startedBy: t.field({ type: JobStarterRef, resolve: (j) => j }),
    query: t.string({
      nullable: true,
      description: 'The search an export was started with; null for everything.',
      resolve: (j) => (typeof j.input['query'] === 'string' ? j.input['query'] : null),
    }),
    cancelRequested: t.boolean({ resolve: (j) => j.cancelRequestedAt !== null }),
    canCancel: t.boolean({
      description: 'Whether you may cancel it now.',
      resolve: (j, _a, ctx) => Boolean(ctx.viewer) && cancelRefusal(ctx.viewer!, j) === null,
    }),
    resultName: t.exposeString('resultName', { nullable: true }),
    resultUrl: t.string({
      nullable: true,
      description:
        'Where its result downloads (a GET with your session or token), once it succeeded; null once the file has expired.',
      resolve: (j) =>
        j.status === 'SUCCEEDED' && j.resultName && !j.resultExpiredAt ? jobResultPath(j.id) : null,
    }),
    resultExpiredAt: t.field({
      type: 'DateTime',
      nullable: true,
      description:
        'When its result file was deleted for its age (STOCKROOM_JOB_RESULT_RETENTION_DAYS after it finished); null while kept or without one.',
      resolve: (j) => j.resultExpiredAt,
    }),
    resultExpiredMessage: t.string({
      nullable: true,
      description: 'Why there is no file to download any more, in words; null while kept or without one.',
      resolve: (j, _a, ctx) =>
        j.resultExpiredAt && j.status === 'SUCCEEDED'
          ? expiredMessage(ctx.services.config.jobResultRetentionDays)
          : null,
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (j) => j.createdAt }),
    startedAt: t.field({ type: 'DateTime', nullable: true, resolve: (j) => j.startedAt }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (j) => j.finishedAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (j) => j.updatedAt }),
  }),
});

builder.queryFields((t) => ({
  jobs: t.connection(
    {
      type: JobRef,
      description: 'The jobs you may read (yours, and those of kinds your permissions cover), newest first.',
      extensions: auth.authenticated,
      args: {
        status: t.arg({ type: [JobStatusEnum] }),
        kind: t.arg({ type: [JobKindEnum] }),
      },
      resolve: async (_r, args, ctx, info) => {
        const list = listJobs(ctx.services.db, ctx.viewer!, {
          status: args.status ?? null,
          kind: args.kind ?? null,
          page: args,
        });
        return toConnection(await list.page(), countWhenAsked(info, list.count));
      },
    },
    { name: 'JobConnection' },
    { name: 'JobEdge' },
  ),
  job: t.field({
    type: JobRef,
    nullable: true,
    description: 'One job; null when it does not exist or you may not read it.',
    extensions: auth.authenticated,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const uuid = decodeIdOf('Job', String(args.id));
      return uuid ? jobFor(ctx.services.db, ctx.viewer!, uuid) : null;
    },
  }),
}));

export const JobPayload = builder
  .objectRef<{ job?: Job | null; userErrors: UserError[] }>('JobPayload')
  .implement({
    description: 'A job command’s answer: the job as it is now, or why nothing was done.',
    extensions: auth.public,
    fields: (t) => ({
      job: t.field({ type: JobRef, nullable: true, resolve: (p) => p.job ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const ExportStartInput = builder.inputType('ExportStartInput', {
  fields: (t) => ({
    kind: t.field({
      type: JobKindEnum,
      required: true,
      description:
        'What to export: EXPORT_AUDIT, EXPORT_PRODUCTS, EXPORT_INVENTORY, EXPORT_ORDERS or EXPORT_CUSTOMERS.',
    }),
    query: t.string({
      description: 'A search of what to export (the list’s syntax); leave out for everything.',
    }),
    // Issue #29: the lists' exports (not the audit log's, whose columns are fixed).
    columns: t.stringList({
      description:
        'The columns to write, in this order (see `exportColumns(kind)`); leave out for all. Lists only.',
    }),
    sortKey: t.string({
      description:
        'The list’s sort key (its sortKey enum value, e.g. TITLE); leave out for its default. Lists only.',
    }),
    reverse: t.boolean({ description: 'The list’s `reverse`. Lists only.' }),
  }),
});

builder.mutationFields((t) => ({
  exportStart: t.field({
    type: JobPayload,
    description:
      'Starts an export in the background; follow it with `job(id)` and download its result from `resultUrl`. EXPORT_AUDIT needs AUDIT_READ and DATA_EXPORT; a list’s export its read permission and DATA_EXPORT (FORBIDDEN otherwise).',
    extensions: auth.authenticated,
    args: { input: t.arg({ type: ExportStartInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const list = listExportStartChecked(ctx, args.input);
      const result = await command(ctx, async (trx) => ({
        job: list
          ? await list(trx)
          : await exportStart(trx, ctx as typeof ctx & { viewer: Viewer }, ctx.services.jobs, args.input),
      }));
      if (result.job) ctx.services.jobs.wake();
      return result;
    },
  }),
  jobCancel: t.field({
    type: JobPayload,
    description:
      'Cancels a job you started (or, for the owner, anyone’s): a queued one at once, a running one at its next step.',
    extensions: auth.authenticated,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        const id = decodeIdOf('Job', String(args.id));
        if (!id) throw DomainError.one('INVALID', 'There is no job with this ID.', ['id']);
        return { job: await jobCancel(trx, ctx as typeof ctx & { viewer: Viewer }, id) };
      }),
  }),
}));
