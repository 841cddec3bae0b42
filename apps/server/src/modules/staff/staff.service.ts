import { MESSAGES, nameSchema, validate, type Permission } from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { StaffMember } from './staff.model.js';
import type { Actor, Viewer } from '../../actor.js';
import { DomainError } from '@stockroom/domain';
import { diff, recordAudit } from '../audit/audit.service.js';
import * as sessions from './session.repository.js';
import * as staffRepo from './staff.repository.js';

/** The viewer's own profile. `version`, when given, must match (optimistic concurrency). */
export async function accountUpdate(
  trx: Tx,
  actor: Actor & { viewer: Viewer },
  input: { name: string; version?: number | null },
): Promise<StaffMember> {
  const name = validate(nameSchema, input.name, ['input', 'name']);
  if (!name.ok) throw new DomainError(name.errors);
  const before = await staffRepo.findStaffById(trx, actor.viewer.staffId);
  if (!before) throw DomainError.one('INVALID', 'Your account no longer exists.');
  const after = await staffRepo.updateStaff(trx, before.id, { name: name.value }, input.version);
  if (!after) throw DomainError.one('STALE_VERSION', MESSAGES.staleVersion('profile'), ['input', 'version']);
  await recordAudit(trx, actor, {
    action: 'staff.update',
    subjectType: 'Staff',
    subjectId: before.id,
    changes: diff(before, after, ['name']),
  });
  return after;
}

/**
 * The permission the viewer lacks to end this session, or null: one's own needs none, anyone
 * else's STAFF_MANAGE. The API answers a missing one as FORBIDDEN before running the command; a
 * session that does not exist needs none (the command says it does not exist).
 */
export async function permissionToEndSession(
  db: Executor,
  viewer: Viewer,
  sessionId: string,
): Promise<Permission | null> {
  const session = await sessions.findSession(db, sessionId);
  return session && session.staffId !== viewer.staffId && !viewer.permissions.has('STAFF_MANAGE')
    ? 'STAFF_MANAGE'
    : null;
}

/**
 * Ends one session (own, or anyone's with STAFF_MANAGE; the owner's only by the owner), or every
 * other session of the viewer's. Returns how many ended.
 */
export async function sessionRevoke(
  trx: Tx,
  actor: Actor & { viewer: Viewer },
  target: { sessionId?: string | null; allOthers?: boolean | null },
): Promise<number> {
  const viewer = actor.viewer;
  let ended: string[];
  if (target.allOthers) {
    ended = await sessions.revokeSessions(trx, { staffId: viewer.staffId, exceptId: viewer.sessionId });
  } else if (target.sessionId) {
    const session = await sessions.findSession(trx, target.sessionId);
    if (!session) throw DomainError.one('INVALID', 'This session does not exist.', ['id']);
    if (session.staffId !== viewer.staffId) {
      // Checked by the API first (FORBIDDEN); kept so this command is safe wherever it is called from.
      if (!viewer.permissions.has('STAFF_MANAGE'))
        throw DomainError.one('ESCALATION_FORBIDDEN', 'You can end only your own sessions.', ['id']);
      const owner = await staffRepo.findStaffById(trx, session.staffId);
      if (owner?.isOwner && !viewer.isOwner) {
        throw DomainError.one('ESCALATION_FORBIDDEN', "Only the owner can end the owner's sessions.", ['id']);
      }
    }
    ended = await sessions.revokeSessions(trx, { ids: [session.id] });
  } else {
    throw DomainError.one('REQUIRED', 'Say which session to end, or ask to end all others.', ['id']);
  }
  for (const id of ended) {
    await recordAudit(trx, actor, { action: 'session.revoke', subjectType: 'Session', subjectId: id });
  }
  return ended.length;
}
