import { sql, type Kysely } from 'kysely';

/**
 * Draft orders (SPEC §2 `/drafts`, §3 DraftOrder, §4): an order being put together by staff, which
 * reserves nothing until it is completed into an order. Order lines learn where their price came
 * from: a custom item, or a catalog price overridden with a reason.
 */
const statements = [
  `create sequence draft_order_number_seq start 1`,
  `create table draft_orders (
    id uuid primary key,
    number bigint not null unique default nextval('draft_order_number_seq'),
    status text not null default 'OPEN' check (status in ('OPEN', 'COMPLETED')),
    customer_id uuid references customers (id) on delete set null,
    customer_name text,
    email text,
    phone text,
    shipping_address jsonb,
    billing_address jsonb,
    shipping_rate_id uuid,
    shipping_title text,
    shipping_price bigint check (shipping_price >= 0),
    note text,
    tags text[] not null default '{}',
    items_count integer not null default 0,
    total bigint not null default 0,
    order_id uuid unique references orders (id) on delete set null,
    completed_at timestamptz,
    created_by uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create index draft_orders_updated_idx on draft_orders (updated_at desc, id desc)`,
  `create index draft_orders_created_idx on draft_orders (created_at desc, id desc)`,
  `create index draft_orders_open_idx on draft_orders (updated_at desc, id desc) where status = 'OPEN'`,
  `create index draft_orders_total_idx on draft_orders (total, id)`,
  `create index draft_orders_customer_name_idx on draft_orders (lower(customer_name), id)`,
  `create index draft_orders_customer_idx on draft_orders (customer_id)`,
  `create index draft_orders_email_idx on draft_orders (lower(email))`,
  `create index draft_orders_search_idx on draft_orders
    using gin (to_tsvector('simple', coalesce(customer_name, '') || ' ' || coalesce(email, '')))`,
  `create table draft_order_lines (
    id uuid primary key,
    draft_order_id uuid not null references draft_orders (id) on delete cascade,
    position integer not null,
    variant_id uuid references product_variants (id) on delete set null,
    custom boolean not null default false,
    title text,
    price bigint check (price >= 0),
    price_override_reason text,
    quantity integer not null check (quantity between 1 and 100000),
    taxable boolean not null default true
  )`,
  `create index draft_order_lines_draft_idx on draft_order_lines (draft_order_id, position)`,
  `create index draft_order_lines_variant_idx on draft_order_lines (variant_id)`,
  `alter table order_lines
    add column custom boolean not null default false,
    add column original_unit_price bigint,
    add column price_override_reason text`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
