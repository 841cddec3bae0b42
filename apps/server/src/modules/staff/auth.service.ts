import { MESSAGES, passwordProblem } from '@stockroom/domain';
import type { DB } from '../../db/database.js';
import type { StaffRow } from '../../db/types.js';
import type { Actor } from '../../actor.js';
import type { Viewer } from '../../graphql/context.js';
import { UserErrors } from '../../graphql/errors.js';
import { HIDDEN, recordAudit } from '../audit/audit.service.js';
import { hashPassword, verifyPassword } from './password.js';
import * as sessions from './session.repository.js';
import * as staffRepo from './staff.repository.js';
import * as throttle from './login-throttle.repository.js';

export interface LoginResult {
  staff: StaffRow;
  token: string;
}

function invalidCredentials(): UserErrors {
  return UserErrors.one('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
}

/**
 * Signs in. Unknown email, wrong password and an account that may not sign in all answer the same
 * words after the same work (a password hash is verified either way).
 */
export async function login(db: DB, actor: Actor, email: string, password: string): Promise<LoginResult> {
  const normalized = email.trim().toLowerCase();
  const accountKey = `email:${normalized}`;
  if (actor.ip) {
    const wait = await throttle.countIpAttempt(db, actor.ip);
    if (wait) throw UserErrors.one('LOGIN_THROTTLED', MESSAGES.loginThrottled(wait));
  }
  const wait = await throttle.secondsBlocked(db, accountKey);
  if (wait) throw UserErrors.one('LOGIN_THROTTLED', MESSAGES.loginThrottled(wait));

  const staff = normalized ? await staffRepo.findStaffByEmail(db, normalized) : undefined;
  const ok = await verifyPassword(staff?.password_hash ?? null, password);
  if (!staff || !ok || staff.state !== 'ACTIVE') {
    await db.transaction().execute(async (trx) => {
      await throttle.recordFailure(trx, accountKey);
      if (staff) {
        await recordAudit(trx, actor, { action: 'staff.login_failed', subjectType: 'Staff', subjectId: staff.id });
      }
    });
    throw invalidCredentials();
  }

  return db.transaction().execute(async (trx) => {
    await throttle.clearFailures(trx, accountKey);
    const { token, hash } = sessions.newToken();
    const session = await sessions.insertSession(trx, staff.id, hash, {
      ip: actor.ip,
      userAgent: actor.userAgent ?? null,
    });
    const updated = (await staffRepo.updateStaff(trx, staff.id, { last_sign_in_at: new Date() }))!;
    const asStaff: Viewer = {
      staffId: updated.id,
      sessionId: session.id,
      email: updated.email,
      name: updated.name,
      isOwner: updated.is_owner,
      permissions: new Set(),
    };
    await recordAudit(trx, { ...actor, viewer: asStaff }, {
      action: 'staff.login',
      subjectType: 'Session',
      subjectId: session.id,
    });
    return { staff: updated, token };
  });
}

export async function logout(db: DB, actor: Actor): Promise<void> {
  const viewer = actor.viewer;
  if (!viewer) return;
  await db.transaction().execute(async (trx) => {
    await sessions.revokeSessions(trx, { ids: [viewer.sessionId] });
    await recordAudit(trx, actor, { action: 'staff.logout', subjectType: 'Session', subjectId: viewer.sessionId });
  });
}

/** Resolves the session cookie to a viewer, or null when it is missing, expired, idle or revoked. */
export async function viewerFromToken(db: DB, token: string | undefined): Promise<Viewer | null> {
  if (!token || token.length > 128) return null;
  const live = await sessions.findLiveSession(db, sessions.hashToken(token));
  if (!live) return null;
  if (live.stale) await sessions.touchSession(db, live.sessionId);
  return {
    staffId: live.staffId,
    sessionId: live.sessionId,
    email: live.email,
    name: live.name,
    isOwner: live.isOwner,
    permissions: new Set(staffRepo.effectivePermissions(live.isOwner, [{ permissions: live.permissions }])),
  };
}

/** Changes the viewer's own password; every other session of theirs ends, since the old one may be known. */
export async function passwordChange(
  db: DB,
  actor: Actor & { viewer: Viewer },
  currentPassword: string,
  newPassword: string,
): Promise<StaffRow> {
  const staff = await staffRepo.findStaffById(db, actor.viewer.staffId);
  if (!staff) throw UserErrors.one('INVALID', 'Your account no longer exists.');
  const errors: UserErrors['errors'] = [];
  if (!(await verifyPassword(staff.password_hash, currentPassword))) {
    errors.push({ field: ['currentPassword'], code: 'INVALID', message: 'Your current password is wrong.' });
  }
  const problem = passwordProblem(newPassword, staff.email);
  if (problem) {
    errors.push({
      field: ['newPassword'],
      code: newPassword.length < 12 ? 'TOO_SHORT' : newPassword.length > 256 ? 'TOO_LONG' : 'INVALID',
      message: problem,
    });
  } else if (newPassword === currentPassword) {
    errors.push({ field: ['newPassword'], code: 'INVALID', message: 'Choose a password different from the current one.' });
  }
  if (errors.length) throw new UserErrors(errors);
  const passwordHash = await hashPassword(newPassword);
  return db.transaction().execute(async (trx) => {
    const updated = (await staffRepo.updateStaff(trx, staff.id, { password_hash: passwordHash }))!;
    const ended = await sessions.revokeSessions(trx, { staffId: staff.id, exceptId: actor.viewer.sessionId });
    await recordAudit(trx, actor, {
      action: 'staff.password_change',
      subjectType: 'Staff',
      subjectId: staff.id,
      changes: { password: { before: HIDDEN, after: HIDDEN }, sessionsEnded: { before: null, after: ended.length } },
    });
    return updated;
  });
}
