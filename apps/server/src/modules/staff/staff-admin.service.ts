import { createHash, randomBytes } from 'node:crypto';
import {
  DomainError,
  emailSchema,
  MESSAGES,
  nameSchema,
  passwordProblem,
  type Permission,
  type UserError,
} from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor, Viewer } from '../../actor.js';
import type { StaffMember } from './staff.model.js';
import type { LinkKind } from './staff-admin.repository.js';
import { uuidv7 } from '../../lib/uuid.js';
import { lockUniqueValues } from '../../lib/unique-lock.repository.js';
import { recordAudit, HIDDEN } from '../audit/audit.service.js';
import { hashPassword } from './password.js';
import * as staffRepo from './staff.repository.js';
import * as sessions from './session.repository.js';
import * as repo from './staff-admin.repository.js';

/** SPEC §2: an invitation is good for 7 days, a reset link for 1 hour; both once. */
export const INVITE_HOURS = 7 * 24;
export const RESET_HOURS = 1;
/** The same words for a link that is unknown, used or expired. */
export const LINK_REFUSED =
  'This link is not valid any more: it was used, it expired, or it was replaced. Ask a staff manager for a new one.';

type Manager = Actor & { viewer: Viewer };

const hashOf = (token: string) => createHash('sha256').update(token).digest();

async function newLink(trx: Tx, actor: Manager, staffId: string, kind: LinkKind, hours: number) {
  await repo.retireLinks(trx, staffId, kind);
  const token = randomBytes(32).toString('base64url');
  await repo.insertStaffLink(trx, {
    id: uuidv7(),
    staffId,
    kind,
    tokenHash: hashOf(token),
    hours,
    createdBy: actor.viewer.staffId,
  });
  return token;
}

/**
 * The roles, checked: they exist, and together grant nothing the manager doesn't hold themselves
 * (SPEC §6, ESCALATION_FORBIDDEN).
 */
async function grantableRoles(trx: Tx, actor: Manager, roleIds: readonly string[], field: string[]) {
  const roles = await staffRepo.findRolesByIds(trx, [...new Set(roleIds)]);
  if (roles.length !== new Set(roleIds).size)
    throw DomainError.one('INVALID', 'One of these roles does not exist.', field);
  const beyond = [...new Set(roles.flatMap((r) => r.permissions))].filter(
    (p) => !actor.viewer.permissions.has(p as Permission),
  );
  if (beyond.length)
    throw DomainError.one(
      'ESCALATION_FORBIDDEN',
      `You can only give permissions you hold yourself; you don't hold ${beyond.join(', ')}.`,
      field,
    );
  return roles;
}

/** staffInvite: a person, invited with roles; answers the link to pass on (there is no mail server). */
export async function staffInvite(
  trx: Tx,
  actor: Manager,
  raw: { email: string; name: string; roleIds: string[] },
): Promise<{ staff: StaffMember; token: string }> {
  const errors: UserError[] = [];
  const email = emailSchema.safeParse(raw.email);
  if (!email.success)
    errors.push({ code: 'INVALID', message: email.error.issues[0]!.message, field: ['input', 'email'] });
  const name = nameSchema.safeParse(raw.name);
  if (!name.success)
    errors.push({ code: 'INVALID', message: name.error.issues[0]!.message, field: ['input', 'name'] });
  if (!raw.roleIds.length)
    errors.push({ code: 'REQUIRED', message: 'Choose at least one role.', field: ['input', 'roleIds'] });
  if (errors.length || !email.success || !name.success) throw new DomainError(errors);
  const roles = await grantableRoles(trx, actor, raw.roleIds, ['input', 'roleIds']);
  const address = email.data.toLowerCase();
  await lockUniqueValues(trx, 'staff-email', [address]);
  const other = await staffRepo.findStaffByEmail(trx, address);
  if (other)
    throw new DomainError([
      {
        code: 'TAKEN',
        message: `${other.name} already has an account with this email.`,
        field: ['input', 'email'],
        relatedId: other.id,
        relatedType: 'Staff',
      },
    ]);
  const staff = await staffRepo.insertStaff(
    trx,
    { id: uuidv7(), email: address, name: name.data, passwordHash: null, state: 'INVITED' },
    roles.map((r) => r.id),
  );
  const token = await newLink(trx, actor, staff.id, 'INVITE', INVITE_HOURS);
  await recordAudit(trx, actor, {
    action: 'staff.invite',
    subjectType: 'Staff',
    subjectId: staff.id,
    changes: {
      email: { before: null, after: address },
      name: { before: null, after: name.data },
      roles: { before: null, after: roles.map((r) => r.name).sort() },
    },
  });
  return { staff, token };
}

/** Uses a link of this kind: one use, before it expires; every refusal in the same words. */
async function takeLink(trx: Tx, token: string, kind: LinkKind) {
  // Every token, however it looks, costs one hash and one lookup: refusals take the same time.
  const link = await repo.lockLink(trx, hashOf(token), kind);
  if (!link?.usable) throw DomainError.one('INVALID', LINK_REFUSED, ['token']);
  await repo.useLink(trx, link.id);
  return link;
}

function checkedPassword(password: string, email: string): string {
  const problem = passwordProblem(password, email);
  if (problem)
    throw DomainError.one(
      password.length < 12 ? 'TOO_SHORT' : password.length > 256 ? 'TOO_LONG' : 'INVALID',
      problem,
      ['password'],
    );
  return password;
}

/** invitationAccept: the invited person names themselves and sets a password; the account is active. */
export async function invitationAccept(
  trx: Tx,
  actor: Actor,
  input: { token: string; name: string; password: string },
): Promise<StaffMember> {
  const link = await takeLink(trx, input.token, 'INVITE');
  const staff = await repo.lockStaff(trx, link.staffId);
  if (!staff || staff.state !== 'INVITED') throw DomainError.one('INVALID', LINK_REFUSED, ['token']);
  const name = nameSchema.safeParse(input.name);
  if (!name.success) throw DomainError.one('INVALID', name.error.issues[0]!.message, ['name']);
  const password = checkedPassword(input.password, staff.email);
  const after = (await staffRepo.updateStaff(trx, staff.id, {
    name: name.data,
    passwordHash: await hashPassword(password),
    state: 'ACTIVE',
  }))!;
  await recordAudit(
    trx,
    { ...actor, viewer: null },
    {
      action: 'staff.invitation_accept',
      subjectType: 'Staff',
      subjectId: staff.id,
      changes: { state: { before: 'INVITED', after: 'ACTIVE' }, password: { before: null, after: HIDDEN } },
    },
  );
  return after;
}

/** A staff member a manager may act on: the owner is changed only by the owner. */
async function manageable(
  trx: Tx,
  actor: Manager,
  id: string,
  version?: number | null,
): Promise<StaffMember> {
  const staff = await repo.lockStaff(trx, id);
  if (!staff) throw DomainError.one('INVALID', 'This staff member does not exist.', ['id']);
  if (staff.isOwner && !actor.viewer.isOwner)
    throw DomainError.one('INVALID', 'Only the owner can change the owner’s account.', ['id']);
  if (version != null && version !== staff.version)
    throw DomainError.one('STALE_VERSION', MESSAGES.staleVersion('staff member'), ['version']);
  return staff;
}

/** staffUpdate: name and roles; a role change counts from the person's next request. */
export async function staffUpdate(
  trx: Tx,
  actor: Manager,
  input: { id: string; name?: string | null; roleIds?: string[] | null; version?: number | null },
): Promise<StaffMember> {
  const before = await manageable(trx, actor, input.id, input.version);
  const oldRoles = (await staffRepo.rolesByStaffIds(trx, [before.id])).get(before.id) ?? [];
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  let name: string | undefined;
  if (input.name != null) {
    const parsed = nameSchema.safeParse(input.name);
    if (!parsed.success) throw DomainError.one('INVALID', parsed.error.issues[0]!.message, ['input', 'name']);
    name = parsed.data;
    if (name !== before.name) changes['name'] = { before: before.name, after: name };
  }
  if (input.roleIds) {
    if (!input.roleIds.length && !before.isOwner)
      throw DomainError.one('REQUIRED', 'Choose at least one role, or deactivate the person.', [
        'input',
        'roleIds',
      ]);
    const roles = await grantableRoles(trx, actor, input.roleIds, ['input', 'roleIds']);
    await repo.replaceStaffRoles(
      trx,
      before.id,
      roles.map((r) => r.id),
    );
    const b = oldRoles.map((r) => r.name).sort();
    const a = roles.map((r) => r.name).sort();
    if (JSON.stringify(a) !== JSON.stringify(b)) changes['roles'] = { before: b, after: a };
  }
  const after = (await staffRepo.updateStaff(trx, before.id, name ? { name } : {}))!;
  await recordAudit(trx, actor, {
    action: 'staff.update',
    subjectType: 'Staff',
    subjectId: before.id,
    changes,
  });
  return after;
}

/** staffDeactivate: the person can't sign in, and every session of theirs ends at once. */
export async function staffDeactivate(trx: Tx, actor: Manager, id: string): Promise<StaffMember> {
  const before = await manageable(trx, actor, id);
  if (before.isOwner)
    throw DomainError.one('LAST_OWNER', "The owner can't be deactivated; transfer ownership first.", ['id']);
  if (before.id === actor.viewer.staffId)
    throw DomainError.one('INVALID_TRANSITION', "You can't deactivate yourself; ask another staff manager.", [
      'id',
    ]);
  if (before.state === 'DEACTIVATED') return before;
  const after = (await staffRepo.updateStaff(trx, before.id, { state: 'DEACTIVATED' }))!;
  await sessions.revokeSessions(trx, { staffId: before.id });
  await recordAudit(trx, actor, {
    action: 'staff.deactivate',
    subjectType: 'Staff',
    subjectId: before.id,
    changes: { state: { before: before.state, after: 'DEACTIVATED' } },
  });
  return after;
}

/** staffReactivate: back to active (or invited, if they never set a password). */
export async function staffReactivate(trx: Tx, actor: Manager, id: string): Promise<StaffMember> {
  const before = await manageable(trx, actor, id);
  if (before.state !== 'DEACTIVATED') return before;
  const state = before.passwordHash ? 'ACTIVE' : 'INVITED';
  const after = (await staffRepo.updateStaff(trx, before.id, { state }))!;
  await recordAudit(trx, actor, {
    action: 'staff.reactivate',
    subjectType: 'Staff',
    subjectId: before.id,
    changes: { state: { before: 'DEACTIVATED', after: state } },
  });
  return after;
}

/** staffPasswordResetCreate: a link (1 hour, once) for someone who forgot their password; and who it is for. */
export async function staffPasswordResetCreate(
  trx: Tx,
  actor: Manager,
  id: string,
): Promise<{ token: string; staff: StaffMember }> {
  const staff = await manageable(trx, actor, id);
  if (staff.state !== 'ACTIVE')
    throw DomainError.one('INVALID_TRANSITION', 'Only an active account can reset its password.', ['id']);
  const token = await newLink(trx, actor, staff.id, 'RESET', RESET_HOURS);
  await recordAudit(trx, actor, {
    action: 'staff.password_reset_create',
    subjectType: 'Staff',
    subjectId: staff.id,
  });
  return { token, staff };
}

/** passwordReset: a new password through the link; every session of the person ends. */
export async function passwordReset(
  trx: Tx,
  actor: Actor,
  input: { token: string; password: string },
): Promise<StaffMember> {
  const link = await takeLink(trx, input.token, 'RESET');
  const staff = await repo.lockStaff(trx, link.staffId);
  if (!staff || staff.state !== 'ACTIVE') throw DomainError.one('INVALID', LINK_REFUSED, ['token']);
  const password = checkedPassword(input.password, staff.email);
  const after = (await staffRepo.updateStaff(trx, staff.id, {
    passwordHash: await hashPassword(password),
  }))!;
  await sessions.revokeSessions(trx, { staffId: staff.id });
  await recordAudit(
    trx,
    { ...actor, viewer: null },
    {
      action: 'staff.password_reset',
      subjectType: 'Staff',
      subjectId: staff.id,
      changes: { password: { before: HIDDEN, after: HIDDEN } },
    },
  );
  return after;
}

/**
 * ownershipTransfer (SPEC §6): only the owner, to an active staff member; the store always has
 * exactly one owner. Both rows are locked in id order, so two transfers can't cross.
 */
export async function ownershipTransfer(trx: Tx, actor: Manager, toId: string): Promise<StaffMember> {
  if (!actor.viewer.isOwner || actor.viewer.token)
    throw DomainError.one('LAST_OWNER', 'Only the owner can hand over ownership.', ['id']);
  const [first, second] = [actor.viewer.staffId, toId].sort();
  const locked = [await repo.lockStaff(trx, first!), await repo.lockStaff(trx, second!)];
  const from = locked.find((s) => s?.id === actor.viewer.staffId);
  const to = locked.find((s) => s?.id === toId);
  if (!to) throw DomainError.one('INVALID', 'This staff member does not exist.', ['id']);
  if (!from?.isOwner) throw DomainError.one('LAST_OWNER', 'Only the owner can hand over ownership.', ['id']);
  if (to.id === from.id) throw DomainError.one('INVALID', 'You are the owner already.', ['id']);
  if (to.state !== 'ACTIVE')
    throw DomainError.one('INVALID_TRANSITION', 'Ownership goes only to someone active, who has signed in.', [
      'id',
    ]);
  await repo.moveOwnership(trx, from.id, to.id);
  await recordAudit(trx, actor, {
    action: 'staff.ownership_transfer',
    subjectType: 'Staff',
    subjectId: to.id,
    changes: { owner: { before: from.email, after: to.email } },
  });
  return (await repo.lockStaff(trx, to.id))!;
}
