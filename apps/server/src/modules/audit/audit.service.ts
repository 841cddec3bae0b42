import { auditSearchCondition } from './audit-search.js';
import type { Permission } from '@stockroom/domain';
import { decodeId } from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { AuditChange, AuditEvent } from './audit.model.js';
import { uuidv7 } from '../../lib/uuid.js';
import { snakeCase } from '../../lib/case.js';
import type { ListResult, PageArgs } from '../../lib/pagination.js';
import type { Actor } from '../../actor.js';
import { emitForAudit } from '../events/events.service.js';
import {
  countAuditEvents,
  findAuditEvent,
  insertAuditEvent,
  insertAuditEvents,
  laterEventAbout,
  laterEventTouching,
  lastVariantChanges,
  latestEventsOf,
  pageAuditEvents,
  redactEventsOf,
  type AuditFilter,
} from './audit.repository.js';

export interface AuditEntry {
  action: string;
  subjectType: string | null;
  subjectId: string | null;
  changes?: Record<string, AuditChange>;
}

/** Shown instead of secrets (password hashes, tokens) in before/after. */
export const HIDDEN = '[hidden]';

/**
 * Appends one event. Call it with the same transaction as the change it describes, so the log and
 * the data can never disagree.
 */
export async function recordAudit(trx: Tx, actor: Actor, entry: AuditEntry): Promise<string> {
  const event = auditEventOf(trx, actor, entry);
  await insertAuditEvent(trx, event);
  actor.recordedEvents?.push(event.id);
  return event.id;
}

/**
 * recordAudit of many entries by one actor, in one statement (an import's chunk, issue #29): the
 * same events, domain events and ids, in the entries' order.
 */
export async function recordAudits(trx: Tx, actor: Actor, entries: readonly AuditEntry[]): Promise<string[]> {
  const events = entries.map((entry) => auditEventOf(trx, actor, entry));
  await insertAuditEvents(trx, events);
  for (const e of events) actor.recordedEvents?.push(e.id);
  return events.map((e) => e.id);
}

/** The event one entry records (its domain event emitted), ready to insert. */
function auditEventOf(trx: Tx, actor: Actor, entry: AuditEntry): Omit<AuditEvent, 'createdAt'> {
  const viewer = actor.viewer;
  const id = uuidv7();
  // The domain event this action stands for (modules/events), by the service's own action.
  emitForAudit(trx, actor, entry, id);
  if (actor.reverting) {
    // An undo goes through the subject's own service; its event says what it undid.
    entry = {
      ...entry,
      action: `${entry.action.split('.')[0]}.revert`,
      changes: { ...entry.changes, reverted_event: { before: null, after: actor.reverting.eventId } },
    };
  }
  return {
    id,
    actorType: viewer?.token ? 'api' : viewer ? 'staff' : actor.system ? 'system' : 'api',
    // A token's events name the token (its id and name), not the person who made it.
    actorId: viewer?.token?.id ?? viewer?.staffId ?? null,
    actorName: viewer?.token ? `API token ${viewer.token.name}` : viewer ? viewer.name || viewer.email : null,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    changes: entry.changes ?? {},
    requestId: actor.requestId,
    ip: actor.ip,
    jobId: actor.jobId ?? null,
  };
}

/**
 * Replaces what the log recorded about a subject with one note (erasing personal data): the events
 * stay, their before/after values go. Same transaction as the erasure.
 */
export function redactAudit(trx: Tx, subjectType: string, subjectId: string, note: string): Promise<void> {
  return redactEventsOf(trx, subjectType, subjectId, { redacted: { before: null, after: note } });
}

/**
 * The name an event gives a field: the stored column's, in snake_case (`contactEmail` → `contact_email`).
 * Domain objects are camelCase; events keep the vocabulary they have had since the first one was
 * written, so old and new events read, search and undo alike and no recorded event is rewritten.
 */
export function eventField(field: string): string {
  return snakeCase(field);
}

/**
 * Per-field before/after for the fields that differ, under their event names (see eventField).
 * Values compare by their JSON form.
 */
export function diff<T extends object>(
  before: Partial<T> | null,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const field of fields) {
    const b = before ? (before[field] ?? null) : null;
    const a = after[field] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) changes[eventField(field)] = { before: b, after: a };
  }
  return changes;
}

/** The latest events about one subject, newest first (an order's timeline, a product's history). */
export function latestEventsAbout(
  db: Executor,
  subjectType: string,
  subjectId: string,
  limit: number,
): Promise<AuditEvent[]> {
  return latestEventsOf(db, subjectType, subjectId, limit);
}

/** The audit log's list: see ListResult. */
export type AuditList = ListResult<AuditEvent>;

/** The log, newest first; optionally of one subject (any API ID), one action, or a search. */
export function listAuditEvents(
  db: Executor,
  args: { subjectId?: string | null; action?: string | null; query?: string | null; page: PageArgs },
): AuditList {
  const search = auditSearchCondition(args.query);
  if ('errors' in search) return { errors: search.errors };
  const filter: AuditFilter = { subject: null, action: args.action || null, condition: search.condition };
  if (args.subjectId != null) {
    const decoded = decodeId(args.subjectId);
    if (!decoded)
      return {
        errors: [{ field: ['subjectId'], code: 'INVALID', message: 'This ID is not one Stockroom made.' }],
      };
    filter.subject = { type: decoded.type, id: decoded.uuid };
  }
  return { page: () => pageAuditEvents(db, filter, args.page), count: () => countAuditEvents(db, filter) };
}

/**
 * How undo puts one kind of subject back: each module that allows it says which permission it
 * needs, reads the subject's current values (locked, under the names its events use), and restores
 * before values through its own service, which validates them and writes the `<type>.revert` event.
 */
export interface Revertable {
  /** The subject in words: "product". */
  noun: string;
  permission: Permission;
  /** Locks the subject and gives its current values by field; null when it no longer exists. */
  current(trx: Tx, subjectId: string | null): Promise<Record<string, unknown> | null>;
  restore(trx: Tx, actor: Actor, subjectId: string | null, before: Record<string, unknown>): Promise<void>;
}

/** Compares recorded values with current ones as JSON, with object keys in one order (jsonb reorders them). */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a ?? null) === canonical(b ?? null);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : 1)))
      : v,
  );
}

/**
 * How undo brings back a deleted item under its old ID: from the values its delete event recorded,
 * through the module's own create (which validates them and writes the `<type>.revert` event).
 */
export interface Restorable {
  noun: string;
  permission: Permission;
  exists(trx: Tx, subjectId: string): Promise<boolean>;
  recreate(trx: Tx, actor: Actor, subjectId: string, before: Record<string, unknown>): Promise<void>;
}

/** One event of the log, or null (undo reads the event it is asked to put back). */
export function auditEventById(db: Executor, id: string): Promise<AuditEvent | null> {
  return findAuditEvent(db, id);
}

/** Who last changed any of these fields of the event's subject after it, if anyone (undo refuses then). */
export function laterChangeOf(
  db: Executor,
  event: AuditEvent,
  fields: readonly string[],
): ReturnType<typeof laterEventTouching> {
  return laterEventTouching(db, event, fields);
}

/** The latest event about the event's subject after it, of any kind, but for those of the given jobs. */
export function laterEventOf(
  db: Executor,
  event: AuditEvent,
  exceptJobIds: readonly string[],
): ReturnType<typeof laterEventAbout> {
  return laterEventAbout(db, event, exceptJobIds);
}

/** Who changed each of these variants last, and when (a stale bulk grid row says so in words). */
export function lastChangesOfVariants(
  db: Executor,
  items: readonly { variantId: string; productId: string }[],
): ReturnType<typeof lastVariantChanges> {
  return lastVariantChanges(db, items);
}
