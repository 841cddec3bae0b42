import { sql, type Kysely } from 'kysely';

/** Customers with addresses and staff comments; shipping zones with rates; tax rates. */
const statements = [
  `create table customers (
    id uuid primary key,
    email text not null,
    first_name text,
    last_name text,
    phone text,
    note text,
    tags text[] not null default '{}',
    tag_keys text[] not null default '{}',
    accepts_marketing boolean not null default false,
    state text not null default 'ENABLED' check (state in ('ENABLED', 'DISABLED', 'ERASED')),
    default_address_id uuid,
    orders_count integer not null default 0,
    total_spent bigint not null default 0,
    last_order_at timestamptz,
    search_text text not null default '',
    erased_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create unique index customers_email_key on customers (lower(email))`,
  `create index customers_created_idx on customers (created_at desc, id desc)`,
  `create index customers_updated_idx on customers (updated_at desc, id desc)`,
  `create index customers_name_idx on customers (lower(coalesce(last_name, '') || ' ' || coalesce(first_name, '')), id)`,
  `create index customers_spent_idx on customers (total_spent desc, id desc)`,
  `create index customers_orders_idx on customers (orders_count desc, id desc)`,
  `create index customers_state_idx on customers (state, created_at desc, id desc)`,
  `create index customers_phone_idx on customers (phone) where phone is not null`,
  `create index customers_tags_idx on customers using gin (tag_keys)`,
  `create index customers_search_idx on customers using gin (to_tsvector('simple', search_text))`,
  `create table customer_addresses (
    id uuid primary key,
    customer_id uuid not null references customers (id) on delete cascade,
    first_name text,
    last_name text,
    company text,
    line1 text not null,
    line2 text,
    city text not null,
    region text,
    postal_code text,
    country_code char(2) not null,
    phone text,
    position integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index customer_addresses_customer_idx on customer_addresses (customer_id, position, id)`,
  `create index customer_addresses_country_idx on customer_addresses (country_code, customer_id)`,
  `alter table customers add constraint customers_default_address_fk foreign key (default_address_id) references customer_addresses (id) on delete set null`,
  `create table customer_comments (
    id uuid primary key,
    customer_id uuid not null references customers (id) on delete cascade,
    staff_id uuid,
    staff_name text,
    body text not null,
    created_at timestamptz not null default now()
  )`,
  `create index customer_comments_customer_idx on customer_comments (customer_id, created_at desc, id desc)`,
  `create table shipping_zones (
    id uuid primary key,
    name text not null,
    countries text[] not null default '{}',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create index shipping_zones_countries_idx on shipping_zones using gin (countries)`,
  `create table shipping_rates (
    id uuid primary key,
    zone_id uuid not null references shipping_zones (id) on delete cascade,
    name text not null,
    price bigint not null check (price >= 0),
    min_subtotal bigint check (min_subtotal >= 0),
    max_subtotal bigint check (max_subtotal >= 0),
    free_above bigint check (free_above >= 0),
    position integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create index shipping_rates_zone_idx on shipping_rates (zone_id, position, id)`,
  `create table tax_rates (
    id uuid primary key,
    country_code char(2) not null,
    region text,
    rate numeric(6, 3) not null check (rate >= 0 and rate <= 100),
    name text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create unique index tax_rates_place_key on tax_rates (country_code, coalesce(lower(region), ''))`,
  // Erasing a customer must also scrub personal data out of the audit log's before/after values;
  // the log stays append-only otherwise, and even then only `changes` may be rewritten.
  `create or replace function audit_events_append_only() returns trigger language plpgsql as $$
   begin
     if tg_op = 'UPDATE' and current_setting('stockroom.audit_redaction', true) = 'on'
        and new.id = old.id and new.action = old.action and new.actor_id is not distinct from old.actor_id
        and new.subject_type is not distinct from old.subject_type and new.subject_id is not distinct from old.subject_id
        and new.created_at = old.created_at then
       return new;
     end if;
     raise exception 'audit_events is append-only';
   end $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
