import { sql, type Kysely } from 'kysely';

/**
 * Invitation and password-reset links (SPEC §2 /invite/:token, /reset/:token): 256-bit tokens kept
 * only as hashes, single use, expiring. Staff are listed by name and searched by name and email.
 */
const statements = [
  `create table staff_links (
    id uuid primary key,
    staff_id uuid not null references staff (id) on delete cascade,
    kind text not null check (kind in ('INVITE', 'RESET')),
    token_hash bytea not null unique,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_by uuid references staff (id) on delete set null,
    created_at timestamptz not null default now()
  )`,
  `create index staff_links_staff_idx on staff_links (staff_id, kind)`,
  `create index staff_name_idx on staff (lower(name), id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
