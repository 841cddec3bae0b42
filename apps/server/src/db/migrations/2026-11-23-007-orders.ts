import { sql, type Kysely } from 'kysely';

/**
 * Orders in full (SPEC §3 Order, Transaction, Fulfillment, Refund): the order gains its shipping
 * line, the customer's name as placed (for the list and search without a join), and the indexes of
 * every sort and tab; transactions, fulfillments, refunds and staff comments get their tables.
 * Refund tables are created now so that the refunds issue adds behaviour, not a migration of
 * live money data.
 */
const statements = [
  `alter table orders
    add column customer_name text,
    add column shipping_rate_id uuid,
    add column shipping_name text,
    add column shipping_price bigint not null default 0,
    add column shipping_tax bigint not null default 0,
    add column discount_code text,
    add column items_count integer not null default 0,
    add column prices_include_tax boolean not null default false,
    add column created_by uuid`,
  `alter table orders add constraint orders_money_check check (
    subtotal >= 0 and shipping_total >= 0 and tax_total >= 0 and discount_total >= 0 and total >= 0
    and total_paid >= 0 and total_refunded >= 0 and total_refunded <= total_paid)`,
  `create index orders_open_unfulfilled_idx on orders (created_at desc, id desc)
    where status = 'OPEN' and fulfillment_status <> 'FULFILLED'`,
  `create index orders_unpaid_idx on orders (created_at desc, id desc)
    where status <> 'CANCELLED' and payment_status in ('PENDING', 'AUTHORIZED', 'PARTIALLY_PAID')`,
  `create index orders_status_created_idx on orders (status, created_at desc, id desc)`,
  `create index orders_total_idx on orders (total, id)`,
  `create index orders_customer_name_idx on orders (lower(customer_name), id)`,
  `create index orders_email_idx on orders (lower(email))`,
  `create index orders_updated_idx on orders (updated_at desc, id desc)`,
  // Free words of an order search: the customer's name and email (order-search.ts ORDER_SEARCH_TEXT).
  `create index orders_search_idx on orders
    using gin (to_tsvector('simple', coalesce(customer_name, '') || ' ' || coalesce(email, '')))`,
  // Tags keep the case they were typed in; search matches them case-insensitively through this.
  `create function lower_tags(text[]) returns text[] language sql immutable parallel safe
    as $$ select coalesce(array_agg(lower(t)), '{}') from unnest($1) t $$`,
  `create index orders_tags_idx on orders using gin (lower_tags(tags))`,
  `alter table order_lines
    add column location_id uuid references locations (id),
    add column taxable boolean not null default true`,
  `create index order_lines_sku_idx on order_lines (lower(sku), order_id) where sku is not null`,
  `create index order_lines_location_idx on order_lines (location_id, order_id) where location_id is not null`,
  `create table order_transactions (
    id uuid primary key,
    order_id uuid not null references orders (id) on delete cascade,
    kind text not null check (kind in ('AUTHORIZATION', 'CAPTURE', 'SALE', 'VOID', 'REFUND')),
    status text not null default 'SUCCESS' check (status in ('SUCCESS', 'FAILURE')),
    amount bigint not null check (amount >= 0),
    gateway text not null default 'manual',
    reference text,
    parent_id uuid references order_transactions (id),
    staff_id uuid,
    actor_name text,
    created_at timestamptz not null default now()
  )`,
  `create index order_transactions_order_idx on order_transactions (order_id, created_at, id)`,
  `create table fulfillments (
    id uuid primary key,
    order_id uuid not null references orders (id) on delete cascade,
    position integer not null,
    location_id uuid not null references locations (id),
    status text not null default 'SUCCESS' check (status in ('SUCCESS', 'CANCELLED')),
    carrier text,
    tracking_number text,
    tracking_url text,
    staff_id uuid,
    created_at timestamptz not null default now(),
    cancelled_at timestamptz,
    unique (order_id, position)
  )`,
  `create index fulfillments_location_idx on fulfillments (location_id, created_at desc)`,
  `create table fulfillment_lines (
    fulfillment_id uuid not null references fulfillments (id) on delete cascade,
    order_line_id uuid not null references order_lines (id) on delete cascade,
    quantity integer not null check (quantity between 1 and 100000),
    primary key (fulfillment_id, order_line_id)
  )`,
  `create index fulfillment_lines_line_idx on fulfillment_lines (order_line_id)`,
  `create table refunds (
    id uuid primary key,
    order_id uuid not null references orders (id) on delete cascade,
    amount bigint not null check (amount >= 0),
    shipping_amount bigint not null default 0 check (shipping_amount >= 0),
    reason text,
    transaction_id uuid references order_transactions (id),
    staff_id uuid,
    created_at timestamptz not null default now()
  )`,
  `create index refunds_order_idx on refunds (order_id, created_at)`,
  `create table refund_lines (
    refund_id uuid not null references refunds (id) on delete cascade,
    order_line_id uuid not null references order_lines (id) on delete cascade,
    quantity integer not null check (quantity between 1 and 100000),
    restock boolean not null default false,
    location_id uuid references locations (id),
    primary key (refund_id, order_line_id)
  )`,
  `create table order_comments (
    id uuid primary key,
    order_id uuid not null references orders (id) on delete cascade,
    staff_id uuid,
    staff_name text,
    body text not null,
    created_at timestamptz not null default now()
  )`,
  `create index order_comments_order_idx on order_comments (order_id, created_at desc, id desc)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
