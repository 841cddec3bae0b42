import { sql, type Kysely } from 'kysely';

/**
 * Discount codes (SPEC §3 Discount, §4, §5): the code and its rules, the products or collections it
 * is for, and the order that used it. `usage_count` counts the orders (not cancelled) that carry
 * the code; it changes only under the discount's row lock, so a limit holds under a rush.
 */
const statements = [
  `create table discounts (
    id uuid primary key,
    code text not null check (code ~ '^[A-Za-z0-9_-]{3,64}$'),
    kind text not null check (kind in ('PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING')),
    percentage numeric(5, 2) check (percentage >= 0.01 and percentage <= 100),
    amount bigint check (amount > 0),
    applies_to text not null default 'ALL' check (applies_to in ('ALL', 'PRODUCTS', 'COLLECTIONS')),
    minimum_subtotal bigint check (minimum_subtotal > 0),
    minimum_quantity integer check (minimum_quantity > 0),
    starts_at timestamptz not null,
    ends_at timestamptz,
    usage_limit integer check (usage_limit > 0),
    once_per_customer boolean not null default false,
    usage_count integer not null default 0 check (usage_count >= 0),
    disabled_at timestamptz,
    created_by uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1,
    check (ends_at is null or ends_at > starts_at),
    check ((kind = 'PERCENTAGE') = (percentage is not null)),
    check ((kind = 'FIXED_AMOUNT') = (amount is not null))
  )`,
  // Unique whatever the case; text_pattern_ops also serves code prefix search.
  `create unique index discounts_code_key on discounts (lower(code) text_pattern_ops)`,
  `create index discounts_code_sort_idx on discounts (lower(code), id)`,
  `create index discounts_created_idx on discounts (created_at desc, id desc)`,
  `create index discounts_updated_idx on discounts (updated_at desc, id desc)`,
  `create index discounts_starts_idx on discounts (starts_at desc, id desc)`,
  `create index discounts_ends_idx on discounts (ends_at desc, id desc)`,
  `create index discounts_usage_idx on discounts (usage_count desc, id desc)`,
  `create table discount_products (
    discount_id uuid not null references discounts (id) on delete cascade,
    product_id uuid not null references products (id) on delete cascade,
    primary key (discount_id, product_id)
  )`,
  `create index discount_products_product_idx on discount_products (product_id)`,
  `create table discount_collections (
    discount_id uuid not null references discounts (id) on delete cascade,
    collection_id uuid not null references collections (id) on delete cascade,
    primary key (discount_id, collection_id)
  )`,
  `create index discount_collections_collection_idx on discount_collections (collection_id)`,
  // A discount used by orders cannot be deleted (disable it instead), so orders keep the link.
  `alter table orders add column discount_id uuid references discounts (id)`,
  `create index orders_discount_idx on orders (discount_id, created_at desc, id desc) where discount_id is not null`,
  `create index orders_discount_customer_idx on orders (discount_id, customer_id)
    where discount_id is not null and status <> 'CANCELLED'`,
  `alter table draft_orders add column discount_code text`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
