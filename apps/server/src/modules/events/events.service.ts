import type { Tx } from '../../db/database.js';
import { actorIdentity, type Actor } from '../../actor.js';
import { afterCommit, beforeCommit } from '../../lib/unit-of-work.js';
import { uuidv7 } from '../../lib/uuid.js';
import type { DomainEventType, NewDomainEvent } from './events.model.js';
import { deleteEventsOlderThan, insertOutboxEvents, type OutboxRow } from './events.repository.js';

export type { DomainEvent, DomainEventType, NewDomainEvent } from './events.model.js';

/** The events each open unit of work has collected, by its transaction. */
const pending = new WeakMap<Tx, OutboxRow[]>();

/** Told (in this process) that a commit wrote events: relays read at once instead of at their next poll. */
const committedListeners = new Set<() => void>();

export function onEventsCommitted(listener: () => void): () => void {
  committedListeners.add(listener);
  return () => committedListeners.delete(listener);
}

/** Off only with STOCKROOM_OUTBOX=off (benchmarking only; one setting per process, set by startApp). */
let outboxWrites = true;

export function setOutboxWrites(on: boolean): void {
  outboxWrites = on;
}

/** How many domain events this transaction holds for its commit (a savepoint's mark). */
export function pendingEventCount(trx: Tx): number {
  return pending.get(trx)?.length ?? 0;
}

/** Forgets the events written since `mark`: their savepoint was rolled back (modules/imports). */
export function dropPendingEvents(trx: Tx, mark: number): void {
  const rows = pending.get(trx);
  if (rows && rows.length > mark) rows.length = mark;
}

/**
 * Records that something happened, in the command's transaction: collected in memory and written
 * with the rest of the command's events as its last statement (events.repository insertOutboxEvents),
 * so a command that rolls back (or an attempt retried after a deadlock) emits nothing. Answers the
 * event's id.
 */
export function emitEvent(trx: Tx, actor: Actor, event: NewDomainEvent): string {
  if (!outboxWrites) return uuidv7();
  let rows = pending.get(trx);
  if (!rows) {
    const collected: OutboxRow[] = [];
    rows = collected;
    pending.set(trx, collected);
    beforeCommit(trx, 'domain-events', (t) => insertOutboxEvents(t, collected));
    afterCommit(trx, 'domain-events', () => {
      for (const listener of committedListeners) listener();
    });
  }
  const who = actorIdentity(actor);
  const id = uuidv7();
  rows.push({
    id,
    type: event.type,
    subject_type: event.subjectType,
    subject_id: event.subjectId,
    version: event.version ?? null,
    actor_type: who.type,
    actor_id: who.id,
    actor_name: who.name,
    payload: event.payload ?? {},
  });
  return id;
}

/**
 * The domain event an audit action stands for, where it stands for exactly one (the one table of
 * this mapping; tested). Actions not listed emit nothing from the audit log: either they change
 * nothing a consumer follows (a tax rate, a saved view) or their service emits explicitly (stock:
 * `inventory_level.updated` per level, from the stock writer).
 */
export const EVENT_OF_AUDIT_ACTION: Readonly<Record<string, DomainEventType>> = {
  'order.create': 'order.created',
  'order.update': 'order.updated',
  'order.comment': 'order.updated',
  'order.close': 'order.updated',
  'order.reopen': 'order.updated',
  'order.capture': 'order.updated',
  'order.void': 'order.updated',
  'order.fulfillment_cancel': 'order.updated',
  'order.mark_paid': 'order.paid',
  'order.fulfill': 'order.fulfilled',
  'order.cancel': 'order.cancelled',
  // Issue #32: lines, prices, shipping or discount changed; webhooks deliver it as ORDERS_UPDATED.
  'order.edit': 'order.edited',
  'order.refund': 'refund.created',
  // A return changes what the order can still return and refund (issue #31); the return's own
  // `return.*` event is emitted by the returns module.
  'order.return_create': 'order.updated',
  'order.return_open': 'order.updated',
  'order.return_receive': 'order.updated',
  'order.return_settle': 'order.updated',
  'order.return_cancel': 'order.updated',
  'order.return_close': 'order.updated',
  'draft_order.create': 'draft_order.created',
  'draft_order.update': 'draft_order.updated',
  'draft_order.delete': 'draft_order.deleted',
  'draft_order.complete': 'draft_order.completed',
  'product.create': 'product.created',
  'product.update': 'product.updated',
  'product.media_add': 'product.updated',
  'product.media_update': 'product.updated',
  'product.media_delete': 'product.updated',
  'product.media_reorder': 'product.updated',
  'product.delete': 'product.deleted',
  'customer.create': 'customer.created',
  'customer.update': 'customer.updated',
  'customer.address_add': 'customer.updated',
  'customer.address_update': 'customer.updated',
  'customer.address_remove': 'customer.updated',
  'customer.comment_add': 'customer.updated',
  'customer.disable': 'customer.updated',
  'customer.enable': 'customer.updated',
  'customer.erase': 'customer.updated',
  'session.revoke': 'session.revoked',
  'staff.logout': 'session.revoked',
  'staff.deactivate': 'staff.deactivated',
  'staff.update': 'staff.updated',
  'staff.password_change': 'staff.updated',
  'staff.password_reset': 'staff.updated',
  'staff.ownership_transfer': 'staff.updated',
  'api_token.revoke': 'api_token.revoked',
  'role.update': 'role.updated',
  'role.delete': 'role.updated',
};

/**
 * Called by recordAudit for every audit event (same transaction): emits the domain event its
 * action stands for, if any. `action` is the service's own (an undo of a product change is still a
 * `product.updated`); the payload names the audit action, so a consumer can say what changed.
 */
export function emitForAudit(
  trx: Tx,
  actor: Actor,
  entry: { action: string; subjectType: string | null; subjectId: string | null },
  auditEventId: string,
): void {
  const type = EVENT_OF_AUDIT_ACTION[entry.action];
  if (!type || !entry.subjectType || !entry.subjectId) return;
  emitEvent(trx, actor, {
    type,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    payload: { action: entry.action, auditEventId },
  });
}

/**
 * Retention (SPEC §10: 30 days by default; run by the hourly maintenance job, app/maintenance.ts):
 * deletes older events; answers how many went.
 */
export function pruneEvents(db: Parameters<typeof deleteEventsOlderThan>[0], days: number): Promise<number> {
  return deleteEventsOlderThan(db, days);
}
