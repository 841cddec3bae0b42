import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { BUILT_IN_ROLES, passwordProblem } from '@stockroom/domain';
import type { DB, Executor, Tx } from '../db/database.js';
import { SYSTEM_ACTOR } from '../actor.js';
import { recordAudit } from '../modules/audit/audit.service.js';
import { ensureSettings } from '../modules/settings/settings.repository.js';
import { hashPassword } from '../modules/staff/password.js';
import { revokeSessions } from '../modules/staff/session.repository.js';
import {
  countStaff,
  findOwner,
  findRoleByKey,
  findStaffByEmail,
  insertStaff,
  updateStaff,
  upsertBuiltInRole,
} from '../modules/staff/staff.repository.js';
import { inTransaction } from '../lib/unit-of-work.js';
import { uuidv7 } from '../lib/uuid.js';

/** Keeps the built-in roles as SPEC §6 defines them (they are not editable; copies are). */
export async function ensureBuiltInRoles(db: Executor): Promise<void> {
  for (const role of BUILT_IN_ROLES) {
    await upsertBuiltInRole(db, { id: uuidv7(), ...role });
  }
}

export interface OwnerCredentials {
  email: string;
  password: string;
  generated: boolean;
}

/** A readable random password: 4 groups of 5 lowercase letters and digits (~100 bits). */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(20);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join('')).join('-');
}

/**
 * First start: when no staff exists, creates the owner from the given credentials, or with a
 * generated password. Returns the credentials to print once, or null when staff already existed.
 */
export async function ensureOwner(
  db: DB,
  given: { email?: string | undefined; password?: string | undefined },
): Promise<OwnerCredentials | null> {
  if ((await countStaff(db)) > 0) return null;
  const email = (given.email ?? 'owner@example.com').trim().toLowerCase();
  const generated = !given.password;
  const password = given.password ?? generatePassword();
  const problem = passwordProblem(password, email);
  if (problem) throw new Error(`STOCKROOM_OWNER_PASSWORD is not acceptable: ${problem}`);
  const passwordHash = await hashPassword(password);
  return inTransaction(db, async (trx) => {
    // Instances starting together on one database: the first creates the owner, the rest see it.
    await firstStartLock(trx);
    if ((await countStaff(trx)) > 0) return null;
    await insertOwner(trx, email, passwordHash);
    return { email, password, generated };
  });
}

async function insertOwner(trx: Tx, email: string, passwordHash: string): Promise<void> {
  const admin = await findRoleByKey(trx, 'administrator');
  if (!admin)
    throw new Error('The built-in Administrator role is missing; start the server once to create it.');
  const owner = await insertStaff(
    trx,
    {
      id: uuidv7(),
      email,
      name: 'Store owner',
      passwordHash,
      state: 'ACTIVE',
      isOwner: true,
    },
    [admin.id],
  );
  await recordAudit(trx, SYSTEM_ACTOR, {
    action: 'staff.create',
    subjectType: 'Staff',
    subjectId: owner.id,
    changes: { email: { before: null, after: email }, isOwner: { before: null, after: true } },
  });
}

/** `create-owner`: sets the owner's password (recovering a lost one), or creates the owner. */
export async function setOwnerPassword(
  db: DB,
  email: string,
  password: string,
): Promise<'created' | 'updated'> {
  const problem = passwordProblem(password, email);
  if (problem) throw new Error(problem);
  const existing = await findStaffByEmail(db, email);
  if (!existing) {
    const passwordHash = await hashPassword(password);
    await inTransaction(db, async (trx) => {
      await firstStartLock(trx);
      const owner = await findOwner(trx);
      if (owner)
        throw new Error(`No staff member has the email ${email}; the store's owner is ${owner.email}.`);
      await insertOwner(trx, email.trim().toLowerCase(), passwordHash);
    });
    return 'created';
  }
  if (!existing.isOwner) throw new Error(`${email} is not the store owner.`);
  const passwordHash = await hashPassword(password);
  await inTransaction(db, async (trx) => {
    await updateStaff(trx, existing.id, { passwordHash });
    await revokeSessions(trx, { staffId: existing.id });
    await recordAudit(trx, SYSTEM_ACTOR, {
      action: 'staff.password_reset',
      subjectType: 'Staff',
      subjectId: existing.id,
      changes: { password: { before: '[hidden]', after: '[hidden]' } },
    });
  });
  return 'updated';
}

const FIRST_START_LOCK = 7_726_011_121;

/** Serialises first-start work across instances starting together, until the transaction ends. */
async function firstStartLock(trx: Tx): Promise<void> {
  await sql`select pg_advisory_xact_lock(${FIRST_START_LOCK})`.execute(trx);
}

export async function bootstrap(db: DB, storeName: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await firstStartLock(trx);
    await ensureBuiltInRoles(trx);
    await ensureSettings(trx, storeName);
  });
}
