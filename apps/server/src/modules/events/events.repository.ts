import { sql } from 'kysely';
import type { Executor, Tx } from '../../db/database.js';
import type { DomainEvent, DomainEventType } from './events.model.js';
import type { DomainEventRow } from './events.tables.js';

/** The transaction-level advisory lock the outbox's writers queue on (an arbitrary constant of ours). */
const OUTBOX_LOCK = 2_811_280_210;

export interface OutboxRow {
  id: string;
  type: string;
  subject_type: string;
  subject_id: string;
  version: number | null;
  actor_type: string;
  actor_id: string | null;
  actor_name: string | null;
  payload: Record<string, unknown>;
}

/**
 * Writes a command's events in ONE statement, the last of its transaction (unit-of-work's
 * beforeCommit), numbering them from a sequence under a transaction-level advisory lock.
 *
 * Why positions then follow commit order exactly: a sequence alone hands out numbers in the order
 * commands ask, not the order they commit, so a reader that has seen position 8 committed could
 * later meet 7 committing (it asked first but committed last) and skip it for ever. Here a command
 * takes the lock right before it numbers its events and keeps it until its COMMIT is visible (an
 * advisory xact lock is released after the commit record and the snapshot change). The next
 * command to number events waits on the lock, so its numbers are larger AND it commits after every
 * command holding smaller numbers has become visible. A reader whose snapshot shows position N
 * therefore also shows every position below N that will ever exist. Since this statement is the
 * transaction's last, the lock is held only for the commit itself: commands queue for microseconds,
 * and only commands that emit events. A command that rolls back after taking numbers leaves a gap,
 * which is harmless (readers never wait for a number, they only need to never skip one).
 *
 * `version` is read here, at the end of the command, when the event does not carry one: the
 * subject's row as the command leaves it (null once deleted).
 */
export async function insertOutboxEvents(trx: Tx, rows: OutboxRow[]): Promise<void> {
  await sql`
    with outbox_lock as materialized (select pg_advisory_xact_lock(${OUTBOX_LOCK}::bigint))
    insert into domain_events
      (id, position, type, subject_type, subject_id, version, actor_type, actor_id, actor_name, payload)
    select e.id, nextval('domain_event_positions'), e.type, e.subject_type, e.subject_id,
      coalesce(e.version, case e.subject_type
        when 'Order' then (select o.version from orders o where o.id = e.subject_id)
        when 'Product' then (select p.version from products p where p.id = e.subject_id)
        when 'Customer' then (select c.version from customers c where c.id = e.subject_id)
      end),
      e.actor_type, e.actor_id, e.actor_name, e.payload
    from outbox_lock, jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e(
      id uuid, type text, subject_type text, subject_id uuid, version integer,
      actor_type text, actor_id uuid, actor_name text, payload jsonb)
  `.execute(trx);
}

export function toDomainEvent(row: DomainEventRow): DomainEvent {
  return {
    id: row.id,
    position: Number(row.position),
    type: row.type as DomainEventType,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    version: row.version,
    actor: { type: row.actor_type, id: row.actor_id, name: row.actor_name },
    payload: row.payload,
    createdAt: row.created_at,
  };
}

/** Committed events after `position`, in commit order. */
export async function eventsAfter(db: Executor, position: number, limit: number): Promise<DomainEvent[]> {
  const rows = await db
    .selectFrom('domain_events')
    .selectAll()
    .where('position', '>', position)
    .orderBy('position')
    .limit(limit)
    .execute();
  return rows.map(toDomainEvent);
}

/** The events a transaction wrote, by id (tests and the payload of a command). */
export async function eventsByIds(db: Executor, ids: readonly string[]): Promise<DomainEvent[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('domain_events')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('position')
    .execute();
  return rows.map(toDomainEvent);
}

/** The last position written so far (0 when none). */
export async function lastPosition(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('domain_events')
    .select((eb) => eb.fn.max('position').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** Makes a consumer's cursor row if it has none, starting at `from`. */
export async function ensureCursor(db: Executor, consumer: string, from: number): Promise<void> {
  await db
    .insertInto('domain_event_cursors')
    .values({ consumer, position: from })
    .onConflict((oc) => oc.column('consumer').doNothing())
    .execute();
}

/**
 * A consumer's cursor, locked for this transaction; undefined when another instance's relay holds
 * it (SKIP LOCKED: one relay at a time per consumer, the others move on).
 */
export async function claimCursor(trx: Executor, consumer: string): Promise<number | undefined> {
  const row = await trx
    .selectFrom('domain_event_cursors')
    .select('position')
    .where('consumer', '=', consumer)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  return row ? Number(row.position) : undefined;
}

/** A consumer's cursor, unlocked (the embedded store has one process; nothing to skip). */
export async function readCursor(db: Executor, consumer: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('domain_event_cursors')
    .select('position')
    .where('consumer', '=', consumer)
    .executeTakeFirst();
  return row ? Number(row.position) : undefined;
}

export async function advanceCursor(db: Executor, consumer: string, position: number): Promise<void> {
  await db
    .updateTable('domain_event_cursors')
    .set({ position, updated_at: new Date() })
    .where('consumer', '=', consumer)
    .execute();
}

/** Deletes events older than `days` days; answers how many. */
export async function deleteEventsOlderThan(db: Executor, days: number): Promise<number> {
  const result = await db
    .deleteFrom('domain_events')
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
