import {
  ADJUSTMENT_REASONS,
  decodeIdOf,
  isAdjustmentReason,
  MAX_ADJUSTMENTS,
  ON_HAND_LIMIT,
  transferQuantityValid,
  DomainError,
} from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { MovementReason, UserError } from '@stockroom/domain';
import type { Actor } from '../../actor.js';
import { idempotent } from '../../lib/idempotency.js';
import { uuidv7 } from '../../lib/uuid.js';
import { recordAudit } from '../audit/audit.service.js';
import { ensureLevelsOfVariants, findStockVariants } from './level.repository.js';
import { findLocationsByIds } from './location.repository.js';
import { applyStockChanges, lockLevels, type LevelChange, type StockResult } from './stock.js';
import type { StartingStockArrival } from '../catalog/variant-stock.js';

export interface AdjustmentInput {
  variantId: string;
  locationId: string;
  delta?: number | null;
  setOnHand?: number | null;
  expectedOnHand?: number | null;
}

/** The plain result kept for idempotent replays: which levels changed and the movements written. */
export interface StockOutcome {
  levels: { variantId: string; locationId: string }[];
  movementIds: string[];
}

interface Resolved {
  variantId: string;
  locationId: string;
  field: string[];
}

/** Decodes and checks variant and location IDs: tracked variants, existing (and, when asked, active) locations. */
async function resolveTargets(
  trx: Tx,
  items: { variantId: string; locationId: string }[],
  /** The userError path of item i's field (SPEC §7.2 paths start at the argument, e.g. ["input", …]). */
  fieldOf: (i: number, key: 'variantId' | 'locationId' | null) => string[],
  requireActive: boolean,
): Promise<{ resolved: Resolved[]; locationNames: Map<string, string> }> {
  const errors: UserError[] = [];
  const decoded = items.map((item, i) => ({
    variantId: decodeIdOf('ProductVariant', item.variantId),
    locationId: decodeIdOf('Location', item.locationId),
    field: fieldOf(i, null),
    variantField: fieldOf(i, 'variantId'),
    locationField: fieldOf(i, 'locationId'),
  }));
  const variantIds = [...new Set(decoded.map((d) => d.variantId).filter((v): v is string => Boolean(v)))];
  const locationIds = [...new Set(decoded.map((d) => d.locationId).filter((v): v is string => Boolean(v)))];
  const variants = await findStockVariants(trx, variantIds);
  const locations = await findLocationsByIds(trx, locationIds);
  const resolved: Resolved[] = [];
  for (const d of decoded) {
    const variant = variants.find((v) => v.id === d.variantId);
    const location = locations.find((l) => l.id === d.locationId);
    if (!variant)
      errors.push({ field: d.variantField, code: 'INVALID', message: 'This variant does not exist.' });
    else if (!variant.trackInventory) {
      errors.push({
        field: d.variantField,
        code: 'INVALID',
        message: `${variant.sku ?? variant.title} does not track stock; turn on "Track inventory" first.`,
      });
    }
    if (!location)
      errors.push({ field: d.locationField, code: 'INVALID', message: 'This location does not exist.' });
    else if (requireActive && !location.active) {
      errors.push({
        field: d.locationField,
        code: 'INVALID',
        message: `${location.name} is inactive; activate it before moving stock there.`,
      });
    }
    if (variant && location)
      resolved.push({ variantId: variant.id, locationId: location.id, field: d.field });
  }
  if (errors.length) throw new DomainError(errors);
  return { resolved, locationNames: new Map(locations.map((l) => [l.id, l.name])) };
}

async function auditLevels(
  trx: Tx,
  actor: Actor,
  action: string,
  result: StockResult,
  extra: Record<string, unknown> = {},
) {
  for (const m of result.movements) {
    await recordAudit(trx, actor, {
      action,
      subjectType: 'ProductVariant',
      subjectId: m.variantId,
      changes: {
        onHand: { before: m.onHandAfter - m.onHandDelta, after: m.onHandAfter },
        location: { before: null, after: m.locationId },
        reason: { before: null, after: m.reason },
        // The ledger's entry: what undoing an import's count checks nothing came after.
        movement: { before: null, after: m.id },
        ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, { before: null, after: v }])),
      },
    });
  }
}

function outcome(result: StockResult): StockOutcome {
  return {
    levels: result.levels.map((l) => ({ variantId: l.variantId, locationId: l.locationId })),
    movementIds: result.movements.map((m) => m.id),
  };
}

/**
 * Adjusts on-hand stock: by a delta, or to a count (`setOnHand`), optionally only if on hand is
 * still `expectedOnHand`. One reason for all; all changes or none.
 */
export async function inventoryAdjust(
  trx: Tx,
  actor: Actor,
  input: { reason: string; note?: string | null; changes: AdjustmentInput[]; idempotencyKey?: string | null },
): Promise<StockOutcome> {
  const errors: UserError[] = [];
  if (!isAdjustmentReason(input.reason)) {
    errors.push({
      field: ['input', 'reason'],
      code: 'REQUIRED',
      message: `Choose a reason: ${ADJUSTMENT_REASONS.map((r) => r.toLowerCase()).join(', ')}.`,
    });
  }
  if (!input.changes.length)
    errors.push({
      field: ['input', 'changes'],
      code: 'REQUIRED',
      message: 'Choose at least one stock level to adjust.',
    });
  if (input.changes.length > MAX_ADJUSTMENTS)
    errors.push({
      field: ['input', 'changes'],
      code: 'LIMIT_EXCEEDED',
      message: `Adjust at most ${MAX_ADJUSTMENTS} levels at once.`,
    });
  if ((input.note ?? '').length > 1000)
    errors.push({ field: ['input', 'note'], code: 'TOO_LONG', message: 'Use at most 1,000 characters.' });
  // The widest change that can still end within ±ON_HAND_LIMIT; the stock rules check the result.
  const widest = 2 * ON_HAND_LIMIT;
  input.changes.forEach((c, i) => {
    const hasDelta = c.delta != null;
    const hasSet = c.setOnHand != null;
    if (hasDelta === hasSet)
      errors.push({
        field: ['input', 'changes', String(i)],
        code: 'INVALID',
        message: 'Give either a change (delta) or a new count (setOnHand).',
      });
    for (const [name, v] of [
      ['delta', c.delta],
      ['setOnHand', c.setOnHand],
    ] as const) {
      if (v != null && (!Number.isInteger(v) || Math.abs(v) > widest)) {
        errors.push({
          field: ['input', 'changes', String(i), name],
          code: 'INVALID',
          message: 'Enter a whole number.',
        });
      }
    }
  });
  if (errors.length) throw new DomainError(errors);
  const scope = `inventoryAdjust:${actor.viewer?.staffId ?? 'system'}`;
  return idempotent(trx, scope, input.idempotencyKey, { ...input, idempotencyKey: undefined }, async () => {
    const { resolved, locationNames } = await resolveTargets(
      trx,
      input.changes,
      (i, key) => ['input', 'changes', String(i), ...(key ? [key] : [])],
      false,
    );
    // For "set to", the delta depends on the locked level; read it after locking.
    const levels = await lockLevels(trx, resolved);
    const changes: LevelChange[] = resolved.map((r, i) => {
      const c = input.changes[i]!;
      const current = levels.get(`${r.variantId}/${r.locationId}`)!.onHand;
      return {
        variantId: r.variantId,
        locationId: r.locationId,
        onHandDelta: c.setOnHand != null ? c.setOnHand - current : c.delta!,
        committedDelta: 0,
        expectedOnHand: c.expectedOnHand,
        field: r.field,
      };
    });
    const result = await applyStockChanges(trx, actor, changes, input.reason as MovementReason, {
      note: input.note,
      locationNames,
    });
    await auditLevels(trx, actor, 'inventory.adjust', result, input.note ? { note: input.note } : {});
    return outcome(result);
  });
}

/**
 * Puts a level's on hand back to what it was before an import set it, by a new IMPORT movement
 * noted "Import undone", if on hand is still what the import left (else STALE_VERSION).
 */
export async function inventoryImportUndo(
  trx: Tx,
  actor: Actor,
  input: { variantId: string; locationId: string; onHand: number; expectedOnHand: number },
): Promise<StockOutcome> {
  const changes: LevelChange[] = [
    {
      variantId: input.variantId,
      locationId: input.locationId,
      onHandDelta: input.onHand - input.expectedOnHand,
      committedDelta: 0,
      expectedOnHand: input.expectedOnHand,
    },
  ];
  const result = await applyStockChanges(trx, actor, changes, 'IMPORT', {
    note: 'Import undone',
    locationNames: await locationNameMap(trx, [input.locationId]),
  });
  await auditLevels(trx, actor, 'inventory.adjust', result, { note: 'Import undone' });
  return outcome(result);
}

/** Moves available units between two locations: both sides or neither. The target must be active. */
export async function inventoryTransfer(
  trx: Tx,
  actor: Actor,
  input: {
    variantId: string;
    fromLocationId: string;
    toLocationId: string;
    quantity: number;
    note?: string | null;
    idempotencyKey?: string | null;
  },
): Promise<StockOutcome> {
  if (!transferQuantityValid(input.quantity)) {
    throw DomainError.one('OUT_OF_RANGE', 'Transfer 1 or more whole units.', ['input', 'quantity']);
  }
  if (input.fromLocationId === input.toLocationId)
    throw DomainError.one('INVALID', 'Choose two different locations.', ['input', 'toLocationId']);
  const scope = `inventoryTransfer:${actor.viewer?.staffId ?? 'system'}`;
  return idempotent(trx, scope, input.idempotencyKey, { ...input, idempotencyKey: undefined }, async () => {
    const {
      resolved: [from],
    } = await resolveTargets(
      trx,
      [{ variantId: input.variantId, locationId: input.fromLocationId }],
      (_i, key) => ['input', key === 'variantId' ? 'variantId' : 'fromLocationId'],
      false,
    );
    const {
      resolved: [to],
      locationNames,
    } = await resolveTargets(
      trx,
      [{ variantId: input.variantId, locationId: input.toLocationId }],
      (_i, key) => ['input', key === 'variantId' ? 'variantId' : 'toLocationId'],
      true,
    );
    const names = new Map([...locationNames, ...(await locationNameMap(trx, [from!.locationId]))]);
    const result = await applyStockChanges(
      trx,
      actor,
      [
        {
          variantId: from!.variantId,
          locationId: from!.locationId,
          onHandDelta: -input.quantity,
          committedDelta: 0,
          field: ['input', 'quantity'],
        },
        {
          variantId: to!.variantId,
          locationId: to!.locationId,
          onHandDelta: input.quantity,
          committedDelta: 0,
          field: ['input', 'quantity'],
        },
      ],
      'TRANSFER',
      {
        note: input.note,
        transferId: uuidv7(),
        guardAvailable: new Set([from!.variantId]),
        locationNames: names,
      },
    );
    await auditLevels(trx, actor, 'inventory.transfer', result, { quantity: input.quantity });
    return outcome(result);
  });
}

async function locationNameMap(trx: Tx, ids: string[]): Promise<Map<string, string>> {
  const rows = await findLocationsByIds(trx, ids);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Gives these variants (the ones that track stock) a level at zero at every active location where they have none. */
export function ensureVariantLevels(trx: Tx, variantIds: readonly string[]): Promise<void> {
  return ensureLevelsOfVariants(trx, variantIds);
}

/** How many starting-stock entries one variant may carry (one per location; stores have a few). */
export const MAX_STARTING_STOCK_ENTRIES = 100;

/**
 * Receives the starting stock of variants just made, in the command that makes them: one RECEIVED
 * movement noted "Starting stock" per location with units, all checked first (existing, active
 * locations; whole numbers from 0; each location once; only variants that track stock).
 */
export async function receiveStartingStock(
  trx: Tx,
  actor: Actor,
  items: StartingStockArrival[],
): Promise<void> {
  const errors: UserError[] = [];
  const wanted = items.filter((item) => item.stock.length);
  if (!wanted.length) return;
  const locationIds = new Set<string>();
  for (const item of wanted) {
    if (item.stock.length > MAX_STARTING_STOCK_ENTRIES) {
      errors.push({
        field: [...item.field, 'startingStock'],
        code: 'LIMIT_EXCEEDED',
        message: `Give starting stock for at most ${MAX_STARTING_STOCK_ENTRIES} locations.`,
      });
      continue;
    }
    for (const s of item.stock) {
      const id = decodeIdOf('Location', s.locationId);
      if (id) locationIds.add(id);
    }
  }
  const locations = new Map((await findLocationsByIds(trx, [...locationIds])).map((l) => [l.id, l]));
  const changes: LevelChange[] = [];
  for (const item of wanted) {
    if (item.stock.length > MAX_STARTING_STOCK_ENTRIES) continue;
    const seen = new Set<string>();
    item.stock.forEach((s, j) => {
      const field = [...item.field, 'startingStock', String(j)];
      const id = decodeIdOf('Location', s.locationId);
      const location = id ? locations.get(id) : undefined;
      if (!location) {
        errors.push({
          field: [...field, 'locationId'],
          code: 'INVALID',
          message: 'This location does not exist.',
        });
        return;
      }
      if (!Number.isInteger(s.quantity) || s.quantity < 0 || s.quantity > ON_HAND_LIMIT) {
        errors.push({
          field: [...field, 'quantity'],
          code: 'INVALID',
          message: `Enter a whole number from 0 to ${ON_HAND_LIMIT.toLocaleString('en-US')}.`,
        });
        return;
      }
      if (seen.has(location.id)) {
        errors.push({
          field: [...field, 'locationId'],
          code: 'INVALID',
          message: `${location.name} is listed twice; give its starting stock once.`,
        });
        return;
      }
      seen.add(location.id);
      if (s.quantity === 0) return;
      if (!location.active) {
        errors.push({
          field: [...field, 'locationId'],
          code: 'INVALID',
          message: `${location.name} is inactive; activate it before receiving stock there.`,
        });
        return;
      }
      if (!item.tracked) {
        errors.push({
          field: [...field, 'quantity'],
          code: 'INVALID',
          message: 'This variant does not track stock; turn on "Track inventory" to give it starting stock.',
        });
        return;
      }
      changes.push({
        variantId: item.variantId,
        locationId: location.id,
        onHandDelta: s.quantity,
        committedDelta: 0,
        field: [...field, 'quantity'],
      });
    });
  }
  if (errors.length) throw new DomainError(errors);
  if (!changes.length) return;
  const result = await applyStockChanges(trx, actor, changes, 'RECEIVED', {
    note: 'Starting stock',
    locationNames: new Map([...locations.values()].map((l) => [l.id, l.name])),
  });
  await auditLevels(trx, actor, 'inventory.adjust', result, { note: 'Starting stock' });
}
