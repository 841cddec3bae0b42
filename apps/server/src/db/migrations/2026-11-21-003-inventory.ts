import { sql, type Kysely } from 'kysely';

/**
 * Stock: a level per variant × location (on hand, committed to open orders, incoming) and an
 * append-only ledger of every movement with the quantities it left behind, so every number can be
 * explained. Idempotency keys remember the first answer to a repeated money or stock mutation.
 */
const statements = [
  `create table inventory_levels (
    id uuid not null unique default gen_random_uuid(),
    variant_id uuid not null references product_variants (id) on delete cascade,
    location_id uuid not null references locations (id) on delete restrict,
    on_hand integer not null default 0 check (on_hand between -1000000000 and 1000000000),
    committed integer not null default 0 check (committed >= 0),
    incoming integer not null default 0 check (incoming >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1,
    primary key (variant_id, location_id)
  )`,
  `create index inventory_levels_location_idx on inventory_levels (location_id, variant_id)`,
  `create index inventory_levels_available_idx on inventory_levels ((on_hand - committed), id)`,
  `create index inventory_levels_updated_idx on inventory_levels (updated_at desc, id desc)`,
  `create table inventory_movements (
    id uuid primary key,
    variant_id uuid not null references product_variants (id) on delete cascade,
    location_id uuid not null references locations (id) on delete restrict,
    on_hand_delta integer not null,
    committed_delta integer not null default 0,
    on_hand_after integer not null,
    committed_after integer not null,
    reason text not null check (reason in ('RECEIVED', 'CORRECTION', 'DAMAGED', 'SHRINKAGE', 'TRANSFER', 'ORDER_COMMITTED', 'ORDER_RELEASED', 'FULFILLED', 'RESTOCKED', 'IMPORT')),
    note text,
    staff_id uuid,
    staff_name text,
    transfer_id uuid,
    created_at timestamptz not null default now()
  )`,
  `create index inventory_movements_created_idx on inventory_movements (created_at desc, id desc)`,
  `create index inventory_movements_level_idx on inventory_movements (variant_id, location_id, created_at desc, id desc)`,
  `create index inventory_movements_location_idx on inventory_movements (location_id, created_at desc, id desc)`,
  `create index inventory_movements_reason_idx on inventory_movements (reason, created_at desc, id desc)`,
  `create index inventory_movements_staff_idx on inventory_movements (staff_id, created_at desc, id desc)`,
  `create table idempotency_keys (
    scope text not null,
    key text not null,
    request_hash text not null,
    response jsonb not null,
    created_at timestamptz not null default now(),
    primary key (scope, key)
  )`,
  `create index idempotency_keys_created_idx on idempotency_keys (created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
