import {
  available,
  ON_HAND_LIMIT,
  onHandInRange,
  type MovementReason,
  type UserError,
} from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { InventoryLevel, InventoryMovement } from './inventory.model.js';
import type { Actor } from '../../actor.js';
import { DomainError } from '@stockroom/domain';
import { uuidv7 } from '../../lib/uuid.js';
import { syncInventoryCollections } from '../catalog/collection.service.js';
import {
  addAvailableToProducts,
  ensureLevels,
  lockLevelRows,
  updateLevelQuantities,
  type LevelKey,
} from './level.repository.js';
import { insertMovements, type NewMovement } from './movement.repository.js';

export interface LevelChange {
  variantId: string;
  locationId: string;
  onHandDelta: number;
  committedDelta: number;
  /** Compare-and-swap: refuse with STALE_VERSION unless on hand is this before the change. */
  expectedOnHand?: number | null;
  /** Where to report a problem with this change, e.g. ["changes", "2"]. */
  field?: string[];
}

export interface StockResult {
  levels: InventoryLevel[];
  movements: InventoryMovement[];
}

const key = (variantId: string, locationId: string) => `${variantId}/${locationId}`;

/** Units available at a level (the domain rule over a level's row). */
export const levelAvailable = (level: Pick<InventoryLevel, 'onHand' | 'committed'>): number =>
  available(level);

/**
 * Locks the levels of these variant × location pairs, creating missing ones, always in
 * (variant, location) order so concurrent callers queue instead of deadlocking.
 */
export async function lockLevels(trx: Tx, pairs: LevelKey[]): Promise<Map<string, InventoryLevel>> {
  const unique = [...new Map(pairs.map((p) => [key(p.variantId, p.locationId), p])).values()].sort((a, b) =>
    a.variantId === b.variantId
      ? a.locationId.localeCompare(b.locationId)
      : a.variantId.localeCompare(b.variantId),
  );
  if (!unique.length) return new Map();
  await ensureLevels(trx, unique);
  const rows = await lockLevelRows(trx, unique);
  return new Map(rows.map((r) => [key(r.variantId, r.locationId), r]));
}

/**
 * Applies stock changes atomically: every level is locked, every rule checked (all problems at
 * once), then every level updated and every movement written — or nothing is.
 * `guardAvailable` lists variants that may not be committed beyond what is on hand.
 */
export async function applyStockChanges(
  trx: Tx,
  actor: Actor,
  changes: LevelChange[],
  reason: MovementReason,
  opts: {
    note?: string | null;
    transferId?: string | null;
    guardAvailable?: Set<string>;
    locationNames?: Map<string, string>;
  } = {},
): Promise<StockResult> {
  const levels = await lockLevels(trx, changes);
  const next = new Map<string, { onHand: number; committed: number }>();
  const errors: UserError[] = [];
  for (const c of changes) {
    const k = key(c.variantId, c.locationId);
    const level = levels.get(k)!;
    const current = next.get(k) ?? { onHand: level.onHand, committed: level.committed };
    if (c.expectedOnHand != null && c.expectedOnHand !== level.onHand) {
      errors.push({
        field: [...(c.field ?? []), 'expectedOnHand'],
        code: 'STALE_VERSION',
        message: `The stock changed since you looked: ${level.onHand} on hand now, not ${c.expectedOnHand}.`,
      });
      continue;
    }
    const onHand = current.onHand + c.onHandDelta;
    const committed = current.committed + c.committedDelta;
    if (!onHandInRange(onHand)) {
      errors.push({
        field: c.field ?? null,
        code: 'OUT_OF_RANGE',
        message: `On hand would be ${onHand.toLocaleString('en-US')}; it must stay within ±${ON_HAND_LIMIT.toLocaleString('en-US')}.`,
      });
    }
    if (committed < 0) {
      errors.push({
        field: c.field ?? null,
        code: 'INVALID',
        message: `Only ${current.committed} committed here; cannot release ${-c.committedDelta}.`,
      });
    }
    const mustCover = opts.guardAvailable?.has(c.variantId) ?? false;
    if (mustCover && available({ onHand, committed }) < 0 && (c.committedDelta > 0 || c.onHandDelta < 0)) {
      const where = opts.locationNames?.get(c.locationId) ?? 'this location';
      errors.push({
        field: c.field ?? null,
        code: 'INSUFFICIENT_STOCK',
        message: `Only ${Math.max(0, available(current))} available at ${where}.`,
      });
    }
    next.set(k, { onHand, committed });
  }
  if (errors.length) throw new DomainError(errors);

  const movements: NewMovement[] = [];
  const running = new Map<string, { onHand: number; committed: number }>();
  for (const c of changes) {
    if (c.onHandDelta === 0 && c.committedDelta === 0) continue;
    const k = key(c.variantId, c.locationId);
    const level = levels.get(k)!;
    const before = running.get(k) ?? { onHand: level.onHand, committed: level.committed };
    const after = { onHand: before.onHand + c.onHandDelta, committed: before.committed + c.committedDelta };
    running.set(k, after);
    movements.push({
      id: uuidv7(),
      variantId: c.variantId,
      locationId: c.locationId,
      onHandDelta: c.onHandDelta,
      committedDelta: c.committedDelta,
      onHandAfter: after.onHand,
      committedAfter: after.committed,
      reason,
      note: opts.note ?? null,
      staffId: actor.viewer?.staffId ?? null,
      staffName: actor.viewer ? actor.viewer.name || actor.viewer.email : null,
      transferId: opts.transferId ?? null,
    });
  }
  const updated: InventoryLevel[] = [];
  for (const [k, quantities] of running) {
    const level = levels.get(k)!;
    updated.push(
      await updateLevelQuantities(
        trx,
        { variantId: level.variantId, locationId: level.locationId },
        quantities,
      ),
    );
  }
  await addAvailableToProducts(
    trx,
    // A movement changes available units as the domain counts them: its on-hand less its committed change.
    movements.map((m) => ({
      variantId: m.variantId,
      delta: available({ onHand: m.onHandDelta, committed: m.committedDelta }),
    })),
  );
  const written = await insertMovements(trx, movements);
  if (written.length) await syncInventoryCollections(trx, [...new Set(changes.map((c) => c.variantId))]);
  // The ledger in the order it was computed (one insert returns its rows in no promised order).
  const byId = new Map(written.map((m) => [m.id, m]));
  return { levels: updated, movements: movements.map((m) => byId.get(m.id)!) };
}
