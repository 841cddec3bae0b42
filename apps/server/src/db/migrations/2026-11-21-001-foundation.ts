import { sql, type Kysely } from 'kysely';

/**
 * Foundation: store settings, staff, roles, sessions, login throttling, the audit log and stock
 * locations. One statement per entry: PGlite runs each through the extended protocol.
 */
const statements = [
  `create table store_settings (
    id smallint primary key default 1 check (id = 1),
    name text not null,
    contact_email text,
    address jsonb,
    currency_code char(3) not null default 'USD',
    timezone text not null default 'UTC',
    weight_unit text not null default 'KG' check (weight_unit in ('G', 'KG', 'LB', 'OZ')),
    order_number_prefix text not null default '#',
    low_stock_threshold integer not null default 5 check (low_stock_threshold >= 0),
    prices_include_tax boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create table roles (
    id uuid primary key,
    key text unique,
    name text not null,
    description text not null default '',
    permissions text[] not null default '{}',
    built_in boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create unique index roles_name_key on roles (lower(name))`,
  `create table staff (
    id uuid primary key,
    email text not null,
    name text not null,
    password_hash text,
    state text not null check (state in ('INVITED', 'ACTIVE', 'DEACTIVATED')),
    is_owner boolean not null default false,
    last_sign_in_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create unique index staff_email_key on staff (lower(email))`,
  `create index staff_created_at_idx on staff (created_at, id)`,
  `create table staff_roles (
    staff_id uuid not null references staff (id) on delete cascade,
    role_id uuid not null references roles (id) on delete restrict,
    primary key (staff_id, role_id)
  )`,
  `create index staff_roles_role_idx on staff_roles (role_id)`,
  `create table sessions (
    id uuid primary key,
    staff_id uuid not null references staff (id) on delete cascade,
    token_hash bytea not null unique,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    expires_at timestamptz not null,
    ip text,
    user_agent text,
    revoked_at timestamptz
  )`,
  `create index sessions_staff_idx on sessions (staff_id, created_at) where revoked_at is null`,
  `create table login_throttles (
    key text primary key,
    failures integer not null default 0,
    blocked_until timestamptz,
    window_started_at timestamptz not null default now(),
    attempts integer not null default 0
  )`,
  `create table audit_events (
    id uuid primary key,
    actor_type text not null check (actor_type in ('staff', 'system', 'api')),
    actor_id uuid,
    actor_name text,
    action text not null,
    subject_type text,
    subject_id uuid,
    changes jsonb not null default '{}',
    request_id text,
    ip text,
    created_at timestamptz not null default now()
  )`,
  `create index audit_events_created_idx on audit_events (created_at desc, id desc)`,
  `create index audit_events_subject_idx on audit_events (subject_type, subject_id, created_at desc)`,
  `create index audit_events_actor_idx on audit_events (actor_id, created_at desc)`,
  `create index audit_events_action_idx on audit_events (action, created_at desc)`,
  // The audit log is append-only at the database, not just by convention in the app.
  `create function audit_events_append_only() returns trigger language plpgsql as $$
   begin
     raise exception 'audit_events is append-only';
   end $$`,
  `create trigger audit_events_no_update before update or delete on audit_events
   for each row execute function audit_events_append_only()`,
  `create table locations (
    id uuid primary key,
    name text not null,
    address jsonb,
    active boolean not null default true,
    fulfillment_priority integer not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create unique index locations_name_key on locations (lower(name))`,
  `create index locations_priority_idx on locations (fulfillment_priority, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
