import { PERMISSION_DESCRIPTIONS, PERMISSIONS, type Permission } from '@stockroom/domain';
import type { RoleRow, SessionRow, StaffRow } from './staff.tables.js';
import { auth } from '../../graphql/auth.js';
import { builder, PermissionEnum } from '../../graphql/builder.js';
import type { Ctx } from '../../graphql/context.js';
import { effectivePermissions, findStaffByIds } from './staff.repository.js';
import { findSession } from './session.repository.js';

const isSelf = (staff: StaffRow, ctx: Ctx) => staff.id === ctx.viewer?.staffId;

export const RoleRef = builder.objectRef<RoleRow>('Role');
builder.node(RoleRef, {
  description: 'A named set of permissions given to staff.',
  extensions: auth.authenticated,
  id: { resolve: (r) => r.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'built_in' in o,
  loadMany: (ids, ctx) => Promise.all(ids.map((id) => ctx.loaders.rolesById.load(id))),
  fields: (t) => ({
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    permissions: t.field({
      type: [PermissionEnum],
      resolve: (r) =>
        r.permissions.filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p)),
    }),
    builtIn: t.exposeBoolean('built_in', {
      description: 'Built-in roles cannot be edited; copy one instead.',
    }),
  }),
});

const StaffStateEnum = builder.enumType('StaffState', {
  values: ['INVITED', 'ACTIVE', 'DEACTIVATED'] as const,
});

export const SessionRef = builder.objectRef<SessionRow>('Session');
builder.node(SessionRef, {
  description: 'A signed-in browser of a staff member.',
  extensions: auth.permissionOrSelf(
    'STAFF_MANAGE',
    (s: SessionRow, ctx) => s.staff_id === ctx.viewer?.staffId,
  ),
  id: { resolve: (s) => s.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'token_hash' in o,
  loadOne: (id, ctx) => findSession(ctx.services.db, id).then((s) => s ?? null),
  fields: (t) => ({
    createdAt: t.field({ type: 'DateTime', resolve: (s) => s.created_at }),
    lastSeenAt: t.field({ type: 'DateTime', resolve: (s) => s.last_seen_at }),
    expiresAt: t.field({ type: 'DateTime', resolve: (s) => s.expires_at }),
    ip: t.exposeString('ip', { nullable: true }),
    userAgent: t.exposeString('user_agent', { nullable: true }),
    current: t.boolean({
      description: 'True for the session making this request.',
      resolve: (s, _a, ctx) => s.id === ctx.viewer?.sessionId,
    }),
  }),
});

export const StaffRef = builder.objectRef<StaffRow>('Staff');
builder.node(StaffRef, {
  description: 'A person who works in the back office.',
  extensions: auth.permissionOrSelf('STAFF_MANAGE', isSelf),
  id: { resolve: (s) => s.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'password_hash' in o,
  loadMany: (ids, ctx) =>
    findStaffByIds(ctx.services.db, ids).then((rows) =>
      ids.map((id) => rows.find((r) => r.id === id) ?? null),
    ),
  fields: (t) => ({
    email: t.exposeString('email'),
    name: t.exposeString('name'),
    state: t.field({ type: StaffStateEnum, resolve: (s) => s.state }),
    isOwner: t.exposeBoolean('is_owner'),
    roles: t.field({ type: [RoleRef], resolve: (s, _a, ctx) => ctx.loaders.rolesByStaffId.load(s.id) }),
    permissions: t.field({
      type: [PermissionEnum],
      description: 'What this person may do: the union of their roles (the owner holds every permission).',
      resolve: async (s, _a, ctx) =>
        effectivePermissions(s.is_owner, await ctx.loaders.rolesByStaffId.load(s.id)),
    }),
    lastSignInAt: t.field({ type: 'DateTime', nullable: true, resolve: (s) => s.last_sign_in_at }),
    sessions: t.field({
      type: [SessionRef],
      description: 'Live sessions, most recently used first.',
      resolve: (s, _a, ctx) => ctx.loaders.sessionsByStaffId.load(s.id),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (s) => s.created_at }),
    updatedAt: t.field({ type: 'DateTime', resolve: (s) => s.updated_at }),
    version: t.exposeInt('version'),
  }),
});

const PermissionInfoRef = builder.objectRef<Permission>('PermissionInfo').implement({
  extensions: auth.authenticated,
  fields: (t) => ({
    name: t.field({ type: PermissionEnum, resolve: (p) => p }),
    description: t.string({ resolve: (p) => PERMISSION_DESCRIPTIONS[p] }),
  }),
});

builder.queryFields((t) => ({
  me: t.field({
    type: StaffRef,
    nullable: true,
    description: 'The signed-in staff member; null when signed out.',
    extensions: auth.public,
    resolve: (_root, _args, ctx) =>
      ctx.viewer ? ctx.loaders.staffById.load(ctx.viewer.staffId).then((s) => s ?? null) : null,
  }),
  permissions: t.field({
    type: [PermissionInfoRef],
    description: 'Every permission there is, with what it allows.',
    extensions: auth.authenticated,
    resolve: () => [...PERMISSIONS],
  }),
}));
