import { listBound } from '../../graphql/cost.js';
import { ACTOR_TYPES, encodeId, ID_PREFIXES, type NodeType } from '@stockroom/domain';
import type { AuditEvent } from './audit.model.js';
import { auth } from '../../graphql/auth.js';
import { builder, countWhenAsked, emptyConnection, toConnection } from '../../graphql/builder.js';
import { findAuditEvent } from './audit.repository.js';
import { listAuditEvents } from './audit.service.js';
import { bulkEditLabel, readableValue, subjectLabel } from './audit-readable.js';

const ChangeRef = builder
  .objectRef<{ field: string; before: unknown; after: unknown; event: AuditEvent }>('AuditChange')
  .implement({
    extensions: auth.authenticated,
    fields: (t) => ({
      field: t.exposeString('field'),
      before: t.string({
        nullable: true,
        description: 'The value before, as JSON.',
        resolve: (c) => (c.before === null || c.before === undefined ? null : JSON.stringify(c.before)),
      }),
      after: t.string({
        nullable: true,
        description: 'The value after, as JSON.',
        resolve: (c) => (c.after === null || c.after === undefined ? null : JSON.stringify(c.after)),
      }),
      beforeText: t.string({
        nullable: true,
        description:
          'The value before as a person reads it, where that needs the server (money, variants, references); else null.',
        resolve: (c, _a, ctx) => readableValue(c.field, c.before, ctx, c.event),
      }),
      afterText: t.string({
        nullable: true,
        description: 'The value after as a person reads it; see beforeText.',
        resolve: (c, _a, ctx) => readableValue(c.field, c.after, ctx, c.event),
      }),
    }),
  });

const ActorTypeEnum = builder.enumType('AuditActorType', { values: ACTOR_TYPES });

export const AuditEventRef = builder.objectRef<AuditEvent>('AuditEvent');
builder.node(AuditEventRef, {
  description: 'One change, as it was recorded in the same transaction as the change. Never edited.',
  // The whole log needs AUDIT_READ; a customer's or a product's own history is part of reading
  // customers or the catalog.
  extensions: auth.permissionOrSelf(
    'AUDIT_READ',
    (e: AuditEvent, ctx) =>
      (e.subjectType === 'Customer' && Boolean(ctx.viewer?.permissions.has('CUSTOMERS_READ'))) ||
      (e.subjectType === 'Product' && Boolean(ctx.viewer?.permissions.has('CATALOG_READ'))),
  ),
  id: { resolve: (e) => e.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'actorType' in o,
  loadOne: (id, ctx) => findAuditEvent(ctx.services.db, id),
  fields: (t) => ({
    action: t.exposeString('action', { description: 'e.g. product.update' }),
    actorType: t.field({ type: ActorTypeEnum, resolve: (e) => e.actorType }),
    actorName: t.exposeString('actorName', { nullable: true }),
    subjectType: t.exposeString('subjectType', { nullable: true }),
    subjectId: t.id({
      nullable: true,
      resolve: (e) =>
        e.subjectId && e.subjectType && e.subjectType in ID_PREFIXES
          ? encodeId(e.subjectType as NodeType, e.subjectId)
          : null,
    }),
    subjectLabel: t.string({
      nullable: true,
      description:
        'What the subject is called now (a title, name, code or order number); null once it is gone.',
      resolve: (e, _a, ctx) => bulkEditLabel(e) ?? subjectLabel(e.subjectType, e.subjectId, ctx),
    }),
    changes: t.field({
      // fields of one entity: the most any audited entity has is 11
      extensions: listBound({ max: 32 }),
      type: [ChangeRef],
      resolve: (e) =>
        Object.entries(e.changes).map(([field, c]) => ({
          field,
          before: c.before,
          after: c.after,
          event: e,
        })),
    }),
    requestId: t.exposeString('requestId', { nullable: true }),
    ip: t.exposeString('ip', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (e) => e.createdAt }),
  }),
});

builder.queryField('auditEvents', (t) =>
  t.connection(
    {
      type: AuditEventRef,
      description:
        'The audit log, newest first; optionally of one subject (any ID) or one action, or a search: free words start an action or who acted; action: (product.update, or product for all of them), actor: (a staff ID, a name, or system), actor_type:, subject: (any ID), subject_type:, ip:, created_at:.',
      extensions: auth.permission('AUDIT_READ'),
      args: { subjectId: t.arg.id(), action: t.arg.string(), query: t.arg.string() },
      resolve: async (_r, args, ctx, info) => {
        const subjectId = args.subjectId == null ? null : String(args.subjectId);
        const list = listAuditEvents(ctx.services.db, {
          subjectId,
          action: args.action,
          query: args.query,
          page: args,
        });
        if ('errors' in list) return emptyConnection(list.errors) as never;
        const count = countWhenAsked(info, list.count);
        return toConnection(await list.page(), count);
      },
    },
    { name: 'AuditEventConnection' },
    { name: 'AuditEventEdge' },
  ),
);
