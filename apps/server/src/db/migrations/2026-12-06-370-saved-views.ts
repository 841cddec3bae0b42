import { sql, type Kysely } from 'kysely';

/**
 * Issue #34, saved views (SPEC §3 SavedView): a list's search, sort and columns under a name,
 * private to its owner or shared with all staff. Names are unique per resource, ignoring case: a
 * private name among its owner's private views, a shared name among the shared views. Each staff
 * member may choose one default view per resource (saved_view_defaults), which goes with the view.
 */
const statements = [
  `create table saved_views (
     id uuid primary key,
     resource text not null check (resource in
       ('PRODUCTS', 'ORDERS', 'DRAFT_ORDERS', 'CUSTOMERS', 'INVENTORY', 'DISCOUNTS', 'RETURNS')),
     name text not null check (char_length(name) between 1 and 60),
     query text not null default '' check (char_length(query) <= 1000),
     sort_key text,
     reverse boolean not null default false,
     columns text[] not null default '{}' check (coalesce(array_length(columns, 1), 0) <= 30),
     shared boolean not null default false,
     owner_staff_id uuid references staff (id) on delete set null,
     version integer not null default 1,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now()
   )`,
  `create unique index saved_views_private_name_key on saved_views (owner_staff_id, resource, lower(name)) where not shared`,
  `create unique index saved_views_shared_name_key on saved_views (resource, lower(name)) where shared`,
  `create index saved_views_resource_idx on saved_views (resource, shared)`,
  `create table saved_view_defaults (
     staff_id uuid not null references staff (id) on delete cascade,
     resource text not null,
     view_id uuid not null references saved_views (id) on delete cascade,
     primary key (staff_id, resource)
   )`,
  `create index saved_view_defaults_view_idx on saved_view_defaults (view_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
