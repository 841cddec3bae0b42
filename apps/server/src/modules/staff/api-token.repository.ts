import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { apiTokenRow, type ApiToken } from './staff.model.js';

/** At most this many tokens are listed (a store has a few integrations, not thousands). */
export const MAX_LISTED_TOKENS = 200;

export async function insertApiToken(
  db: Executor,
  token: Pick<ApiToken, 'id' | 'name' | 'prefix' | 'permissions' | 'createdBy' | 'expiresAt'> & {
    tokenHash: Buffer;
  },
): Promise<ApiToken> {
  const { tokenHash, ...values } = token;
  const row = await db
    .insertInto('api_tokens')
    // The hash is no column of the mapper: it never leaves this repository.
    .values({ ...apiTokenRow.write(values), token_hash: tokenHash })
    .returningAll()
    .executeTakeFirstOrThrow();
  return apiTokenRow.of(row);
}

export async function listApiTokens(db: Executor): Promise<ApiToken[]> {
  const rows = await db
    .selectFrom('api_tokens')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_LISTED_TOKENS)
    .execute();
  return rows.map(apiTokenRow.of);
}

export async function lockApiToken(db: Executor, id: string): Promise<ApiToken | null> {
  const row = await db
    .selectFrom('api_tokens')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? apiTokenRow.of(row) : null;
}

export async function revokeApiToken(db: Executor, id: string): Promise<ApiToken> {
  const row = await db
    .updateTable('api_tokens')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return apiTokenRow.of(row);
}

/** A token that may act now (not revoked, not expired), with its creator's state. */
export async function findLiveApiToken(db: Executor, hash: Buffer) {
  return (
    (await db
      .selectFrom('api_tokens as t')
      .leftJoin('staff as s', 's.id', 't.created_by')
      .select([
        't.id',
        't.name',
        't.permissions',
        't.created_by',
        't.last_used_at',
        't.expires_at',
        's.email',
        's.state',
      ])
      .where('t.token_hash', '=', hash)
      .where('t.revoked_at', 'is', null)
      .where(sql<boolean>`(t.expires_at is null or t.expires_at > now())`)
      .executeTakeFirst()) ?? null
  );
}

/** Marks a token used, at most once a minute, so reads don't each cost a write. */
export async function touchApiToken(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: sql`now()` })
    .where('id', '=', id)
    .where(sql<boolean>`(last_used_at is null or last_used_at < now() - interval '1 minute')`)
    .execute();
}

/** A token by id with whether it may act now (not revoked, not expired) and its creator's state. */
export async function findTokenForRecheck(db: Executor, id: string) {
  return (
    (await db
      .selectFrom('api_tokens as t')
      .leftJoin('staff as s', 's.id', 't.created_by')
      .select([
        't.id',
        't.name',
        't.permissions',
        't.created_by',
        't.revoked_at',
        's.state',
        sql<boolean>`(t.expires_at is not null and t.expires_at <= now())`.as('expired'),
      ])
      .where('t.id', '=', id)
      .executeTakeFirst()) ?? null
  );
}
