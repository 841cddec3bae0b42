import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { InventoryLevelRow, InventoryMovementRow, MovementReason } from '../../db/types.js';
import type { Actor } from '../../actor.js';
import type { UserError } from '@stockroom/domain';
import { UserErrors } from '../../graphql/errors.js';
import { uuidv7 } from '../../lib/uuid.js';
import { syncInventoryCollections } from '../catalog/collection.service.js';

/** SPEC §5: resulting on hand within ±1,000,000,000. */
export const ON_HAND_LIMIT = 1_000_000_000;

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
  levels: InventoryLevelRow[];
  movements: InventoryMovementRow[];
}

const key = (variantId: string, locationId: string) => `${variantId}/${locationId}`;

/**
 * Locks the levels of these variant × location pairs, creating missing ones, always in
 * (variant, location) order so concurrent callers queue instead of deadlocking.
 */
export async function lockLevels(trx: Executor, pairs: { variantId: string; locationId: string }[]): Promise<Map<string, InventoryLevelRow>> {
  const unique = [...new Map(pairs.map((p) => [key(p.variantId, p.locationId), p])).values()].sort((a, b) =>
    a.variantId === b.variantId ? a.locationId.localeCompare(b.locationId) : a.variantId.localeCompare(b.variantId),
  );
  if (!unique.length) return new Map();
  await trx
    .insertInto('inventory_levels')
    .values(unique.map((p) => ({ variant_id: p.variantId, location_id: p.locationId })))
    .onConflict((oc) => oc.columns(['variant_id', 'location_id']).doNothing())
    .execute();
  const rows = await trx
    .selectFrom('inventory_levels')
    .selectAll()
    .where(sql<boolean>`(variant_id, location_id) in (${sql.join(unique.map((p) => sql`(${p.variantId}::uuid, ${p.locationId}::uuid)`))})`)
    .orderBy('variant_id')
    .orderBy('location_id')
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [key(r.variant_id, r.location_id), r]));
}

/**
 * Applies stock changes atomically: every level is locked, every rule checked (all problems at
 * once), then every level updated and every movement written — or nothing is.
 * `guardAvailable` lists variants that may not be committed beyond what is on hand.
 */
export async function applyStockChanges(
  trx: Executor,
  actor: Actor,
  changes: LevelChange[],
  reason: MovementReason,
  opts: { note?: string | null; transferId?: string | null; guardAvailable?: Set<string>; locationNames?: Map<string, string> } = {},
): Promise<StockResult> {
  const levels = await lockLevels(trx, changes);
  const next = new Map<string, { onHand: number; committed: number }>();
  const errors: UserError[] = [];
  for (const c of changes) {
    const k = key(c.variantId, c.locationId);
    const level = levels.get(k)!;
    const current = next.get(k) ?? { onHand: level.on_hand, committed: level.committed };
    if (c.expectedOnHand != null && c.expectedOnHand !== level.on_hand) {
      errors.push({
        field: [...(c.field ?? []), 'expectedOnHand'],
        code: 'STALE_VERSION',
        message: `The stock changed since you looked: ${level.on_hand} on hand now, not ${c.expectedOnHand}.`,
      });
      continue;
    }
    const onHand = current.onHand + c.onHandDelta;
    const committed = current.committed + c.committedDelta;
    if (Math.abs(onHand) > ON_HAND_LIMIT) {
      errors.push({ field: c.field ?? null, code: 'OUT_OF_RANGE', message: `On hand would be ${onHand.toLocaleString('en-US')}; it must stay within ±1,000,000,000.` });
    }
    if (committed < 0) {
      errors.push({ field: c.field ?? null, code: 'INVALID', message: `Only ${current.committed} committed here; cannot release ${-c.committedDelta}.` });
    }
    const mustCover = opts.guardAvailable?.has(c.variantId) ?? false;
    const available = onHand - committed;
    if (mustCover && available < 0 && (c.committedDelta > 0 || c.onHandDelta < 0)) {
      const where = opts.locationNames?.get(c.locationId) ?? 'this location';
      errors.push({ field: c.field ?? null, code: 'INSUFFICIENT_STOCK', message: `Only ${Math.max(0, current.onHand - current.committed)} available at ${where}.` });
    }
    next.set(k, { onHand, committed });
  }
  if (errors.length) throw new UserErrors(errors);

  const movements: InventoryMovementRow[] = [];
  const running = new Map<string, { onHand: number; committed: number }>();
  for (const c of changes) {
    if (c.onHandDelta === 0 && c.committedDelta === 0) continue;
    const k = key(c.variantId, c.locationId);
    const level = levels.get(k)!;
    const before = running.get(k) ?? { onHand: level.on_hand, committed: level.committed };
    const after = { onHand: before.onHand + c.onHandDelta, committed: before.committed + c.committedDelta };
    running.set(k, after);
    movements.push({
      id: uuidv7(),
      variant_id: c.variantId,
      location_id: c.locationId,
      on_hand_delta: c.onHandDelta,
      committed_delta: c.committedDelta,
      on_hand_after: after.onHand,
      committed_after: after.committed,
      reason,
      note: opts.note ?? null,
      staff_id: actor.viewer?.staffId ?? null,
      staff_name: actor.viewer ? actor.viewer.name || actor.viewer.email : null,
      transfer_id: opts.transferId ?? null,
      created_at: new Date(),
    });
  }
  const updated: InventoryLevelRow[] = [];
  for (const [k, v] of running) {
    const level = levels.get(k)!;
    updated.push(
      await trx
        .updateTable('inventory_levels')
        .set({ on_hand: v.onHand, committed: v.committed, updated_at: sql`now()`, version: sql`version + 1` })
        .where('variant_id', '=', level.variant_id)
        .where('location_id', '=', level.location_id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }
  if (movements.length) await trx.insertInto('inventory_movements').values(movements).execute();
  if (movements.length) await syncInventoryCollections(trx, [...new Set(changes.map((c) => c.variantId))]);
  return { levels: updated, movements };
}
