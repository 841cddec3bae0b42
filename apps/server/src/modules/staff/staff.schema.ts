import { listBound } from '../../graphql/cost.js';
import { PERMISSION_DESCRIPTIONS, PERMISSIONS, STAFF_STATES, type Permission } from '@stockroom/domain';
import type { Role, Session, StaffMember } from './staff.model.js';
import { auth } from '../../graphql/auth.js';
import { builder, PermissionEnum } from '../../graphql/builder.js';
import type { Ctx } from '../../graphql/context.js';
import { effectivePermissions, findStaffByIds } from './staff.repository.js';
import { findSession } from './session.repository.js';

const isSelf = (staff: StaffMember, ctx: Ctx) => staff.id === ctx.viewer?.staffId;

export const RoleRef = builder.objectRef<Role>('Role');
builder.node(RoleRef, {
  description: 'A named set of permissions given to staff.',
  extensions: auth.authenticated,
  id: { resolve: (r) => r.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'builtIn' in o,
  loadMany: (ids, ctx) => Promise.all(ids.map((id) => ctx.loaders.rolesById.load(id))),
  fields: (t) => ({
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    permissions: t.field({
      type: [PermissionEnum],
      resolve: (r) =>
        r.permissions.filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p)),
    }),
    builtIn: t.exposeBoolean('builtIn', {
      description: 'Built-in roles cannot be edited; copy one instead.',
    }),
  }),
});

const StaffStateEnum = builder.enumType('StaffState', { values: STAFF_STATES });

export const SessionRef = builder.objectRef<Session>('Session');
builder.node(SessionRef, {
  description: 'A signed-in browser of a staff member.',
  extensions: auth.permissionOrSelf('STAFF_MANAGE', (s: Session, ctx) => s.staffId === ctx.viewer?.staffId),
  id: { resolve: (s) => s.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'lastSeenAt' in o,
  loadOne: (id, ctx) => findSession(ctx.services.db, id).then((s) => s ?? null),
  fields: (t) => ({
    createdAt: t.field({ type: 'DateTime', resolve: (s) => s.createdAt }),
    lastSeenAt: t.field({ type: 'DateTime', resolve: (s) => s.lastSeenAt }),
    expiresAt: t.field({ type: 'DateTime', resolve: (s) => s.expiresAt }),
    ip: t.exposeString('ip', { nullable: true }),
    userAgent: t.exposeString('userAgent', { nullable: true }),
    current: t.boolean({
      description: 'True for the session making this request.',
      resolve: (s, _a, ctx) => s.id === ctx.viewer?.sessionId,
    }),
  }),
});

export const StaffRef = builder.objectRef<StaffMember>('Staff');
builder.node(StaffRef, {
  description: 'A person who works in the back office.',
  extensions: auth.permissionOrSelf('STAFF_MANAGE', isSelf),
  id: { resolve: (s) => s.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'passwordHash' in o,
  loadMany: (ids, ctx) =>
    findStaffByIds(ctx.services.db, ids).then((rows) =>
      ids.map((id) => rows.find((r) => r.id === id) ?? null),
    ),
  fields: (t) => ({
    email: t.exposeString('email'),
    name: t.exposeString('name'),
    state: t.field({ type: StaffStateEnum, resolve: (s) => s.state }),
    isOwner: t.exposeBoolean('isOwner'),
    roles: t.field({
      extensions: listBound({ counted: 'roles' }),
      type: [RoleRef],
      resolve: (s, _a, ctx) => ctx.loaders.rolesByStaffId.load(s.id),
    }),
    permissions: t.field({
      type: [PermissionEnum],
      description: 'What this person may do: the union of their roles (the owner holds every permission).',
      resolve: async (s, _a, ctx) =>
        effectivePermissions(s.isOwner, await ctx.loaders.rolesByStaffId.load(s.id)),
    }),
    lastSignInAt: t.field({ type: 'DateTime', nullable: true, resolve: (s) => s.lastSignInAt }),
    sessions: t.field({
      // an estimate: nothing limits them
      extensions: listBound({ max: 20 }),
      type: [SessionRef],
      description: 'Live sessions, most recently used first.',
      resolve: (s, _a, ctx) => ctx.loaders.sessionsByStaffId.load(s.id),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (s) => s.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (s) => s.updatedAt }),
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
    extensions: { ...auth.authenticated, ...listBound({ max: 32 }) },
    type: [PermissionInfoRef],
    description: 'Every permission there is, with what it allows.',
    resolve: () => [...PERMISSIONS],
  }),
}));
