import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import { recordAudits } from '../audit/audit.service.js';
import { applyStockChanges, lockLevels, type LevelChange } from './stock.js';

/** One count an import sets: units on hand of a variant at a location. */
export interface ImportedCount {
  variantId: string;
  locationId: string;
  onHand: number;
  /** Where a problem with it is reported (the engine maps it to the row and the column). */
  field: string[];
}

/**
 * Sets on hand to the file's counts (issue #29): one movement per level that changes, its reason
 * IMPORT, written by the stock rules every adjustment uses (limits, ledger = on hand), and an
 * `inventory.adjust` audit event for each, as an adjustment records it (the job's id on it), all in
 * one statement a table however many counts a chunk sets.
 */
export async function setImportedCounts(
  trx: Tx,
  actor: Actor,
  counts: ImportedCount[],
  locationNames: Map<string, string>,
): Promise<number> {
  if (!counts.length) return 0;
  const levels = await lockLevels(trx, counts);
  const changes: LevelChange[] = counts
    .map((c) => ({
      variantId: c.variantId,
      locationId: c.locationId,
      onHandDelta: c.onHand - (levels.get(`${c.variantId}/${c.locationId}`)?.onHand ?? 0),
      committedDelta: 0,
      field: c.field,
    }))
    .filter((c) => c.onHandDelta !== 0);
  if (!changes.length) return 0;
  const result = await applyStockChanges(trx, actor, changes, 'IMPORT', { locationNames });
  await recordAudits(
    trx,
    actor,
    result.movements.map((m) => ({
      action: 'inventory.adjust',
      subjectType: 'ProductVariant',
      subjectId: m.variantId,
      changes: {
        onHand: { before: m.onHandAfter - m.onHandDelta, after: m.onHandAfter },
        location: { before: null, after: m.locationId },
        reason: { before: null, after: m.reason },
      },
    })),
  );
  return result.movements.length;
}
