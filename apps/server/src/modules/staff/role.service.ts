import {
  DomainError,
  isPermission,
  MESSAGES,
  nameSchema,
  PERMISSIONS,
  type Permission,
  type UserError,
} from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor, Viewer } from '../../actor.js';
import type { Role } from './staff.model.js';
import { uuidv7 } from '../../lib/uuid.js';
import { lockUniqueValues } from '../../lib/unique-lock.repository.js';
import { recordAudit } from '../audit/audit.service.js';
import * as repo from './role.repository.js';

type Manager = Actor & { viewer: Viewer };
const DESCRIPTION_MAX = 500;

export interface RoleInputRaw {
  name?: string | null;
  description?: string | null;
  permissions?: string[] | null;
}

/** A role's fields checked: a free name, a description, permissions the manager holds themselves. */
async function checked(trx: Tx, actor: Manager, raw: Required<RoleInputRaw>, exceptId: string | null) {
  const errors: UserError[] = [];
  const name = nameSchema.safeParse(raw.name ?? '');
  if (!name.success)
    errors.push({ code: 'INVALID', message: name.error.issues[0]!.message, field: ['input', 'name'] });
  const description = (raw.description ?? '').trim();
  if (description.length > DESCRIPTION_MAX)
    errors.push({
      code: 'TOO_LONG',
      message: `Use at most ${DESCRIPTION_MAX} characters.`,
      field: ['input', 'description'],
    });
  const wanted = [...new Set(raw.permissions ?? [])];
  if (!wanted.length)
    errors.push({
      code: 'REQUIRED',
      message: 'Choose at least one permission.',
      field: ['input', 'permissions'],
    });
  const beyond = wanted.filter((p) => !isPermission(p) || !actor.viewer.permissions.has(p));
  if (beyond.length)
    errors.push({
      code: 'ESCALATION_FORBIDDEN',
      message: `You can only give permissions you hold yourself; you don't hold ${beyond.join(', ')}.`,
      field: ['input', 'permissions'],
    });
  if (name.success) {
    await lockUniqueValues(trx, 'role-name', [name.data]);
    const other = await repo.findRoleByName(trx, name.data);
    if (other && other.id !== exceptId)
      errors.push({
        code: 'TAKEN',
        message: `There is already a role named ${other.name}.`,
        field: ['input', 'name'],
      });
  }
  if (errors.length || !name.success) throw new DomainError(errors);
  return {
    name: name.data,
    description,
    permissions: PERMISSIONS.filter((p: Permission) => wanted.includes(p)) as string[],
  };
}

/** roleCreate: a custom role (copying a built-in one is creating with its permissions). */
export async function roleCreate(trx: Tx, actor: Manager, raw: RoleInputRaw): Promise<Role> {
  const v = await checked(
    trx,
    actor,
    { name: raw.name ?? '', description: raw.description ?? '', permissions: raw.permissions ?? [] },
    null,
  );
  const row = await repo.insertRole(trx, uuidv7(), v);
  await recordAudit(trx, actor, {
    action: 'role.create',
    subjectType: 'Role',
    subjectId: row.id,
    changes: { name: { before: null, after: v.name }, permissions: { before: null, after: v.permissions } },
  });
  return row;
}

async function lockCustom(trx: Tx, id: string, version?: number | null): Promise<Role> {
  const role = await repo.lockRole(trx, id);
  if (!role) throw DomainError.one('INVALID', 'This role does not exist.', ['id']);
  if (role.builtIn)
    throw DomainError.one('INVALID', 'Built-in roles cannot be changed; copy one instead.', ['id']);
  if (version != null && version !== role.version)
    throw DomainError.one('STALE_VERSION', MESSAGES.staleVersion('role'), ['version']);
  return role;
}

/** roleUpdate: its people get the new permissions on their next request. */
export async function roleUpdate(
  trx: Tx,
  actor: Manager,
  input: { id: string; raw: RoleInputRaw; version?: number | null },
): Promise<Role> {
  const before = await lockCustom(trx, input.id, input.version);
  // Taking away what the manager doesn't hold would also need them to hold it: they can't see it.
  const v = await checked(
    trx,
    actor,
    {
      name: input.raw.name ?? before.name,
      description: input.raw.description ?? before.description,
      permissions: input.raw.permissions ?? before.permissions,
    },
    before.id,
  );
  const after = await repo.updateRole(trx, before.id, v);
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of ['name', 'description', 'permissions'] as const)
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      changes[key] = { before: before[key], after: after[key] };
  await recordAudit(trx, actor, {
    action: 'role.update',
    subjectType: 'Role',
    subjectId: before.id,
    changes,
  });
  return after;
}

/** roleDelete: only a custom role nobody has (move its people first). */
export async function roleDelete(trx: Tx, actor: Manager, id: string): Promise<string> {
  const before = await lockCustom(trx, id);
  const members = await repo.membersOfRole(trx, before.id);
  if (members)
    throw DomainError.one(
      'HAS_DEPENDENTS',
      `${members} ${members === 1 ? 'person has' : 'people have'} this role; give them another role first.`,
      ['id'],
    );
  await repo.deleteRole(trx, before.id);
  await recordAudit(trx, actor, {
    action: 'role.delete',
    subjectType: 'Role',
    subjectId: before.id,
    changes: {
      name: { before: before.name, after: null },
      permissions: { before: before.permissions, after: null },
    },
  });
  return before.id;
}
