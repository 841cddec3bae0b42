import { isPermission, type Permission } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import { findTokenForRecheck } from './api-token.repository.js';
import * as staffRepo from './staff.repository.js';

/** Who started work that runs later (a job): a staff member, or an API token on their behalf. */
export interface Starter {
  staffId: string | null;
  tokenId: string | null;
  name: string;
}

export type StarterCheck =
  /** `staffId`: the staff member, or the person who made the token. */
  { ok: true; permissions: ReadonlySet<Permission>; staffId: string | null } | { ok: false; reason: string };

/**
 * What the starter of later work may do now, asked again each time that work runs: a staff member
 * must still be active (their roles' permissions as they are now); a token must be neither revoked
 * nor expired, and its creator still active. Otherwise why not, in plain words.
 */
export async function starterPermissionsNow(
  db: Executor,
  starter: Starter,
  /** What the starter did, for the reason: "started it" (a job), "owns this webhook". */
  did = 'started it',
): Promise<StarterCheck> {
  if (starter.tokenId) {
    const token = await findTokenForRecheck(db, starter.tokenId);
    if (!token) return { ok: false, reason: `The API token ${starter.name} that ${did} was deleted.` };
    if (token.revoked_at)
      return { ok: false, reason: `The API token ${token.name} that ${did} was revoked.` };
    if (token.expired) return { ok: false, reason: `The API token ${token.name} that ${did} has expired.` };
    if (token.state !== 'ACTIVE')
      return { ok: false, reason: `The person who made the API token ${token.name} is no longer active.` };
    return {
      ok: true,
      permissions: new Set(token.permissions.filter(isPermission)),
      staffId: token.created_by,
    };
  }
  const staff = starter.staffId ? await staffRepo.findStaffById(db, starter.staffId) : undefined;
  if (!staff) return { ok: false, reason: `${starter.name}, who ${did}, no longer has an account.` };
  if (staff.state !== 'ACTIVE')
    return { ok: false, reason: `${staff.name || staff.email}, who ${did}, is no longer active.` };
  const roles = (await staffRepo.rolesByStaffIds(db, [staff.id])).get(staff.id) ?? [];
  return {
    ok: true,
    permissions: new Set(staffRepo.effectivePermissions(staff.isOwner, roles)),
    staffId: staff.id,
  };
}
