import { sql, type RawBuilder } from 'kysely';
import type { Executor, Tx } from '../../db/database.js';
import { auditEventRow, type AuditChange, type AuditEvent } from './audit.model.js';
import {
  cappedCount,
  keysetPage,
  mapPage,
  type Count,
  type Page,
  type PageArgs,
} from '../../lib/pagination.js';

/** Appends one event; `created_at` is the database's clock (the column default). */
export async function insertAuditEvent(db: Executor, event: Omit<AuditEvent, 'createdAt'>): Promise<void> {
  await db.insertInto('audit_events').values(auditEventRow.write(event)).execute();
}

/**
 * Many events in one statement, each column an array (unnested): the same statement text for 10
 * events or 2,000, a few parameters however many (an import's chunk records thousands).
 */
export async function insertAuditEvents(
  db: Executor,
  events: readonly Omit<AuditEvent, 'createdAt'>[],
): Promise<void> {
  if (!events.length) return;
  if (events.length === 1) return insertAuditEvent(db, events[0]!);
  const column = <T>(pick: (e: Omit<AuditEvent, 'createdAt'>) => T) => events.map((e) => pick(e) ?? null);
  await sql`
    insert into audit_events (id, actor_type, actor_id, actor_name, action, subject_type, subject_id,
      changes, request_id, ip, job_id)
    select * from unnest(${column((e) => e.id)}::uuid[], ${column((e) => e.actorType)}::text[],
      ${column((e) => e.actorId)}::uuid[], ${column((e) => e.actorName)}::text[],
      ${column((e) => e.action)}::text[], ${column((e) => e.subjectType)}::text[],
      ${column((e) => e.subjectId)}::uuid[], ${column((e) => JSON.stringify(e.changes ?? {}))}::jsonb[],
      ${column((e) => e.requestId)}::text[], ${column((e) => e.ip)}::text[], ${column((e) => e.jobId)}::uuid[])`.execute(
    db,
  );
}

export async function findAuditEvent(db: Executor, id: string): Promise<AuditEvent | null> {
  const row = await db.selectFrom('audit_events').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? auditEventRow.of(row) : null;
}

/** The latest events of one subject, newest first. */
export async function latestEventsOf(
  db: Executor,
  subjectType: string,
  subjectId: string,
  limit: number,
): Promise<AuditEvent[]> {
  const rows = await db
    .selectFrom('audit_events')
    .selectAll()
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(auditEventRow.of);
}

/**
 * Replaces the before/after values of every event about one subject (erasing personal data). The
 * log is append-only: a trigger refuses updates unless this transaction says it is redacting (the
 * setting is local to the transaction, hence a `Tx`).
 */
export async function redactEventsOf(
  db: Tx,
  subjectType: string,
  subjectId: string,
  changes: Record<string, AuditChange>,
): Promise<void> {
  await sql`select set_config('stockroom.audit_redaction', 'on', true)`.execute(db);
  await db
    .updateTable('audit_events')
    .set({ changes: JSON.stringify(changes) })
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .execute();
  await sql`select set_config('stockroom.audit_redaction', 'off', true)`.execute(db);
}

// ---- The log, newest first (alias: e audit_events) ----

export interface AuditFilter {
  subject: { type: string; id: string } | null;
  action: string | null;
  /** A search (audit-search.ts). */
  condition?: RawBuilder<boolean> | null;
}

function auditListQuery(db: Executor, filter: AuditFilter) {
  let q = db.selectFrom('audit_events as e').selectAll('e');
  if (filter.subject)
    q = q.where('e.subject_type', '=', filter.subject.type).where('e.subject_id', '=', filter.subject.id);
  if (filter.action) q = q.where('e.action', '=', filter.action);
  if (filter.condition) q = q.where(filter.condition);
  return q;
}

export async function pageAuditEvents(
  db: Executor,
  filter: AuditFilter,
  args: PageArgs,
): Promise<Page<AuditEvent>> {
  const sort = {
    expression: 'e.created_at',
    cast: 'timestamptz',
    idColumn: 'e.id',
  } as const;
  return mapPage(await keysetPage(auditListQuery(db, filter), sort, true, args), auditEventRow.of);
}

export function countAuditEvents(db: Executor, filter: AuditFilter): Promise<Count> {
  return cappedCount(db, auditListQuery(db, filter));
}

/** The latest event about the same subject after this one that changed any of these fields. */
export async function laterEventTouching(
  db: Executor,
  event: AuditEvent,
  fields: readonly string[],
): Promise<Pick<AuditEvent, 'actorName' | 'actorType' | 'createdAt'> | undefined> {
  // The event's own time as the database keeps it (microseconds): a JavaScript Date would round it.
  const at = sql<Date>`(select created_at from audit_events where id = ${event.id})`;
  const row = await db
    .selectFrom('audit_events')
    .select(['actor_name', 'actor_type', 'created_at'])
    .where('subject_type', '=', event.subjectType)
    .where((eb) =>
      event.subjectId === null ? eb('subject_id', 'is', null) : eb('subject_id', '=', event.subjectId),
    )
    .where((eb) =>
      eb.or([eb('created_at', '>', at), eb.and([eb('created_at', '=', at), eb('id', '>', event.id)])]),
    )
    .where(sql<boolean>`changes ?| ${sql.val(fields)}::text[]`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { actorName: row.actor_name, actorType: row.actor_type, createdAt: row.created_at };
}

/**
 * The latest event about the event's subject after it, whatever it changed, leaving out the events
 * of the given jobs (an import's own, and the revert undoing it), if any.
 */
export async function laterEventAbout(
  db: Executor,
  event: AuditEvent,
  exceptJobIds: readonly string[],
): Promise<Pick<AuditEvent, 'action' | 'actorName' | 'actorType' | 'createdAt'> | undefined> {
  const at = sql<Date>`(select created_at from audit_events where id = ${event.id})`;
  let q = db
    .selectFrom('audit_events')
    .select(['action', 'actor_name', 'actor_type', 'created_at'])
    .where('subject_type', '=', event.subjectType)
    .where((eb) =>
      event.subjectId === null ? eb('subject_id', 'is', null) : eb('subject_id', '=', event.subjectId),
    )
    .where((eb) =>
      eb.or([eb('created_at', '>', at), eb.and([eb('created_at', '=', at), eb('id', '>', event.id)])]),
    );
  if (exceptJobIds.length)
    q = q.where((eb) => eb.or([eb('job_id', 'is', null), eb('job_id', 'not in', exceptJobIds)]));
  const row = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return (
    row && {
      action: row.action,
      actorName: row.actor_name,
      actorType: row.actor_type,
      createdAt: row.created_at,
    }
  );
}

/** How many events match, exactly (a background export's total; the list's count stops at 10,000). */
export async function exactAuditCount(db: Executor, filter: AuditFilter): Promise<number> {
  const row = await auditListQuery(db, filter)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Who changed each of these variants last, and when: the latest event about its product, or the
 * latest bulk grid save (or its undo) that changed it. One statement for all of them.
 */
export async function lastVariantChanges(
  db: Executor,
  items: readonly { variantId: string; productId: string }[],
): Promise<Map<string, Pick<AuditEvent, 'actorName' | 'actorType' | 'createdAt'>>> {
  if (!items.length) return new Map();
  const { rows } = await sql<{
    variant_id: string;
    actor_name: string | null;
    actor_type: AuditEvent['actorType'];
    created_at: Date;
  }>`
    select x."variantId"::text as variant_id, e.actor_name, e.actor_type, e.created_at
    from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as x("variantId" uuid, "productId" uuid)
    cross join lateral (
      select a.actor_name, a.actor_type, a.created_at from audit_events a
      where (a.subject_type = 'Product' and a.subject_id = x."productId")
         or (a.action in ('variant.bulk_update', 'variant.revert')
             and a.changes -> 'variants' -> 'after' ? x."variantId"::text)
      order by a.created_at desc, a.id desc limit 1) e`.execute(db);
  return new Map(
    rows.map((r) => [
      r.variant_id,
      { actorName: r.actor_name, actorType: r.actor_type, createdAt: new Date(r.created_at) },
    ]),
  );
}
