import { MESSAGES, passwordProblem, DomainError } from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { StaffMember } from './staff.model.js';
import type { Actor, Viewer } from '../../actor.js';
import { HIDDEN, recordAudit } from '../audit/audit.service.js';
import { hashPassword, verifyPassword } from './password.js';
import * as sessions from './session.repository.js';
import { cachedViewer } from './viewer-cache.js';
import * as staffRepo from './staff.repository.js';
import type { LoginThrottle } from './login-throttle.js';

/*
 * Signing in: `loginRefusal` (is the account blocked?), then `checkCredentials` outside any
 * transaction (argon2 is slow on purpose), then `loginFailure` — counted in the throttle, plus the
 * audit of `loginFailed` in a command of its own so a refused attempt keeps it — or
 * `loginSucceeded` and `loginCleared`.
 */

export interface LoginResult {
  staff: StaffMember;
  token: string;
}

function throttled(seconds: number): DomainError {
  return DomainError.one('LOGIN_THROTTLED', MESSAGES.loginThrottled(seconds));
}

/**
 * The refusal to answer when the account must wait, else null. A blocked account's password is not
 * even checked; its IP is not consulted: a right password is never refused for its IP alone.
 */
export async function loginRefusal(throttle: LoginThrottle, email: string): Promise<DomainError | null> {
  const wait = await throttle.accountWait(email);
  return wait ? throttled(wait) : null;
}

export type Credentials = { ok: true; staff: StaffMember } | { ok: false; staff: StaffMember | undefined };

/**
 * Whose the email is and whether the password lets them in. Unknown email, wrong password and an
 * account that may not sign in all fail after the same work (a password hash is verified either
 * way) — slow on purpose, so it reads outside any transaction.
 */
export async function checkCredentials(db: Executor, email: string, password: string): Promise<Credentials> {
  const normalized = email.trim().toLowerCase();
  const staff = normalized ? await staffRepo.findStaffByEmail(db, normalized) : undefined;
  const ok = await verifyPassword(staff?.passwordHash ?? null, password);
  return staff && ok && staff.state === 'ACTIVE' ? { ok: true, staff } : { ok: false, staff };
}

/**
 * Counts a refused sign-in against the account and the IP, and returns the error to answer: the
 * same words whatever the reason, unless the IP is over its limit of failures.
 */
export async function loginFailure(
  throttle: LoginThrottle,
  actor: Actor,
  email: string,
): Promise<DomainError> {
  const ipWait = await throttle.failed(email, actor.ip);
  return ipWait ? throttled(ipWait) : DomainError.one('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
}

/** Audits a refused sign-in of an existing account. */
export async function loginFailed(trx: Tx, actor: Actor, staff: StaffMember): Promise<void> {
  await recordAudit(trx, actor, { action: 'staff.login_failed', subjectType: 'Staff', subjectId: staff.id });
}

/** After a committed sign-in: the account's failures are forgotten. */
export async function loginCleared(throttle: LoginThrottle, email: string): Promise<void> {
  await throttle.succeeded(email);
}

/** Starts a session for staff whose credentials were right; the token is for the cookie only. */
export async function loginSucceeded(trx: Tx, actor: Actor, staff: StaffMember): Promise<LoginResult> {
  const { token, hash } = sessions.newToken();
  const session = await sessions.insertSession(trx, staff.id, hash, {
    ip: actor.ip,
    userAgent: actor.userAgent ?? null,
  });
  const updated = await staffRepo.markSignedIn(trx, staff.id);
  const asStaff: Viewer = {
    staffId: updated.id,
    sessionId: session.id,
    email: updated.email,
    name: updated.name,
    isOwner: updated.isOwner,
    permissions: new Set(),
  };
  await recordAudit(
    trx,
    { ...actor, viewer: asStaff },
    {
      action: 'staff.login',
      subjectType: 'Session',
      subjectId: session.id,
    },
  );
  return { staff: updated, token };
}

export async function logout(trx: Tx, actor: Actor): Promise<void> {
  const viewer = actor.viewer;
  if (!viewer) return;
  await sessions.revokeSessions(trx, { ids: [viewer.sessionId] });
  await recordAudit(trx, actor, {
    action: 'staff.logout',
    subjectType: 'Session',
    subjectId: viewer.sessionId,
  });
}

/**
 * Resolves the session cookie to a viewer, or null when it is missing, expired, idle or revoked.
 * A request uses the session (it stays alive for SESSION_IDLE_SECONDS more); `use: false` only
 * looks (an open live stream re-checking it every minute is no activity: a screen left open still
 * idles out, SPEC §9), and reads the database rather than the 2 s cache.
 */
export async function viewerFromToken(
  db: Executor,
  token: string | undefined,
  options: { use?: boolean } = {},
): Promise<Viewer | null> {
  if (!token || token.length > 128) return null;
  const hash = sessions.hashToken(token);
  if (options.use === false) return liveViewer(db, hash, false);
  return cachedViewer(db, hash.toString('base64'), () => liveViewer(db, hash, true));
}

async function liveViewer(db: Executor, tokenHash: Buffer, use: boolean): Promise<Viewer | null> {
  const live = await sessions.findLiveSession(db, tokenHash);
  if (!live) return null;
  if (use && live.stale) await sessions.touchSession(db, live.sessionId);
  // It ends at its 12-hour limit, or sooner when left idle: a use just now moves the idle end on.
  const idleEndsAt = use ? new Date(Date.now() + sessions.SESSION_IDLE_SECONDS * 1000) : live.idleEndsAt;
  return {
    staffId: live.staffId,
    sessionId: live.sessionId,
    email: live.email,
    name: live.name,
    isOwner: live.isOwner,
    permissions: new Set(staffRepo.effectivePermissions(live.isOwner, [{ permissions: live.permissions }])),
    expiresAt: idleEndsAt < live.expiresAt ? idleEndsAt : live.expiresAt,
  };
}

/** Changes the viewer's own password; every other session of theirs ends, since the old one may be known. */
export async function passwordChange(
  trx: Tx,
  actor: Actor & { viewer: Viewer },
  currentPassword: string,
  newPassword: string,
): Promise<StaffMember> {
  const staff = await staffRepo.findStaffById(trx, actor.viewer.staffId);
  if (!staff) throw DomainError.one('INVALID', 'Your account no longer exists.');
  const errors: DomainError['errors'] = [];
  if (!(await verifyPassword(staff.passwordHash, currentPassword))) {
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
    errors.push({
      field: ['newPassword'],
      code: 'INVALID',
      message: 'Choose a password different from the current one.',
    });
  }
  if (errors.length) throw new DomainError(errors);
  const updated = (await staffRepo.updateStaff(trx, staff.id, {
    passwordHash: await hashPassword(newPassword),
  }))!;
  const ended = await sessions.revokeSessions(trx, { staffId: staff.id, exceptId: actor.viewer.sessionId });
  await recordAudit(trx, actor, {
    action: 'staff.password_change',
    subjectType: 'Staff',
    subjectId: staff.id,
    changes: {
      password: { before: HIDDEN, after: HIDDEN },
      sessionsEnded: { before: null, after: ended.length },
    },
  });
  return updated;
}
