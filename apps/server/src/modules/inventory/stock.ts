import {
  available,
  ON_HAND_LIMIT,
  onHandInRange,
  type MovementReason,
  type UserError,
} from '@stockroom/domain';
import type { OperationNodeSource } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { InventoryLevel, InventoryMovement } from './inventory.model.js';
import type { Actor } from '../../actor.js';
import { DomainError } from '@stockroom/domain';
import { uuidv7 } from '../../lib/uuid.js';
import { inventoryCollectionsSync } from '../catalog/collection.service.js';
import { productStockFollows } from '../catalog/product-stock.service.js';
import { emitEvent } from '../events/events.service.js';
import {
  ensureLevels,
  lockLevelRows,
  lockLevelsAndProducts,
  writeStockChange,
  type LevelKey,
} from './level.repository.js';
import type { NewMovement } from './movement.repository.js';

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
 * (variant, location) order so concurrent callers queue instead of deadlocking; then, when asked,
 * the product_stock rows of `productsOf` variants' products (after every level, by product id),
 * for a stock change that will move their available units. One statement when every level exists.
 */
export async function lockLevels(
  trx: Tx,
  pairs: LevelKey[],
  productsOf: readonly string[] = [],
): Promise<Map<string, InventoryLevel>> {
  const unique = [...new Map(pairs.map((p) => [key(p.variantId, p.locationId), p])).values()].sort((a, b) =>
    a.variantId === b.variantId
      ? a.locationId.localeCompare(b.locationId)
      : a.variantId.localeCompare(b.variantId),
  );
  if (!unique.length) return new Map();
  const levels = new Map(
    (await lockLevelsAndProducts(trx, unique, productsOf)).map((r) => [key(r.variantId, r.locationId), r]),
  );
  const missing = unique.filter((p) => !levels.has(key(p.variantId, p.locationId)));
  if (missing.length) {
    // Rare (a level is made with its variant or location): the new rows are this transaction's
    // until it commits. A concurrent command that created one first may hold it; if that ever
    // closes a cycle, PostgreSQL breaks the deadlock and the command runs again (unit-of-work).
    await ensureLevels(trx, missing);
    for (const r of await lockLevelRows(trx, missing)) levels.set(key(r.variantId, r.locationId), r);
  }
  return levels;
}

/** The variants whose available units these changes move (the product rows a change must lock). */
function movingAvailable(changes: readonly LevelChange[]): string[] {
  const net = new Map<string, number>();
  for (const c of changes) {
    const delta = available({ onHand: c.onHandDelta, committed: c.committedDelta });
    net.set(c.variantId, (net.get(c.variantId) ?? 0) + delta);
  }
  return [...net].filter(([, delta]) => delta !== 0).map(([variantId]) => variantId);
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
    /** The order making this change (commit, release, fulfilment, restock). */
    orderId?: string | null;
    guardAvailable?: Set<string>;
    locationNames?: Map<string, string>;
    /**
     * The levels as the caller locked them (lockLevels, with these changes' products): saves
     * locking again. Every changed level must be among them.
     */
    locked?: Map<string, InventoryLevel>;
    /** Brings collections with inventory rules up to date (inventoryCollectionsSync, asked before the locks). */
    collections?: () => Promise<void>;
    /** Writes of the caller's sent in the same statement as the stock's (writeStockChange). */
    alongside?: OperationNodeSource[];
  } = {},
): Promise<StockResult> {
  const collections =
    opts.collections ??
    (await inventoryCollectionsSync(
      trx,
      changes.map((c) => c.variantId),
    ));
  const levels = opts.locked ?? (await lockLevels(trx, changes, movingAvailable(changes)));
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
      orderId: opts.orderId ?? null,
    });
  }
  // A movement changes available units as the domain counts them: its on-hand less its committed change.
  const productStock = productStockFollows(
    movements.map((m) => ({
      variantId: m.variantId,
      delta: available({ onHand: m.onHandDelta, committed: m.committedDelta }),
    })),
  );
  const { levels: updated, stampedAt } = await writeStockChange(
    trx,
    [...running].map(([k, quantities]) => {
      const level = levels.get(k)!;
      return { variantId: level.variantId, locationId: level.locationId, ...quantities };
    }),
    movements,
    [...(productStock ? [productStock] : []), ...(opts.alongside ?? [])],
  );
  if (movements.length) await collections();
  // Every stock change passes here: one `inventory_level.updated` per variant × location it moved.
  for (const level of updated) {
    emitEvent(trx, actor, {
      type: 'inventory_level.updated',
      subjectType: 'InventoryLevel',
      subjectId: level.id,
      version: level.version,
      payload: { variantId: level.variantId, locationId: level.locationId },
    });
  }
  const written = new Map(updated.map((l) => [key(l.variantId, l.locationId), l]));
  return {
    levels: [...running.keys()].map((k) => written.get(k)!),
    movements: movements.map((m) => ({ ...m, createdAt: stampedAt })),
  };
}
