import { sql, type Kysely } from 'kysely';

/**
 * Catalog: categories (a tree), products with options and variants, collections (manual and
 * automated), media. Lists sort and filter on indexed columns; free text goes through a
 * `search_text` kept by the service (title, handle, vendor, type, SKUs, barcodes) and a GIN index.
 */
const statements = [
  `create table categories (
    id uuid primary key,
    name text not null,
    handle text not null,
    description text not null default '',
    parent_id uuid references categories (id) on delete restrict,
    position integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create unique index categories_handle_key on categories (handle)`,
  `create index categories_parent_idx on categories (parent_id, position, id)`,
  `create table products (
    id uuid primary key,
    title text not null,
    handle text not null,
    description text not null default '',
    status text not null default 'DRAFT' check (status in ('DRAFT', 'ACTIVE', 'ARCHIVED')),
    vendor text,
    product_type text,
    category_id uuid references categories (id) on delete restrict,
    tags text[] not null default '{}',
    tag_keys text[] not null default '{}',
    options jsonb not null default '[]',
    seo_title text,
    seo_description text,
    published_at timestamptz,
    variant_count integer not null default 0,
    min_price bigint,
    max_price bigint,
    search_text text not null default '',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create unique index products_handle_key on products (handle)`,
  `create index products_updated_idx on products (updated_at desc, id desc)`,
  `create index products_created_idx on products (created_at desc, id desc)`,
  `create index products_title_idx on products (lower(title), id)`,
  `create index products_status_updated_idx on products (status, updated_at desc, id desc)`,
  `create index products_vendor_idx on products (lower(vendor), id)`,
  `create index products_type_idx on products (lower(product_type), id)`,
  `create index products_category_idx on products (category_id, id)`,
  `create index products_price_idx on products (min_price, id)`,
  `create index products_tags_idx on products using gin (tag_keys)`,
  `create index products_search_idx on products using gin (to_tsvector('simple', search_text))`,
  `create table product_variants (
    id uuid primary key,
    product_id uuid not null references products (id) on delete cascade,
    title text not null,
    option_values text[] not null default '{}',
    sku text,
    barcode text,
    price bigint not null check (price >= 0),
    compare_at_price bigint check (compare_at_price >= 0),
    cost_price bigint check (cost_price >= 0),
    weight_grams integer check (weight_grams between 0 and 1000000),
    track_inventory boolean not null default true,
    allow_backorder boolean not null default false,
    low_stock_threshold integer,
    position integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create unique index product_variants_sku_key on product_variants (lower(sku)) where sku is not null`,
  `create unique index product_variants_options_key on product_variants (product_id, option_values)`,
  `create index product_variants_product_idx on product_variants (product_id, position, id)`,
  `create index product_variants_barcode_idx on product_variants (barcode) where barcode is not null`,
  `create table collections (
    id uuid primary key,
    title text not null,
    handle text not null,
    description text not null default '',
    kind text not null check (kind in ('MANUAL', 'AUTOMATED')),
    rules jsonb not null default '[]',
    match text not null default 'ALL' check (match in ('ALL', 'ANY')),
    product_count integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create unique index collections_handle_key on collections (handle)`,
  `create index collections_title_idx on collections (lower(title), id)`,
  `create table collection_products (
    collection_id uuid not null references collections (id) on delete cascade,
    product_id uuid not null references products (id) on delete cascade,
    position integer not null default 0,
    primary key (collection_id, product_id)
  )`,
  `create index collection_products_product_idx on collection_products (product_id)`,
  `create index collection_products_position_idx on collection_products (collection_id, position, product_id)`,
  `create table product_media (
    id uuid primary key,
    product_id uuid not null references products (id) on delete cascade,
    position integer not null default 0,
    alt text not null default '',
    content_hash text not null,
    mime_type text not null,
    width integer not null,
    height integer not null,
    size_bytes integer not null,
    filename text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create index product_media_product_idx on product_media (product_id, position, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
