import { DomainError, encodeId, formatInTimeZone, STORE_DATE_TIME, type Permission } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { AuditEvent } from '../audit/audit.model.js';
import { laterChangeOf, sameValue, type Restorable, type Revertable } from '../audit/audit.service.js';
import { lockUniqueValues } from '../../lib/unique-lock.repository.js';
import {
  categoryRestorable,
  collectionRestorable,
  collectionRevertable,
  productRestorable,
  productRevertable,
} from '../catalog/catalog-revert.service.js';
import { customerRevertable } from '../customers/customer-revert.service.js';
import { shopRevertable, storeSettings } from '../settings/settings.service.js';
import { bulkRevertMovesStock, variantsBulkRevert } from '../inventory/variant-bulk-revert.js';

/** The changes undo can put back, by action (an undo's own event can be undone too: redo). */
const REVERTABLE: Record<string, Revertable> = {
  'product.update': productRevertable,
  'product.revert': productRevertable,
  'collection.update': collectionRevertable,
  'collection.revert': collectionRevertable,
  'customer.update': customerRevertable,
  'customer.disable': customerRevertable,
  'customer.enable': customerRevertable,
  'customer.revert': customerRevertable,
  'shop.update': shopRevertable,
  'shop.revert': shopRevertable,
};

/** Changes of many subjects at once, undone whole by their own module (issue #34's bulk grid save, and its undo: redo). */
const WHOLE: Record<string, { permission: Permission; revert: typeof variantsBulkRevert }> = {
  'variant.bulk_update': { permission: 'CATALOG_WRITE', revert: variantsBulkRevert },
  'variant.revert': { permission: 'CATALOG_WRITE', revert: variantsBulkRevert },
};

/** Deleted catalog items undo brings back (nothing can reference them: a product on orders can't be deleted). */
const RESTORABLE: Record<string, Restorable> = {
  'product.delete': productRestorable,
  'collection.delete': collectionRestorable,
  'category.delete': categoryRestorable,
};

/** Why the rest can't be undone from the log, and what to do instead; by action, then by kind. */
const WHY_NOT: [RegExp, string][] = [
  [/^order\.edit$/, 'Order edits move money; make another edit instead.'],
  [
    /^inventory\./,
    'Stock movements can’t be undone: adjust the stock on the Inventory page instead, so the stock history stays true.',
  ],
  [
    /^(order|draft_order)\.(refund|capture|mark_paid|void|create|complete)$/,
    'Payments and orders can’t be undone from the log: refund, cancel or edit the order instead.',
  ],
  [
    /^(order|draft_order)\./,
    'Orders can’t be undone from the log: change the order (or draft) itself instead.',
  ],
  [/\.create$/, 'A creation can’t be undone from the log: delete the item instead.'],
  [/\.erase$/, 'An erasure can’t be undone: the personal data is gone for good.'],
  [/\.delete$/, 'This kind of deletion can’t be undone from the log; make the item again instead.'],
  [
    /^(staff|session|role|api_token)\./,
    'Changes to staff, roles, sessions and API tokens can’t be undone from the log: change them on their settings page instead.',
  ],
  [
    /^discount\./,
    'Discount code changes can’t be undone from the log: edit the code on the Discounts page instead.',
  ],
];

function whyNot(action: string): string {
  return WHY_NOT.find(([re]) => re.test(action))?.[1] ?? 'This kind of change can’t be undone from the log.';
}

/** Whether undo handles this kind of change at all (whether it still can is decided when asked). */
export function isRevertable(action: string): boolean {
  return action in REVERTABLE || action in RESTORABLE || action in WHOLE;
}

/** The permission undoing this event needs: the subject's own write permission. */
export function revertPermission(action: string): Permission {
  return (REVERTABLE[action] ?? RESTORABLE[action] ?? WHOLE[action])?.permission ?? 'AUDIT_READ';
}

/** Permissions undoing this very event needs beyond revertPermission (a bulk save that moved stock: INVENTORY_WRITE). */
export function extraRevertPermissions(event: AuditEvent): Permission[] {
  return event.action in WHOLE && bulkRevertMovesStock(event) ? ['INVENTORY_WRITE'] : [];
}

function fieldWords(fields: readonly string[]): string {
  return fields.map((f) => f.replace(/_id$/, '').replace(/_/g, ' ')).join(', ');
}

/**
 * Undoes one audit event: restores the before values of its fields if none has changed since (under
 * the subject's row lock), through the subject's own service, which records a `<type>.revert` event.
 */
export async function auditEventRevert(trx: Tx, actor: Actor, event: AuditEvent): Promise<void> {
  const reverting = { ...actor, reverting: { eventId: encodeId('AuditEvent', event.id) } };
  const whole = WHOLE[event.action];
  if (whole) return whole.revert(trx, reverting, event);
  const restorer = RESTORABLE[event.action];
  if (restorer && event.subjectId) {
    // Two undos of one deletion: the second waits here, then finds it back already.
    await lockUniqueValues(trx, 'restore', [event.subjectId]);
    if (await restorer.exists(trx, event.subjectId))
      throw DomainError.one('INVALID_TRANSITION', `This ${restorer.noun} has been brought back already.`, [
        'id',
      ]);
    const before = Object.fromEntries(Object.entries(event.changes).map(([field, c]) => [field, c.before]));
    await restorer.recreate(trx, reverting, event.subjectId, before);
    return;
  }
  const handler = REVERTABLE[event.action];
  if (!handler) throw DomainError.one('INVALID_TRANSITION', whyNot(event.action), ['id']);
  const changes = Object.entries(event.changes).filter(([field]) => field !== 'reverted_event');
  if (changes.some(([field]) => field === 'redacted'))
    throw DomainError.one(
      'INVALID_TRANSITION',
      'The details of this change were erased, so it can’t be undone.',
      ['id'],
    );
  if (!changes.length)
    throw DomainError.one('INVALID_TRANSITION', 'This change changed nothing, so there is nothing to undo.', [
      'id',
    ]);
  const current = await handler.current(trx, event.subjectId);
  if (!current)
    throw DomainError.one('INVALID_TRANSITION', `This ${handler.noun} has been deleted since.`, ['id']);
  const unknown = changes.filter(([field]) => !(field in current)).map(([field]) => field);
  if (unknown.length)
    throw DomainError.one('INVALID_TRANSITION', `Undo can’t restore ${fieldWords(unknown)}.`, ['id']);
  const changed = changes.filter(([field, c]) => !sameValue(current[field], c.after)).map(([field]) => field);
  if (changed.length) {
    const later = await laterChangeOf(trx, event, changed);
    const what = `the ${fieldWords(changed)} of this ${handler.noun}`;
    if (!later)
      throw DomainError.one(
        'STALE_VERSION',
        `${capitalize(what)} changed after this; undo the later change first.`,
        ['id'],
      );
    const who = later.actorName ?? (later.actorType === 'system' ? 'Stockroom itself' : 'Someone');
    const when = formatInTimeZone(later.createdAt, (await storeSettings(trx)).timezone, STORE_DATE_TIME);
    throw DomainError.one(
      'STALE_VERSION',
      `${who} changed ${what} after this, on ${when}. Undo their change first, or edit the ${handler.noun} instead.`,
      ['id'],
    );
  }
  const before = Object.fromEntries(changes.map(([field, c]) => [field, c.before]));
  await handler.restore(trx, reverting, event.subjectId, before);
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
