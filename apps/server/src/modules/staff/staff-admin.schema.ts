import { listBound } from '../../graphql/cost.js';
import { decodeIdOf, DomainError, encodeId, type UserError } from '@stockroom/domain';
import type { Role, StaffMember } from './staff.model.js';
import type { Viewer } from '../../actor.js';
import type { Ctx } from '../../graphql/context.js';
import { auth } from '../../graphql/auth.js';
import {
  builder,
  command,
  countWhenAsked,
  emptyConnection,
  PermissionEnum,
  toConnection,
  UserErrorRef,
} from '../../graphql/builder.js';
import { RoleRef, StaffRef } from './staff.schema.js';
import { listRoles } from './staff.repository.js';
import { countStaffMatching, pageStaff } from './staff-admin.repository.js';
import { staffSearchCondition } from './staff-search.js';
import * as service from './staff-admin.service.js';
import * as roles from './role.service.js';
import { queueStaffEmail } from '../notifications/notifications.service.js';

const manage = auth.permission('STAFF_MANAGE');
const asManager = (ctx: Ctx) => ctx as Ctx & { viewer: Viewer };

function staffUuid(id: string | number): string {
  const uuid = decodeIdOf('Staff', String(id));
  if (!uuid) throw DomainError.one('INVALID', 'This staff member does not exist.', ['id']);
  return uuid;
}

const roleUuids = (ids: readonly (string | number)[]) =>
  ids.map((id) => decodeIdOf('Role', String(id)) ?? '00000000-0000-0000-0000-000000000000');

const StaffPayload = builder
  .objectRef<{ staff?: StaffMember | null; userErrors: UserError[] }>('StaffMemberPayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      staff: t.field({ type: StaffRef, nullable: true, resolve: (p) => p.staff ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const LinkPayload = (name: string, description: string) =>
  builder
    .objectRef<{ staff?: StaffMember | null; path?: string | null; userErrors: UserError[] }>(name)
    .implement({
      extensions: auth.public,
      fields: (t) => ({
        staff: t.field({ type: StaffRef, nullable: true, resolve: (p) => p.staff ?? null }),
        path: t.string({ nullable: true, description, resolve: (p) => p.path ?? null }),
        userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
      }),
    });

const InvitePayload = LinkPayload(
  'StaffInvitePayload',
  'The invitation link, "/invite/…" on this server: give it to the person (valid 7 days, once).',
);
const ResetPayload = LinkPayload(
  'StaffPasswordResetCreatePayload',
  'The reset link, "/reset/…" on this server: give it to the person (valid 1 hour, once).',
);

const AcceptPayload = builder
  .objectRef<{ email?: string | null; userErrors: UserError[] }>('LinkAcceptPayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      email: t.string({
        nullable: true,
        description: 'Whose account it is, to sign in with.',
        resolve: (p) => p.email ?? null,
      }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const StaffInviteInput = builder.inputType('StaffInviteInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    name: t.string({ required: true }),
    roleIds: t.idList({ required: true, description: 'Together no more than you may do yourself.' }),
  }),
});

const StaffUpdateInput = builder.inputType('StaffUpdateInput', {
  fields: (t) => ({ name: t.string(), roleIds: t.idList() }),
});

builder.queryFields((t) => ({
  staffMembers: t.connection(
    {
      type: StaffRef,
      description: 'Staff by name; free words match name or email; state:, email:.',
      extensions: manage,
      args: { query: t.arg.string() },
      resolve: async (_r, args, ctx, info) => {
        const search = staffSearchCondition(args.query);
        if ('errors' in search) return emptyConnection(search.errors) as never;
        const count = countWhenAsked(info, () => countStaffMatching(ctx.services.db, search.condition));
        return toConnection(await pageStaff(ctx.services.db, search.condition, args), count);
      },
    },
    { name: 'StaffConnection' },
    { name: 'StaffEdge' },
  ),
  staffMember: t.field({
    type: StaffRef,
    nullable: true,
    extensions: manage,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const uuid = decodeIdOf('Staff', String(args.id));
      return uuid ? ((await ctx.loaders.staffById.load(uuid)) ?? null) : null;
    },
  }),
  roles: t.field({
    // built-in and custom roles of one store
    extensions: { ...manage, ...listBound({ max: 100 }) },
    type: [RoleRef],
    description: 'Every role, built-in first.',
    resolve: (_r, _a, ctx) => listRoles(ctx.services.db),
  }),
}));

builder.mutationFields((t) => ({
  staffInvite: t.field({
    type: InvitePayload,
    extensions: manage,
    args: { input: t.arg({ type: StaffInviteInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        const made = await service.staffInvite(trx, asManager(ctx), {
          ...args.input,
          roleIds: roleUuids(args.input.roleIds),
        });
        const path = `/invite/${made.token}`;
        await queueStaffEmail(trx, ctx, {
          kind: 'STAFF_INVITATION',
          staffId: made.staff.id,
          to: made.staff.email,
          name: made.staff.name,
          path,
          expiresAt: new Date(Date.now() + service.INVITE_HOURS * 3_600_000),
        });
        return { staff: made.staff, path };
      }),
  }),
  invitationAccept: t.field({
    type: AcceptPayload,
    description: 'The invited person sets their name and password; then they sign in.',
    extensions: auth.public,
    args: {
      token: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
    },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({ email: (await service.invitationAccept(trx, ctx, args)).email })),
  }),
  staffUpdate: t.field({
    type: StaffPayload,
    extensions: manage,
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: StaffUpdateInput, required: true }),
      version: t.arg.int(),
    },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        staff: await service.staffUpdate(trx, asManager(ctx), {
          id: staffUuid(args.id),
          name: args.input.name,
          roleIds: args.input.roleIds ? roleUuids(args.input.roleIds) : null,
          version: args.version,
        }),
      })),
  }),
  staffDeactivate: t.field({
    type: StaffPayload,
    description: 'They can no longer sign in; their sessions end at once.',
    extensions: manage,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        staff: await service.staffDeactivate(trx, asManager(ctx), staffUuid(args.id)),
      })),
  }),
  staffReactivate: t.field({
    type: StaffPayload,
    extensions: manage,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        staff: await service.staffReactivate(trx, asManager(ctx), staffUuid(args.id)),
      })),
  }),
  staffPasswordResetCreate: t.field({
    type: ResetPayload,
    extensions: manage,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        const made = await service.staffPasswordResetCreate(trx, asManager(ctx), staffUuid(args.id));
        const path = `/reset/${made.token}`;
        await queueStaffEmail(trx, ctx, {
          kind: 'STAFF_PASSWORD_RESET',
          staffId: made.staff.id,
          to: made.staff.email,
          name: made.staff.name,
          path,
          expiresAt: new Date(Date.now() + service.RESET_HOURS * 3_600_000),
        });
        return { path };
      }),
  }),
  passwordReset: t.field({
    type: AcceptPayload,
    description: 'A new password through a reset link; every session of the person ends.',
    extensions: auth.public,
    args: { token: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({ email: (await service.passwordReset(trx, ctx, args)).email })),
  }),
  ownershipTransfer: t.field({
    type: StaffPayload,
    description:
      'The owner hands the store to an active staff member, who holds every permission from then on.',
    extensions: manage,
    args: { id: t.arg.id({ required: true, description: 'The new owner.' }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        staff: await service.ownershipTransfer(trx, asManager(ctx), staffUuid(args.id)),
      })),
  }),
}));

const RoleInput = builder.inputType('RoleInput', {
  description: 'On update, fields left out keep their values.',
  fields: (t) => ({
    name: t.string(),
    description: t.string(),
    permissions: t.field({ type: [PermissionEnum], description: 'At most those you hold.' }),
  }),
});

const RolePayload = builder
  .objectRef<{ role?: Role | null; userErrors: UserError[] }>('RolePayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      role: t.field({ type: RoleRef, nullable: true, resolve: (p) => p.role ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const RoleDeletePayload = builder
  .objectRef<{ deletedId?: string | null; userErrors: UserError[] }>('RoleDeletePayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      deletedId: t.id({
        nullable: true,
        resolve: (p) => (p.deletedId ? encodeId('Role', p.deletedId) : null),
      }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

function roleUuid(id: string | number): string {
  const uuid = decodeIdOf('Role', String(id));
  if (!uuid) throw DomainError.one('INVALID', 'This role does not exist.', ['id']);
  return uuid;
}

builder.mutationFields((t) => ({
  roleCreate: t.field({
    type: RolePayload,
    description: 'A custom role (to copy a built-in one, create with its permissions).',
    extensions: manage,
    args: { input: t.arg({ type: RoleInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({ role: await roles.roleCreate(trx, asManager(ctx), args.input) })),
  }),
  roleUpdate: t.field({
    type: RolePayload,
    description: 'Changes a custom role; its people get the change on their next request.',
    extensions: manage,
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: RoleInput, required: true }),
      version: t.arg.int(),
    },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        role: await roles.roleUpdate(trx, asManager(ctx), {
          id: roleUuid(args.id),
          raw: args.input,
          version: args.version,
        }),
      })),
  }),
  roleDelete: t.field({
    type: RoleDeletePayload,
    description: 'Deletes a custom role nobody has (HAS_DEPENDENTS otherwise).',
    extensions: manage,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        deletedId: await roles.roleDelete(trx, asManager(ctx), roleUuid(args.id)),
      })),
  }),
}));
