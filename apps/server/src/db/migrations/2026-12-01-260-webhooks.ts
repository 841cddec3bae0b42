import { sql, type Kysely } from 'kysely';

/**
 * Issue #30: outgoing webhooks. A subscription belongs to a staff member or to an API token (one of
 * the two); a delivery is one event for one subscription (the event id once per subscription, so an
 * event the relay offers again makes no second delivery), with its payload rendered when the event
 * was relayed; each attempt is logged. `event_position` orders a subscription's deliveries about one
 * subject (a product's updates go out in the order they committed).
 */
const statements = [
  `create table webhook_subscriptions (
    id uuid primary key,
    topic text not null,
    url text not null,
    format text not null default 'JSON' check (format in ('JSON')),
    include_fields jsonb not null default '[]',
    secret text not null,
    owner_staff_id uuid references staff (id) on delete cascade,
    owner_token_id uuid references api_tokens (id) on delete cascade,
    status text not null default 'ACTIVE' check (status in ('ACTIVE', 'PAUSED')),
    paused_reason text,
    paused_at timestamptz,
    failing_since timestamptz,
    version integer not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check ((owner_staff_id is null) <> (owner_token_id is null))
  )`,
  `create index webhook_subscriptions_created_idx on webhook_subscriptions (created_at desc, id desc)`,
  `create index webhook_subscriptions_token_idx on webhook_subscriptions (owner_token_id, created_at desc, id desc)`,
  `create index webhook_subscriptions_staff_idx on webhook_subscriptions (owner_staff_id)`,
  `create index webhook_subscriptions_active_topic_idx on webhook_subscriptions (topic) where status = 'ACTIVE'`,
  `create table webhook_deliveries (
    id uuid primary key,
    subscription_id uuid not null references webhook_subscriptions (id) on delete cascade,
    event_id uuid not null,
    event_position bigint,
    topic text not null,
    subject_type text,
    subject_id uuid,
    test boolean not null default false,
    payload text not null,
    payload_bytes integer not null,
    status text not null default 'PENDING' check (status in ('PENDING', 'RETRYING', 'SUCCEEDED', 'FAILED')),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null,
    locked_until timestamptz,
    failing_since timestamptz,
    last_attempt_at timestamptz,
    last_status_code integer,
    last_latency_ms integer,
    last_excerpt text,
    last_error text,
    delivered_at timestamptz,
    created_at timestamptz not null,
    updated_at timestamptz not null default now(),
    unique (subscription_id, event_id)
  )`,
  `create index webhook_deliveries_list_idx on webhook_deliveries (subscription_id, created_at desc, id desc)`,
  `create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at)
     where status in ('PENDING', 'RETRYING')`,
  `create index webhook_deliveries_subject_idx on webhook_deliveries (subscription_id, subject_id, event_position)
     where status in ('PENDING', 'RETRYING')`,
  `create index webhook_deliveries_created_idx on webhook_deliveries (created_at)`,
  `create table webhook_delivery_attempts (
    id uuid primary key,
    delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
    attempted_at timestamptz not null,
    status_code integer,
    latency_ms integer not null,
    excerpt text,
    error text
  )`,
  `create index webhook_delivery_attempts_idx on webhook_delivery_attempts (delivery_id, attempted_at desc)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
