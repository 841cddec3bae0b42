import { decodeIdOf, DomainError, ON_HAND_LIMIT, onHandInRange, type UserError } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import { idempotent } from '../../lib/idempotency.js';
import { recordAudit } from '../audit/audit.service.js';
import { emitEvent } from '../events/events.service.js';
import {
  applyVariantPlan,
  planVariantPatches,
  variantLabel,
  type BulkFields,
  type VariantPatch,
} from '../catalog/variant-bulk.service.js';
import type { InventoryLevel } from './inventory.model.js';
import { lockLevelRows } from './level.repository.js';
import { findLocationsByIds } from './location.repository.js';
import { applyStockChanges, type LevelChange } from './stock.js';
import type { BulkCellError } from './variant-bulk.model.js';

/*
 * The bulk grid editor's save (issue #34): variants' fields (catalog checks and writes them) and
 * stock levels (set here, by the stock rules every adjustment uses), all or nothing, in one
 * transaction, as ONE audit event `variant.bulk_update` that undo reverts whole
 * (variant-bulk-revert.ts). A refused cell refuses the whole save: every cell error is answered.
 */

/** The most rows (changes + stock cells) one save takes. */
export const MAX_BULK_ROWS = 2_000;
/** The most cell errors one answer lists. */
export const MAX_BULK_ERRORS = 500;
/** The action of a save's audit event (its undo's is `variant.revert`). */
export const BULK_ACTION = 'variant.bulk_update';

export interface BulkChange extends Omit<VariantPatch, 'variantId'> {
  variantId: string;
}

export interface BulkStock {
  variantId: string;
  locationId: string;
  onHand: number;
  expectedOnHand?: number | null;
  /** Undo only: the level's version the save left (a movement since refuses the undo). */
  expectedLevelVersion?: number | null;
}

export interface BulkInput {
  changes: BulkChange[];
  stock: BulkStock[];
  idempotencyKey: string;
  allowNegativeStock: boolean;
}

/** A save's answer before its variants are read again (plain JSON: an idempotent repeat answers it). */
export interface BulkSaved {
  updatedCount: number;
  stockChangedCount: number;
  variantIds: string[];
  auditEventId: string | null;
}

/** Thrown (rolling the whole save back) when any cell is refused; the payload lists them. */
export class BulkRejected extends Error {
  constructor(readonly errors: BulkCellError[]) {
    super(`${errors.length} cells refused`);
  }
}

/** What a save's audit event records per variant and per level (undo reads it back). */
export interface BulkAuditChanges {
  variants: {
    before: Record<string, Partial<BulkFields>>;
    after: Record<string, Partial<BulkFields> & { version: number }>;
  };
  stock: {
    before: Record<string, { onHand: number }>;
    after: Record<string, { onHand: number; version: number; movementId: string }>;
  };
}

/** The checks of the request as a whole: userErrors, before anything is read. */
function checkRequest(input: Pick<BulkInput, 'changes' | 'stock'>): void {
  const total = input.changes.length + input.stock.length;
  if (!total) throw DomainError.one('INVALID', 'Nothing to save.', null);
  if (total > MAX_BULK_ROWS)
    throw DomainError.one(
      'INVALID',
      `At most ${MAX_BULK_ROWS.toLocaleString('en-US')} rows per save; this one has ${total.toLocaleString('en-US')}.`,
      null,
    );
  const errors: UserError[] = [];
  const seen = new Set<string>();
  input.changes.forEach((c, i) => {
    if (seen.has(c.variantId))
      errors.push({
        field: ['changes', String(i), 'variantId'],
        code: 'INVALID',
        message: `Row ${i + 1} changes a variant an earlier row already changes; send each variant once.`,
      });
    seen.add(c.variantId);
  });
  const levels = new Set<string>();
  input.stock.forEach((s, i) => {
    const key = `${s.variantId}/${s.locationId}`;
    if (levels.has(key))
      errors.push({
        field: ['stock', String(i)],
        code: 'INVALID',
        message: `Stock cell ${i + 1} sets a level an earlier cell already sets; send each level once.`,
      });
    levels.add(key);
  });
  if (errors.length) throw new DomainError(errors);
}

/** The grid's save: checked, then done once per idempotency key. */
export async function variantsBulkUpdate(trx: Tx, actor: Actor, input: BulkInput): Promise<BulkSaved> {
  checkRequest(input);
  const scope = `productVariantsBulkUpdate:${actor.viewer?.staffId ?? 'system'}`;
  return idempotent(
    trx,
    scope,
    input.idempotencyKey,
    { changes: input.changes, stock: input.stock, allowNegativeStock: input.allowNegativeStock },
    () =>
      saveBulk(trx, actor, input.changes, input.stock, {
        allowNegative: input.allowNegativeStock,
        note: 'Bulk edit',
      }),
    ['idempotencyKey'],
  );
}

const levelKey = (variantId: string, locationId: string) => `${variantId}/${locationId}`;

function unitsWord(n: number): string {
  return `${n.toLocaleString('en-US')} unit${n === 1 ? '' : 's'}`;
}

/**
 * Checks every cell (all problems at once, BulkRejected when any), then writes: the variants through
 * catalog, each level that changes by one CORRECTION movement noted `note`, the one audit event and
 * a `product.updated` per product whose variants changed. Ids are API IDs (from undo, stored ones).
 */
export async function saveBulk(
  trx: Tx,
  actor: Actor,
  changes: readonly BulkChange[],
  stock: readonly BulkStock[],
  opts: {
    allowNegative: boolean;
    note: string;
    /** Undo: a level may go back while its variant stops tracking stock in the same save. */
    trackedBefore?: boolean;
    /** Undo: the ids are the stored ones its event recorded, not API IDs. */
    storedIds?: boolean;
  },
): Promise<BulkSaved> {
  const errors: BulkCellError[] = [];
  const stored = (type: 'ProductVariant' | 'Location', id: string) =>
    opts.storedIds ? id : decodeIdOf(type, id);
  const patches: (VariantPatch & { index: number })[] = [];
  changes.forEach((c, index) => {
    const id = stored('ProductVariant', c.variantId);
    if (id) patches.push({ ...c, variantId: id, index });
    else
      errors.push({
        kind: 'change',
        index,
        variantId: c.variantId,
        locationId: null,
        column: 'row',
        code: 'NOT_FOUND',
        message: 'This variant does not exist.',
      });
  });
  const cells = stock.map((s, index) => ({
    ...s,
    index,
    variant: stored('ProductVariant', s.variantId),
    location: stored('Location', s.locationId),
  }));
  const plan = await planVariantPatches(
    trx,
    patches,
    cells.flatMap((c) => (c.variant ? [c.variant] : [])),
  );
  for (const p of plan.problems) {
    const patch = patches[p.index]!;
    errors.push({
      kind: 'change',
      index: patch.index,
      variantId: changes[patch.index]!.variantId,
      locationId: null,
      column: p.column,
      code: p.code,
      message: p.message,
    });
  }

  // Stock cells: checked against the variants as the save leaves them, and the levels, locked.
  const tracked = new Map([...plan.locked.values()].map((v) => [v.id, v.trackInventory]));
  for (const w of plan.writes)
    tracked.set(
      w.variant.id,
      w.fields.trackInventory || (Boolean(opts.trackedBefore) && w.variant.trackInventory),
    );
  const locations = new Map(
    (await findLocationsByIds(trx, [...new Set(cells.flatMap((c) => (c.location ? [c.location] : [])))])).map(
      (l) => [l.id, l],
    ),
  );
  const cellError = (
    c: (typeof cells)[number],
    code: BulkCellError['code'],
    message: string,
    column = 'onHand',
  ) =>
    errors.push({
      kind: 'stock',
      index: c.index,
      variantId: c.variantId,
      locationId: c.locationId,
      column,
      code,
      message,
    });
  const valid: ((typeof cells)[number] & { variant: string; location: string })[] = [];
  for (const c of cells) {
    const variant = c.variant ? plan.locked.get(c.variant) : undefined;
    const location = c.location ? locations.get(c.location) : undefined;
    if (!variant) cellError(c, 'NOT_FOUND', 'This variant does not exist.', 'row');
    else if (!location) cellError(c, 'NOT_FOUND', 'This location does not exist.', 'row');
    else if (!tracked.get(variant.id))
      cellError(
        c,
        'INVALID',
        `Stock isn't tracked for ${variantLabel(variant)}; turn on "Track inventory" first.`,
      );
    else if (!onHandInRange(c.onHand))
      cellError(
        c,
        'OUT_OF_RANGE',
        `Enter at most ${ON_HAND_LIMIT.toLocaleString('en-US')} units, more than -${ON_HAND_LIMIT.toLocaleString('en-US')}.`,
      );
    else if (c.onHand < 0 && !opts.allowNegative)
      cellError(c, 'INVALID', 'Stock below 0 needs confirmation.');
    else valid.push({ ...c, variant: variant.id, location: location.id });
  }
  const levels = new Map<string, InventoryLevel>(
    (
      await lockLevelRows(
        trx,
        valid.map((c) => ({ variantId: c.variant, locationId: c.location })),
      )
    ).map((l) => [levelKey(l.variantId, l.locationId), l]),
  );
  const moves: (LevelChange & { before: number })[] = [];
  for (const c of valid) {
    const level = levels.get(levelKey(c.variant, c.location));
    const location = locations.get(c.location)!;
    const variant = plan.locked.get(c.variant)!;
    const onHand = level?.onHand ?? 0;
    if (!level && !location.active) {
      cellError(c, 'INVALID', `${location.name} is inactive; activate it before putting stock there.`);
      continue;
    }
    if (c.expectedOnHand != null && c.expectedOnHand !== onHand) {
      const d = Math.abs(onHand - c.expectedOnHand);
      cellError(
        c,
        'STALE_VERSION',
        `${unitsWord(d)} of ${variantLabel(variant)} at ${location.name} ${d === 1 ? 'was' : 'were'} sold or moved since you loaded (${onHand.toLocaleString('en-US')} on hand now, not ${c.expectedOnHand.toLocaleString('en-US')}).`,
      );
      continue;
    }
    if (c.expectedLevelVersion != null && level?.version !== c.expectedLevelVersion) {
      cellError(
        c,
        'STALE_VERSION',
        `The stock of ${variantLabel(variant)} at ${location.name} moved since (${onHand.toLocaleString('en-US')} on hand now).`,
      );
      continue;
    }
    if (c.onHand !== onHand)
      moves.push({
        variantId: c.variant,
        locationId: c.location,
        onHandDelta: c.onHand - onHand,
        committedDelta: 0,
        expectedOnHand: onHand,
        before: onHand,
        field: ['stock', String(c.index)],
      });
  }
  if (errors.length)
    throw new BulkRejected(
      errors
        .sort((a, b) => (a.kind === b.kind ? a.index - b.index : a.kind === 'change' ? -1 : 1))
        .slice(0, MAX_BULK_ERRORS),
    );

  const variants = await applyVariantPlan(trx, plan);
  const versions = new Map(variants.map((v) => [v.id, v.version]));
  const result = moves.length
    ? await applyStockChanges(
        trx,
        actor,
        moves.map(({ before: _b, ...m }) => m),
        'CORRECTION',
        { note: opts.note, locationNames: new Map([...locations].map(([id, l]) => [id, l.name])) },
      )
    : { levels: [], movements: [] };
  if (!plan.writes.length && !result.movements.length)
    return { updatedCount: 0, stockChangedCount: 0, variantIds: [], auditEventId: null };

  const written = new Map(result.levels.map((l) => [levelKey(l.variantId, l.locationId), l]));
  const audit: BulkAuditChanges = {
    variants: {
      before: Object.fromEntries(plan.writes.map((w) => [w.variant.id, w.before])),
      after: Object.fromEntries(
        plan.writes.map((w) => [w.variant.id, { ...w.after, version: versions.get(w.variant.id)! }]),
      ),
    },
    stock: {
      before: Object.fromEntries(
        result.movements.map((m) => [
          levelKey(m.variantId, m.locationId),
          { onHand: m.onHandAfter - m.onHandDelta },
        ]),
      ),
      after: Object.fromEntries(
        result.movements.map((m) => {
          const k = levelKey(m.variantId, m.locationId);
          return [k, { onHand: m.onHandAfter, version: written.get(k)!.version, movementId: m.id }];
        }),
      ),
    },
  };
  const auditEventId = await recordAudit(trx, actor, {
    action: BULK_ACTION,
    subjectType: null,
    subjectId: null,
    changes: audit as unknown as Record<string, { before: unknown; after: unknown }>,
  });
  // Webhooks and live pages follow products: one `product.updated` per product whose variants changed.
  for (const productId of new Set(plan.writes.map((w) => w.variant.productId)))
    emitEvent(trx, actor, {
      type: 'product.updated',
      subjectType: 'Product',
      subjectId: productId,
      payload: { action: BULK_ACTION, auditEventId },
    });
  return {
    updatedCount: plan.writes.length,
    stockChangedCount: result.movements.length,
    variantIds: plan.writes.map((w) => w.variant.id),
    auditEventId,
  };
}
