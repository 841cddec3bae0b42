import { createHash, randomBytes } from 'node:crypto';
import { DomainError, isPermission, PERMISSIONS, type Permission, type UserError } from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { Actor, Viewer } from '../../actor.js';
import type { ApiToken } from './staff.model.js';
import { uuidv7 } from '../../lib/uuid.js';
import { recordAudit } from '../audit/audit.service.js';
import * as repo from './api-token.repository.js';

/** Tokens start with this, so one found in a log or a repository is recognised for what it is. */
export const API_TOKEN_PREFIX = 'srk_';
const NAME_MAX = 100;

const hashOf = (token: string) => createHash('sha256').update(token).digest();

/** The bearer of a live token as the request's viewer, with the token's own permissions; else null. */
export async function viewerFromApiToken(db: Executor, token: string): Promise<Viewer | null> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 128) return null;
  const live = await repo.findLiveApiToken(db, hashOf(token));
  // A token works only while the person who made it still may.
  if (!live || !live.created_by || live.state !== 'ACTIVE') return null;
  await repo.touchApiToken(db, live.id);
  return {
    staffId: live.created_by,
    sessionId: '',
    email: live.email ?? '',
    name: live.name,
    isOwner: false,
    permissions: new Set(live.permissions.filter(isPermission)),
    expiresAt: live.expires_at,
    token: { id: live.id, name: live.name },
  };
}

export interface ApiTokenInputRaw {
  name?: string | null;
  permissions?: string[] | null;
  expiresAt?: Date | null;
}

/**
 * apiTokenCreate (SPEC §3 ApiToken): a named token with permissions its creator holds, optionally
 * expiring. Answers the token once; only its hash is stored.
 */
export async function apiTokenCreate(
  trx: Tx,
  actor: Actor & { viewer: Viewer },
  raw: ApiTokenInputRaw,
): Promise<{ row: ApiToken; token: string }> {
  if (actor.viewer.token) throw DomainError.one('INVALID', 'An API token can’t make other tokens.');
  const errors: UserError[] = [];
  const name = raw.name?.trim() ?? '';
  if (!name)
    errors.push({
      code: 'REQUIRED',
      message: 'Name the token after what uses it.',
      field: ['input', 'name'],
    });
  else if (name.length > NAME_MAX)
    errors.push({
      code: 'TOO_LONG',
      message: `Use at most ${NAME_MAX} characters.`,
      field: ['input', 'name'],
    });
  const wanted = [...new Set(raw.permissions ?? [])];
  if (!wanted.length)
    errors.push({
      code: 'REQUIRED',
      message: 'Choose what the token may do.',
      field: ['input', 'permissions'],
    });
  const unknown = wanted.filter((p) => !isPermission(p));
  if (unknown.length)
    errors.push({
      code: 'INVALID',
      message: `Unknown permissions: ${unknown.join(', ')}.`,
      field: ['input', 'permissions'],
    });
  const beyond = wanted.filter((p): p is Permission => isPermission(p) && !actor.viewer.permissions.has(p));
  if (beyond.length)
    errors.push({
      code: 'ESCALATION_FORBIDDEN',
      message: `You can only give a token permissions you hold yourself; you don't hold ${beyond.join(', ')}.`,
      field: ['input', 'permissions'],
    });
  if (raw.expiresAt && raw.expiresAt.getTime() <= Date.now())
    errors.push({
      code: 'INVALID',
      message: 'Choose an expiry in the future.',
      field: ['input', 'expiresAt'],
    });
  if (errors.length) throw new DomainError(errors);

  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const permissions = PERMISSIONS.filter((p) => wanted.includes(p));
  const row = await repo.insertApiToken(trx, {
    id: uuidv7(),
    name,
    tokenHash: hashOf(token),
    prefix: token.slice(0, API_TOKEN_PREFIX.length + 6),
    permissions,
    createdBy: actor.viewer.staffId,
    expiresAt: raw.expiresAt ?? null,
  });
  await recordAudit(trx, actor, {
    action: 'api_token.create',
    subjectType: 'ApiToken',
    subjectId: row.id,
    changes: {
      name: { before: null, after: name },
      permissions: { before: null, after: permissions },
      expires_at: { before: null, after: raw.expiresAt?.toISOString() ?? null },
    },
  });
  return { row, token };
}

/** apiTokenRevoke: the token stops working at once; revoking twice changes nothing more. */
export async function apiTokenRevoke(trx: Tx, actor: Actor, id: string): Promise<ApiToken> {
  const before = await repo.lockApiToken(trx, id);
  if (!before) throw DomainError.one('INVALID', 'This API token does not exist.', ['id']);
  if (before.revokedAt) return before;
  const after = await repo.revokeApiToken(trx, id);
  await recordAudit(trx, actor, {
    action: 'api_token.revoke',
    subjectType: 'ApiToken',
    subjectId: id,
    changes: { name: { before: before.name, after: before.name }, revoked: { before: false, after: true } },
  });
  return after;
}

export { listApiTokens } from './api-token.repository.js';
