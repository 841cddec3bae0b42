import { decodeIdOf, type UserError } from '@stockroom/domain';
import { auth } from '../../graphql/auth.js';
import {
  builder,
  command,
  UNDO_EVENT_DESCRIPTION,
  undoEventId,
  UserErrorRef,
} from '../../graphql/builder.js';
import { forbidden } from '../../graphql/errors.js';
import { settingsChanged } from '../settings/settings.service.js';
import { auditEventById } from '../audit/audit.service.js';
import { auditEventRevert, extraRevertPermissions, isRevertable, revertPermission } from './undo.service.js';
import { AuditEventRef } from '../audit/audit.schema.js';

const AuditEventRevertPayload = builder
  .objectRef<{ userErrors: UserError[]; recordedEvents?: string[] }>('AuditEventRevertPayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      auditEventId: t.id({ nullable: true, description: UNDO_EVENT_DESCRIPTION, resolve: undoEventId }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

builder.mutationField('auditEventRevert', (t) =>
  t.field({
    type: AuditEventRevertPayload,
    description:
      'Undoes one change from the audit log: puts back the before values of its fields if none has changed since (else STALE_VERSION naming who changed it, and when). Needs the permission that changing the subject needs; stock movements, orders and money are refused with what to do instead. The undo is itself an event (`<type>.revert`).',
    extensions: auth.authenticated,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const uuid = decodeIdOf('AuditEvent', String(args.id));
      const event = uuid ? await auditEventById(ctx.services.db, uuid) : null;
      if (!event)
        return {
          userErrors: [
            { field: ['id'], code: 'INVALID' as const, message: 'This audit event does not exist.' },
          ],
        };
      const permission = revertPermission(event.action);
      if (!ctx.viewer?.permissions.has(permission)) throw forbidden(permission);
      for (const extra of extraRevertPermissions(event))
        if (!ctx.viewer.permissions.has(extra)) throw forbidden(extra);
      try {
        return await command(ctx, async (trx) => {
          await auditEventRevert(trx, ctx, event);
          return {};
        });
      } finally {
        if (event.subjectType === 'Shop') settingsChanged(ctx.services.db);
      }
    },
  }),
);

builder.objectField(AuditEventRef, 'revertable', (t) =>
  t.boolean({
    description:
      'Whether auditEventRevert handles this kind of change and the viewer may make it; it still refuses when a field changed since.',
    resolve: (e, _a, ctx) =>
      isRevertable(e.action) && Boolean(ctx.viewer?.permissions.has(revertPermission(e.action))),
  }),
);
