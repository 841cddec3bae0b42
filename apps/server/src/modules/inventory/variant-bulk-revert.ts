import { DomainError, formatMinor } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { AuditEvent } from '../audit/audit.model.js';
import { storeSettings } from '../settings/settings.service.js';
import {
  BulkRejected,
  saveBulk,
  type BulkAuditChanges,
  type BulkChange,
  type BulkStock,
} from './variant-bulk.service.js';

/*
 * Undo of a bulk grid save (issue #34): every variant's fields and every level back to what the
 * save found, in one transaction — or nothing, when any row changed since the save (a variant's
 * version moved on, a level moved again), naming the rows in words. The undo is a save of its own,
 * recorded as `variant.revert` (which undo reverts in turn: redo).
 */

/** Names at most this many rows in a refusal, then "and N more". */
const NAMED = 5;

function recorded(event: AuditEvent): BulkAuditChanges {
  const c = event.changes as unknown as Partial<BulkAuditChanges>;
  return {
    variants: { before: c.variants?.before ?? {}, after: c.variants?.after ?? {} },
    stock: { before: c.stock?.before ?? {}, after: c.stock?.after ?? {} },
  };
}

/** Whether undoing this save moves stock (then it needs INVENTORY_WRITE as well). */
export function bulkRevertMovesStock(event: AuditEvent): boolean {
  return Object.keys(recorded(event).stock.after).length > 0;
}

export async function variantsBulkRevert(trx: Tx, actor: Actor, event: AuditEvent): Promise<void> {
  const { variants, stock } = recorded(event);
  const currency = (await storeSettings(trx)).currencyCode;
  const money = (minor: unknown) => (minor === null ? null : formatMinor(Number(minor), currency));
  const changes: BulkChange[] = Object.entries(variants.after).map(([variantId, after]) => {
    const before = variants.before[variantId] ?? {};
    const change: BulkChange = { variantId, expectedVersion: after.version };
    if ('price' in before) change.price = money(before.price);
    if ('compareAtPrice' in before) change.compareAtPrice = money(before.compareAtPrice);
    if ('cost' in before) change.cost = money(before.cost);
    if ('sku' in before) change.sku = before.sku ?? null;
    if ('barcode' in before) change.barcode = before.barcode ?? null;
    if ('weight' in before) change.weight = before.weight ?? null;
    if ('trackInventory' in before) change.trackInventory = before.trackInventory ?? null;
    return change;
  });
  const levels: BulkStock[] = Object.entries(stock.after).map(([key, after]) => {
    const [variantId, locationId] = key.split('/') as [string, string];
    return {
      variantId,
      locationId,
      onHand: stock.before[key]?.onHand ?? 0,
      expectedOnHand: after.onHand,
      expectedLevelVersion: after.version,
    };
  });
  if (!changes.length && !levels.length)
    throw DomainError.one('INVALID_TRANSITION', 'This save changed nothing, so there is nothing to undo.', [
      'id',
    ]);
  try {
    await saveBulk(trx, actor, changes, levels, {
      allowNegative: true,
      note: 'Bulk edit undone',
      trackedBefore: true,
      storedIds: true,
    });
  } catch (error) {
    if (!(error instanceof BulkRejected)) throw error;
    const named = error.errors.slice(0, NAMED).map((e) => e.message.replace(/\.$/, ''));
    const more = error.errors.length - named.length;
    throw DomainError.one(
      'INVALID_TRANSITION',
      `This bulk edit can’t be undone, as rows changed since: ${named.join('; ')}${more ? `; and ${more.toLocaleString('en-US')} more` : ''}. Nothing was undone.`,
      ['id'],
    );
  }
}
