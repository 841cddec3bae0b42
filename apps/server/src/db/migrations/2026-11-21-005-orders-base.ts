import { sql, type Kysely } from 'kysely';

/**
 * The first part of orders: the tables other areas must already respect (a product on orders cannot
 * be deleted, the currency cannot change once orders exist, erasing a customer scrubs the copies of
 * their data on orders). Lines keep a snapshot of what was sold, so they outlive the catalog.
 */
const statements = [
  `create sequence order_number_seq start 1001`,
  `create table orders (
    id uuid primary key,
    number bigint not null unique default nextval('order_number_seq'),
    status text not null default 'OPEN' check (status in ('OPEN', 'CLOSED', 'CANCELLED')),
    payment_status text not null default 'PENDING',
    fulfillment_status text not null default 'UNFULFILLED',
    customer_id uuid references customers (id) on delete set null,
    email text,
    phone text,
    currency_code char(3) not null,
    subtotal bigint not null default 0,
    shipping_total bigint not null default 0,
    tax_total bigint not null default 0,
    discount_total bigint not null default 0,
    total bigint not null default 0,
    total_paid bigint not null default 0,
    total_refunded bigint not null default 0,
    shipping_address jsonb,
    billing_address jsonb,
    source text not null default 'API' check (source in ('API', 'DRAFT', 'IMPORT', 'DEMO')),
    idempotency_key text,
    note text,
    tags text[] not null default '{}',
    cancelled_at timestamptz,
    cancel_reason text,
    closed_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create index orders_created_idx on orders (created_at desc, id desc)`,
  `create index orders_customer_idx on orders (customer_id, created_at desc)`,
  `create table order_lines (
    id uuid primary key,
    order_id uuid not null references orders (id) on delete cascade,
    product_id uuid references products (id) on delete set null,
    variant_id uuid references product_variants (id) on delete set null,
    product_title text not null,
    variant_title text not null,
    sku text,
    unit_price bigint not null,
    quantity integer not null check (quantity between 1 and 100000),
    discount bigint not null default 0,
    tax bigint not null default 0,
    fulfilled_quantity integer not null default 0,
    refunded_quantity integer not null default 0,
    position integer not null default 0
  )`,
  `create index order_lines_order_idx on order_lines (order_id, position)`,
  `create index order_lines_product_idx on order_lines (product_id, order_id)`,
  `create index order_lines_variant_idx on order_lines (variant_id, order_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
