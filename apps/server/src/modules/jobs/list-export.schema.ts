import { isListExportKind, LIST_EXPORT_KINDS, type ListExportKind } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Viewer } from '../../actor.js';
import type { Ctx } from '../../graphql/context.js';
import { auth } from '../../graphql/auth.js';
import { builder } from '../../graphql/builder.js';
import { forbidden } from '../../graphql/errors.js';
import type { Job } from './jobs.model.js';
import { missingForKind } from './job.service.js';
import { listExportColumns, listExportStart, type ListExportRequest } from './list-export.service.js';

const ListExportKindEnum = builder.enumType('ListExportKind', {
  description: 'A list that exports as CSV (a JobKind too).',
  values: LIST_EXPORT_KINDS,
});

/** A list's export needs the list's read permission and DATA_EXPORT: missing one is FORBIDDEN, in words. */
function checkAllowed(ctx: Ctx, kind: ListExportKind): void {
  const missing = missingForKind(kind, ctx.viewer!.permissions);
  if (missing.length) throw forbidden(missing[0]!);
}

/**
 * The command that starts a list's export, checked for permission before any transaction; null
 * for a kind that is not a list's (the audit export keeps its own path).
 */
export function listExportStartChecked(
  ctx: Ctx,
  input: { kind: string } & Omit<ListExportRequest, 'kind'>,
): ((trx: Tx) => Promise<Job>) | null {
  const kind = input.kind;
  if (!isListExportKind(kind)) return null;
  checkAllowed(ctx, kind);
  return (trx) =>
    listExportStart(trx, ctx as Ctx & { viewer: Viewer }, ctx.services.jobs, ctx.services.listExports[kind], {
      ...input,
      kind,
    });
}

builder.queryFields((t) => ({
  exportColumns: t.stringList({
    description:
      'The columns a list’s export can write now, in the file’s order (products add `Stock: <location>` per active location). Only names (locations are readable by all staff); starting the export needs its permissions.',
    extensions: auth.authenticated,
    args: { kind: t.arg({ type: ListExportKindEnum, required: true }) },
    resolve: (_r, args, ctx) => listExportColumns(ctx.services.db, ctx.services.listExports, args.kind),
  }),
}));
