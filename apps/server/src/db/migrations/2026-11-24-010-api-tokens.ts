import { sql, type Kysely } from 'kysely';

/**
 * API tokens (SPEC §3 ApiToken): an integration's credential, with its own permissions (never more
 * than its creator holds). Only a hash is kept; the token is shown once. `prefix` is the start of
 * the token, so staff can tell tokens apart without the secret.
 */
const statements = [
  `create table api_tokens (
    id uuid primary key,
    name text not null check (char_length(name) between 1 and 100),
    token_hash bytea not null unique,
    prefix text not null,
    permissions text[] not null,
    created_by uuid references staff (id) on delete set null,
    expires_at timestamptz,
    last_used_at timestamptz,
    revoked_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index api_tokens_created_idx on api_tokens (created_at desc, id desc)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
