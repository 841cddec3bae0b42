import { DomainError } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { AuditEvent } from '../audit/audit.model.js';
import { inventoryImportUndo } from './inventory.service.js';
import { movementsAfter } from './inventory-import.repository.js';
import { findStockVariants } from './level.repository.js';
import { findLocationsByIds } from './location.repository.js';
import { findMovement } from './movement.repository.js';

/* How the inventory importer undoes a count its apply set (issue #29, jobRevert). */

/** Puts back the count an import's movement changed, if no other movement touched that level since. */
export async function revertAdjust(trx: Tx, actor: Actor, event: AuditEvent): Promise<void> {
  const movementId = event.changes['movement']?.after;
  const movement = typeof movementId === 'string' ? await findMovement(trx, movementId) : null;
  if (!movement)
    throw DomainError.one(
      'INVALID',
      'This stock change left no movement in the ledger; there is nothing to undo.',
    );
  const [location] = await findLocationsByIds(trx, [movement.locationId]);
  const [variant] = await findStockVariants(trx, [movement.variantId]);
  const where = `${variant?.sku ?? variant?.title ?? 'This variant'} at ${location?.name ?? 'its location'}`;
  const later = await movementsAfter(trx, movement);
  if (later.length) {
    const units = later.reduce((n, m) => n + Math.abs(m.onHandDelta), 0);
    throw DomainError.one(
      'INVALID_TRANSITION',
      units
        ? `${units.toLocaleString('en-US')} ${units === 1 ? 'unit was' : 'units were'} sold or moved since at ${where}; adjust it on the Inventory page.`
        : `${where} changed since (units were reserved or released by orders); adjust it on the Inventory page.`,
    );
  }
  await inventoryImportUndo(trx, actor, {
    variantId: movement.variantId,
    locationId: movement.locationId,
    onHand: movement.onHandAfter - movement.onHandDelta,
    expectedOnHand: movement.onHandAfter,
  });
}
