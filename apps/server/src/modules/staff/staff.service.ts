import { MESSAGES, nameSchema, validate } from '@stockroom/domain';
import type { DB } from '../../db/database.js';
import type { StaffRow } from '../../db/types.js';
import type { Actor } from '../../actor.js';
import type { Viewer } from '../../graphql/context.js';
import { forbidden } from '../../graphql/errors.js';
import { UserErrors } from '../../graphql/errors.js';
import { diff, recordAudit } from '../audit/audit.service.js';
import * as sessions from './session.repository.js';
import * as staffRepo from './staff.repository.js';

/** The viewer's own profile. `version`, when given, must match (optimistic concurrency). */
export async function accountUpdate(
  db: DB,
  actor: Actor & { viewer: Viewer },
  input: { name: string; version?: number | null },
): Promise<StaffRow> {
  const name = validate(nameSchema, input.name, ['input', 'name']);
  if (!name.ok) throw new UserErrors(name.errors);
  return db.transaction().execute(async (trx) => {
    const before = await staffRepo.findStaffById(trx, actor.viewer.staffId);
    if (!before) throw UserErrors.one('INVALID', 'Your account no longer exists.');
    const after = await staffRepo.updateStaff(trx, before.id, { name: name.value }, input.version);
    if (!after) throw UserErrors.one('STALE_VERSION', MESSAGES.staleVersion('profile'), ['input', 'version']);
    await recordAudit(trx, actor, {
      action: 'staff.update',
      subjectType: 'Staff',
      subjectId: before.id,
      changes: diff(before, after, ['name']),
    });
    return after;
  });
}

/**
 * Ends one session (own, or anyone's with STAFF_MANAGE; the owner's only by the owner), or every
 * other session of the viewer's. Returns how many ended.
 */
export async function sessionRevoke(
  db: DB,
  actor: Actor & { viewer: Viewer },
  target: { sessionId?: string | null; allOthers?: boolean | null },
): Promise<number> {
  const viewer = actor.viewer;
  return db.transaction().execute(async (trx) => {
    let ended: string[];
    if (target.allOthers) {
      ended = await sessions.revokeSessions(trx, { staffId: viewer.staffId, exceptId: viewer.sessionId });
    } else if (target.sessionId) {
      const session = await sessions.findSession(trx, target.sessionId);
      if (!session) throw UserErrors.one('INVALID', 'This session does not exist.', ['id']);
      if (session.staff_id !== viewer.staffId) {
        if (!viewer.permissions.has('STAFF_MANAGE')) throw forbidden('STAFF_MANAGE');
        const owner = await staffRepo.findStaffById(trx, session.staff_id);
        if (owner?.is_owner && !viewer.isOwner) {
          throw UserErrors.one('ESCALATION_FORBIDDEN', "Only the owner can end the owner's sessions.", ['id']);
        }
      }
      ended = await sessions.revokeSessions(trx, { ids: [session.id] });
    } else {
      throw UserErrors.one('REQUIRED', 'Say which session to end, or ask to end all others.', ['id']);
    }
    for (const id of ended) {
      await recordAudit(trx, actor, { action: 'session.revoke', subjectType: 'Session', subjectId: id });
    }
    return ended.length;
  });
}
