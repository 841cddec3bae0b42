import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { isPermission, type Permission } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import { sessionRow, type Session } from './staff.model.js';
import { uuidv7 } from '../../lib/uuid.js';

/** SPEC §9: idle 2 h, absolute 12 h. */
export const SESSION_IDLE_SECONDS = 2 * 60 * 60;
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
/** last_seen_at is written at most this often, so reads don't each cost a write. */
const TOUCH_EVERY_SECONDS = 60;

export function newToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export async function insertSession(
  db: Executor,
  staffId: string,
  tokenHash: Buffer,
  meta: { ip: string | null; userAgent: string | null },
): Promise<Session> {
  const row = await db
    .insertInto('sessions')
    .values({
      ...sessionRow.write({
        id: uuidv7(),
        staffId,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
      }),
      token_hash: tokenHash,
      expires_at: sql<Date>`now() + make_interval(secs => ${SESSION_ABSOLUTE_SECONDS})`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return sessionRow.of(row);
}

export interface LiveSession {
  sessionId: string;
  staffId: string;
  email: string;
  name: string;
  isOwner: boolean;
  permissions: Permission[];
  stale: boolean;
  expiresAt: Date;
  /** When it ends for idleness unless it is used again: its last use plus SESSION_IDLE_SECONDS. */
  idleEndsAt: Date;
}

/** The live session for a token, with its staff member's permissions, in one query. */
export async function findLiveSession(db: Executor, tokenHash: Buffer): Promise<LiveSession | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('staff as st', 'st.id', 's.staff_id')
    .select([
      's.id as sessionId',
      'st.id as staffId',
      'st.email',
      'st.name',
      'st.is_owner as isOwner',
      's.expires_at as expiresAt',
      sql<Date>`s.last_seen_at + make_interval(secs => ${SESSION_IDLE_SECONDS})`.as('idleEndsAt'),
      sql<boolean>`s.last_seen_at < now() - make_interval(secs => ${TOUCH_EVERY_SECONDS})`.as('stale'),
      sql<string[]>`coalesce((
        select array_agg(distinct p) from staff_roles sr
        join roles r on r.id = sr.role_id, unnest(r.permissions) p
        where sr.staff_id = st.id), '{}')`.as('permissions'),
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where(sql<boolean>`s.expires_at > now()`)
    .where(sql<boolean>`s.last_seen_at > now() - make_interval(secs => ${SESSION_IDLE_SECONDS})`)
    .where('st.state', '=', 'ACTIVE')
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...row, permissions: row.permissions.filter(isPermission) };
}

export async function touchSession(db: Executor, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: sql`now()` })
    .where('id', '=', sessionId)
    .execute();
}

export async function liveSessionsOfStaff(db: Executor, staffIds: readonly string[]): Promise<Session[]> {
  if (!staffIds.length) return [];
  const rows = await db
    .selectFrom('sessions')
    .selectAll()
    .where('staff_id', 'in', staffIds)
    .where('revoked_at', 'is', null)
    .where(sql<boolean>`expires_at > now()`)
    .where(sql<boolean>`last_seen_at > now() - make_interval(secs => ${SESSION_IDLE_SECONDS})`)
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows.map(sessionRow.of);
}

export async function findSession(db: Executor, id: string): Promise<Session | undefined> {
  const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  return row && sessionRow.of(row);
}

/** Revokes sessions by id, or every live session of a staff member except `exceptId`; returns the ids revoked. */
export async function revokeSessions(
  db: Executor,
  where: { ids: string[] } | { staffId: string; exceptId?: string | null },
): Promise<string[]> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('revoked_at', 'is', null);
  if ('ids' in where) {
    if (!where.ids.length) return [];
    q = q.where('id', 'in', where.ids);
  } else {
    q = q.where('staff_id', '=', where.staffId);
    if (where.exceptId) q = q.where('id', '!=', where.exceptId);
  }
  const rows = await q.returning('id').execute();
  return rows.map((r) => r.id);
}
