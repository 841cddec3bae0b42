import { sql, type Kysely } from 'kysely';

/**
 * Issue #28 §2: the event outbox. A command writes its domain events in its own transaction
 * (modules/events); `position` is the commit order (taken from the sequence under a
 * transaction-level advisory lock, as the transaction's last statement: see events.repository.ts),
 * so a reader of `position > cursor` never skips an event. Each consumer (the live fan-out, later
 * webhooks and email) keeps its own cursor row.
 */
const statements = [
  `create sequence domain_event_positions as bigint`,
  `create table domain_events (
     id uuid primary key,
     position bigint not null unique,
     type text not null,
     subject_type text not null,
     subject_id uuid not null,
     version integer,
     actor_type text not null,
     actor_id uuid,
     actor_name text,
     payload jsonb not null default '{}',
     created_at timestamptz not null default now()
   )`,
  `create index domain_events_created_at on domain_events (created_at)`,
  `create table domain_event_cursors (
     consumer text primary key,
     position bigint not null default 0,
     updated_at timestamptz not null default now()
   )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
