import type { MovementReason, UserError } from '@stockroom/domain';
import { sql, type OperationNodeSource } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import { DomainError } from '@stockroom/domain';
import { inventoryCollectionsSync } from '../catalog/collection.service.js';
import { findStockVariants, levelsByVariantIds, type StockVariant } from './level.repository.js';
import { listLocations } from './location.repository.js';
import { addDamaged } from './damaged.repository.js';
import { emitEvent } from '../events/events.service.js';
import { applyStockChanges, levelAvailable, lockLevels } from './stock.js';

/**
 * What the orders area calls to move stock (SPEC §4). Each runs inside the caller's transaction,
 * locks levels in a fixed order, and writes its movements; a tracked variant without backorder is
 * never committed beyond what is on hand, however many orders race for the last units.
 */
/**
 * The order a movement belongs to (issue #26 §3): its id, kept on the movement so the stock history
 * links to it, and the note naming it as the store numbers it, e.g. "Fulfilled for order #1021".
 */
export interface MovementOrigin {
  orderId: string;
  note: string;
}

export interface Allocation {
  variantId: string;
  locationId: string;
  quantity: number;
}

/**
 * Placing an order: commits each line at the first active location (by fulfillment priority) that
 * can cover it. Everything that needs no lock is read first; then the levels and their products are
 * locked in one statement and written in one more, so the levels stay locked for as little as
 * possible. `variants`: the lines' stock facts when the caller read them already. `alongside`: the
 * caller's writes that depend on where stock was committed (the order's lines) or that lock a row
 * after the levels (the customer's figures), sent with the stock write — or on their own when no
 * line commits stock; they are always sent once.
 */
export async function commitForOrder(
  trx: Tx,
  actor: Actor,
  lines: { variantId: string; quantity: number }[],
  opts: {
    origin?: MovementOrigin;
    variants?: readonly StockVariant[];
    alongside?: (allocations: Allocation[]) => OperationNodeSource[];
  } = {},
): Promise<Allocation[]> {
  const nothing = async () => {
    for (const write of opts.alongside?.([]) ?? []) await sql`${write}`.execute(trx);
    return [];
  };
  const wanted = new Map<string, number>();
  for (const l of lines) wanted.set(l.variantId, (wanted.get(l.variantId) ?? 0) + l.quantity);
  const variantIds = [...wanted.keys()];
  if (!variantIds.length) return nothing();
  const known = opts.variants ?? (await findStockVariants(trx, variantIds));
  const tracked = known.filter((v) => v.trackInventory && wanted.has(v.id));
  if (!tracked.length) return nothing();
  const locations = await listLocations(trx, { activeOnly: true });
  if (!locations.length)
    throw DomainError.one('INSUFFICIENT_STOCK', 'There is no active location to take stock from.', ['lines']);
  const collections = await inventoryCollectionsSync(
    trx,
    tracked.map((v) => v.id),
  );
  const levels = await lockLevels(
    trx,
    tracked.flatMap((v) => locations.map((l) => ({ variantId: v.id, locationId: l.id }))),
    tracked.map((v) => v.id),
  );
  const allocations: Allocation[] = [];
  const errors: UserError[] = [];
  for (const v of tracked) {
    const quantity = wanted.get(v.id)!;
    const available = (locationId: string) => levelAvailable(levels.get(`${v.id}/${locationId}`)!);
    const at =
      locations.find((l) => available(l.id) >= quantity) ?? (v.allowBackorder ? locations[0] : undefined);
    if (!at) {
      const best = locations.reduce((a, b) => (available(b.id) > available(a.id) ? b : a));
      errors.push({
        field: ['lines', String(lines.findIndex((l) => l.variantId === v.id))],
        code: 'INSUFFICIENT_STOCK',
        message: `Only ${Math.max(0, available(best.id))} available at ${best.name}.`,
      });
      continue;
    }
    allocations.push({ variantId: v.id, locationId: at.id, quantity });
  }
  if (errors.length) throw new DomainError(errors);
  const guard = new Set(tracked.filter((v) => !v.allowBackorder).map((v) => v.id));
  await applyStockChanges(
    trx,
    actor,
    allocations.map((a) => ({
      variantId: a.variantId,
      locationId: a.locationId,
      onHandDelta: 0,
      committedDelta: a.quantity,
    })),
    'ORDER_COMMITTED',
    {
      note: opts.origin?.note,
      orderId: opts.origin?.orderId,
      guardAvailable: guard,
      locationNames: new Map(locations.map((l) => [l.id, l.name])),
      locked: levels,
      collections,
      alongside: opts.alongside?.(allocations),
    },
  );
  return allocations;
}

/** Cancelling: the committed units go back to available. */
export function releaseForOrder(
  trx: Tx,
  actor: Actor,
  allocations: Allocation[],
  origin?: MovementOrigin,
): Promise<void> {
  return moveUnits(trx, actor, allocations, { onHand: 0, committed: -1 }, 'ORDER_RELEASED', origin);
}

/** Fulfilling: the units leave the building (on hand and committed both go down). */
export function takeForFulfillment(
  trx: Tx,
  actor: Actor,
  allocations: Allocation[],
  origin?: MovementOrigin,
): Promise<void> {
  return moveUnits(trx, actor, allocations, { onHand: -1, committed: -1 }, 'FULFILLED', origin);
}

/** A refund with restock: the units come back on hand. */
export function restock(
  trx: Tx,
  actor: Actor,
  allocations: Allocation[],
  origin?: MovementOrigin,
): Promise<void> {
  return moveUnits(trx, actor, allocations, { onHand: 1, committed: 0 }, 'RESTOCKED', origin);
}

/**
 * Returned units kept aside as damaged (issue #31): nothing sellable moves; the level's damaged
 * count grows and a RETURN_DAMAGED movement says how many units went aside (damaged.repository).
 */
export async function keepDamaged(
  trx: Tx,
  actor: Actor,
  allocations: Allocation[],
  origin: MovementOrigin,
): Promise<void> {
  const levels = await addDamaged(
    trx,
    allocations.map((a) => ({
      ...a,
      note: `${origin.note}: ${a.quantity} unit${a.quantity === 1 ? '' : 's'} kept aside as damaged`,
    })),
    {
      staffId: actor.viewer?.staffId ?? null,
      staffName: actor.viewer ? actor.viewer.name || actor.viewer.email : null,
      orderId: origin.orderId,
    },
  );
  for (const level of levels) {
    emitEvent(trx, actor, {
      type: 'inventory_level.updated',
      subjectType: 'InventoryLevel',
      subjectId: level.id,
      version: level.version,
      payload: { variantId: level.variantId, locationId: level.locationId },
    });
  }
}

/**
 * Fulfilling from another location than the one holding the commitment: the units are released
 * where they were committed and committed where they will ship from, refused (INSUFFICIENT_STOCK)
 * when a variant that must not be oversold lacks them there. Reasons stay those of SPEC §3.
 */
export async function moveCommitment(
  trx: Tx,
  actor: Actor,
  moves: {
    variantId: string;
    fromLocationId: string;
    toLocationId: string;
    quantity: number;
    /** Where to report this move's refusal, e.g. ['input', 'lines', '0', 'quantity']. */
    field?: string[];
  }[],
  origin?: MovementOrigin,
): Promise<void> {
  const real = moves.filter((m) => m.fromLocationId !== m.toLocationId && m.quantity > 0);
  if (!real.length) return;
  const variants = await findStockVariants(
    trx,
    real.map((m) => m.variantId),
  );
  const locations = await listLocations(trx);
  await releaseForOrder(
    trx,
    actor,
    real.map((m) => ({ variantId: m.variantId, locationId: m.fromLocationId, quantity: m.quantity })),
    origin,
  );
  await applyStockChanges(
    trx,
    actor,
    real.map((m) => ({
      variantId: m.variantId,
      locationId: m.toLocationId,
      onHandDelta: 0,
      committedDelta: m.quantity,
      field: m.field,
    })),
    'ORDER_COMMITTED',
    {
      note: origin?.note,
      orderId: origin?.orderId,
      guardAvailable: new Set(variants.filter((v) => !v.allowBackorder).map((v) => v.id)),
      locationNames: new Map(locations.map((l) => [l.id, l.name])),
    },
  );
}

/** Cancelling a fulfillment: the units are back on the shelf and committed to the order again. */
export function returnFromFulfillment(
  trx: Tx,
  actor: Actor,
  allocations: Allocation[],
  origin?: MovementOrigin,
): Promise<void> {
  return moveUnits(trx, actor, allocations, { onHand: 1, committed: 1 }, 'RESTOCKED', origin);
}

/** Writes the same per-unit change (e.g. on hand −1, committed −1) for every allocation. */
async function moveUnits(
  trx: Tx,
  actor: Actor,
  allocations: Allocation[],
  perUnit: { onHand: number; committed: number },
  reason: MovementReason,
  origin?: MovementOrigin,
): Promise<void> {
  await applyStockChanges(
    trx,
    actor,
    allocations.map((a) => ({
      variantId: a.variantId,
      locationId: a.locationId,
      onHandDelta: perUnit.onHand * a.quantity,
      committedDelta: perUnit.committed * a.quantity,
    })),
    reason,
    { note: origin?.note, orderId: origin?.orderId },
  );
}

/** A change of an order's stock an edit makes (issue #32). */
export interface OrderEditStock {
  /** New lines: committed where commitForOrder commits (the first location that can take the whole line). */
  added: { variantId: string; quantity: number }[];
  /** More units of a line: committed where its stock already is; `field` names the line's quantity. */
  more: { variantId: string; locationId: string; quantity: number; field: string[] }[];
  /** Fewer units, or a line taken off: released where they are committed. */
  released: Allocation[];
}

/**
 * Where an edit's stock would go now, read without locks (orderEditCalculate): for each added line
 * the location commitForOrder would pick and the units available there; for each increase the
 * units available where the line's stock is. A variant that doesn't track stock is left out.
 */
export async function previewOrderEditStock(
  trx: Tx,
  change: Pick<OrderEditStock, 'added' | 'more'>,
): Promise<{
  added: Map<
    string,
    { locationId: string | null; available: number; best: { name: string; available: number } | null }
  >;
  more: Map<string, number>;
  tracked: Map<string, StockVariant>;
  locationNames: Map<string, string>;
}> {
  const ids = [...new Set([...change.added, ...change.more].map((l) => l.variantId))];
  const variants = (await findStockVariants(trx, ids)).filter((v) => v.trackInventory);
  const tracked = new Map(variants.map((v) => [v.id, v]));
  const locations = await listLocations(trx, { activeOnly: true });
  const levels = new Map(
    (tracked.size ? await levelsByVariantIds(trx, [...tracked.keys()]) : []).map((l) => [
      `${l.variantId}/${l.locationId}`,
      levelAvailable(l),
    ]),
  );
  const availableAt = (variantId: string, locationId: string) =>
    levels.get(`${variantId}/${locationId}`) ?? 0;
  const added = new Map<
    string,
    { locationId: string | null; available: number; best: { name: string; available: number } | null }
  >();
  for (const line of change.added) {
    const v = tracked.get(line.variantId);
    if (!v) continue;
    const at =
      locations.find((l) => availableAt(v.id, l.id) >= line.quantity) ??
      (v.allowBackorder ? locations[0] : undefined);
    const best = locations.length
      ? locations.reduce((a, b) => (availableAt(v.id, b.id) > availableAt(v.id, a.id) ? b : a))
      : null;
    added.set(line.variantId, {
      locationId: at?.id ?? null,
      available: at ? availableAt(v.id, at.id) : 0,
      best: best ? { name: best.name, available: Math.max(0, availableAt(v.id, best.id)) } : null,
    });
  }
  const more = new Map<string, number>();
  for (const line of change.more)
    more.set(`${line.variantId}/${line.locationId}`, availableAt(line.variantId, line.locationId));
  return { added, more, tracked, locationNames: new Map(locations.map((l) => [l.id, l.name])) };
}

/**
 * Applies an edit's stock (issue #32), the caller holding the order's lock: every level involved is
 * locked first in one statement, in the (variant, location) order orderCreate locks them, so edits
 * and new orders racing for the last units queue and never oversell. Then new lines commit as
 * commitForOrder commits (INSUFFICIENT_STOCK on `lines.i` of `added`), increases commit where the
 * line's stock is (INSUFFICIENT_STOCK on their field unless the variant may be oversold), and
 * decreases release (ORDER_RELEASED). Answers where the new lines were committed.
 */
export async function orderEditStock(
  trx: Tx,
  actor: Actor,
  change: OrderEditStock,
  opts: {
    origin: MovementOrigin;
    alongside?: (allocations: Allocation[]) => OperationNodeSource[];
  },
): Promise<Allocation[]> {
  const ids = [...new Set([...change.added, ...change.more, ...change.released].map((l) => l.variantId))];
  const variants = await findStockVariants(trx, ids);
  const tracked = variants.filter((v) => v.trackInventory);
  const locations = await listLocations(trx, { activeOnly: true });
  const addedIds = new Set(change.added.map((l) => l.variantId));
  await lockLevels(
    trx,
    [
      ...tracked
        .filter((v) => addedIds.has(v.id))
        .flatMap((v) => locations.map((l) => ({ variantId: v.id, locationId: l.id }))),
      ...change.more,
      ...change.released,
    ],
    tracked.map((v) => v.id),
  );
  const allocations = await commitForOrder(trx, actor, change.added, {
    origin: opts.origin,
    variants,
    alongside: opts.alongside,
  });
  const more = change.more.filter((m) => tracked.some((v) => v.id === m.variantId));
  if (more.length) {
    const names = new Map((await listLocations(trx)).map((l) => [l.id, l.name]));
    await applyStockChanges(
      trx,
      actor,
      more.map((m) => ({
        variantId: m.variantId,
        locationId: m.locationId,
        onHandDelta: 0,
        committedDelta: m.quantity,
        field: m.field,
      })),
      'ORDER_COMMITTED',
      {
        note: opts.origin.note,
        orderId: opts.origin.orderId,
        guardAvailable: new Set(tracked.filter((v) => !v.allowBackorder).map((v) => v.id)),
        locationNames: names,
      },
    );
  }
  const released = change.released.filter((r) => r.quantity > 0);
  if (released.length) await releaseForOrder(trx, actor, released, opts.origin);
  return allocations;
}
