import {
  formatInTimeZone,
  formatMinor,
  STORE_DATE_TIME,
  validate,
  variantSchema,
  type UserErrorCode,
} from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import { lastChangesOfVariants } from '../audit/audit.service.js';
import { lockUniqueValues } from '../../lib/unique-lock.repository.js';
import { storeSettings } from '../settings/settings.service.js';
import type { Variant } from './catalog.model.js';
import { syncAutomatedCollections } from './collection.service.js';
import { refreshProductSummaries } from './product.repository.js';
import * as repo from './variant-bulk.repository.js';
import { findVariantsByIds } from './variant.repository.js';
import { variantStock } from './variant-stock.js';

/*
 * The catalog side of the bulk grid's save (issue #34): its variants locked, every cell checked by
 * the rules productUpdate checks a variant by (variantSchema, SKUs unique), then written in a few
 * statements however many rows. The stock side, the audit event and undo are inventory's
 * (modules/inventory/variant-bulk.service.ts).
 */

export type LockedVariant = repo.LockedVariant;

/** The grid's columns of a variant's own fields. */
export const BULK_COLUMNS = [
  'price',
  'compareAtPrice',
  'cost',
  'sku',
  'barcode',
  'weight',
  'trackInventory',
] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];

/** One row of the grid: a stored variant id and the fields sent (a field left out stays). */
export interface VariantPatch {
  variantId: string;
  expectedVersion: number;
  price?: string | null;
  compareAtPrice?: string | null;
  cost?: string | null;
  sku?: string | null;
  barcode?: string | null;
  weight?: number | null;
  trackInventory?: boolean | null;
}

/** A refused cell of `patches[index]`. */
export interface PatchProblem {
  index: number;
  column: BulkColumn | 'row';
  code: UserErrorCode;
  message: string;
}

/** A variant's grid fields, money in minor units (as the audit event records them). */
export interface BulkFields {
  price: number;
  compareAtPrice: number | null;
  cost: number | null;
  sku: string | null;
  barcode: string | null;
  weight: number | null;
  trackInventory: boolean;
}

export interface VariantWritePlan {
  variant: LockedVariant;
  before: Partial<BulkFields>;
  after: Partial<BulkFields>;
  fields: repo.VariantFields;
}

export interface VariantPlan {
  /** Every locked variant (the patched ones and the others asked for), by id. */
  locked: Map<string, LockedVariant>;
  writes: VariantWritePlan[];
  problems: PatchProblem[];
}

/** A variant as a person names it: "Linen shirt / M" (the product alone for its only default variant). */
export function variantLabel(v: Pick<LockedVariant, 'title' | 'productTitle'>): string {
  return v.title && v.title !== 'Default' ? `${v.productTitle} / ${v.title}` : v.productTitle;
}

const FIELD_COLUMN: Record<string, BulkColumn> = {
  price: 'price',
  compareAtPrice: 'compareAtPrice',
  costPrice: 'cost',
  sku: 'sku',
  barcode: 'barcode',
  weightGrams: 'weight',
  trackInventory: 'trackInventory',
};

function fieldsOf(v: Variant): BulkFields {
  return {
    price: v.price,
    compareAtPrice: v.compareAtPrice,
    cost: v.costPrice,
    sku: v.sku,
    barcode: v.barcode,
    weight: v.weightGrams,
    trackInventory: v.trackInventory,
  };
}

/**
 * Locks the patched variants and `alsoLock` (one statement, by id) and checks every patch: the
 * variant exists, its version is the one loaded (else who changed it, and when), every field by
 * variantSchema, SKUs unique after the whole save (a swap within it is fine). Writes nothing.
 */
export async function planVariantPatches(
  trx: Tx,
  patches: readonly VariantPatch[],
  alsoLock: readonly string[],
): Promise<VariantPlan> {
  const settings = await storeSettings(trx);
  const currency = settings.currencyCode;
  const ids = [...new Set([...patches.map((p) => p.variantId), ...alsoLock])];
  const locked = new Map((await repo.lockVariantsById(trx, ids)).map((v) => [v.id, v]));
  const problems: PatchProblem[] = [];
  const stale: { index: number; variant: LockedVariant }[] = [];
  const writes: (VariantWritePlan & { index: number })[] = [];
  const money = (minor: number | null) => (minor === null ? null : formatMinor(minor, currency));
  patches.forEach((p, index) => {
    const v = locked.get(p.variantId);
    if (!v) {
      problems.push({ index, column: 'row', code: 'NOT_FOUND', message: 'This variant no longer exists.' });
      return;
    }
    if (v.version !== p.expectedVersion) {
      stale.push({ index, variant: v });
      return;
    }
    if (p.price === null) {
      problems.push({ index, column: 'price', code: 'REQUIRED', message: 'Enter a price.' });
      return;
    }
    const given = (key: keyof VariantPatch) => p[key] !== undefined;
    const parsed = validate(variantSchema(currency), {
      sku: given('sku') ? p.sku : v.sku,
      barcode: given('barcode') ? p.barcode : v.barcode,
      price: given('price') ? p.price : money(v.price),
      compareAtPrice: given('compareAtPrice') ? p.compareAtPrice : money(v.compareAtPrice),
      costPrice: given('cost') ? p.cost : money(v.costPrice),
      weightGrams: given('weight') ? p.weight : v.weightGrams,
      trackInventory: p.trackInventory ?? v.trackInventory,
    });
    if (!parsed.ok) {
      for (const e of parsed.errors)
        problems.push({
          index,
          column: FIELD_COLUMN[e.field?.[0] ?? ''] ?? 'row',
          code: e.code,
          message: e.message,
        });
      return;
    }
    const next: BulkFields = {
      price: parsed.value.price,
      compareAtPrice: parsed.value.compareAtPrice,
      cost: parsed.value.costPrice,
      sku: parsed.value.sku,
      barcode: parsed.value.barcode,
      weight: parsed.value.weightGrams,
      trackInventory: parsed.value.trackInventory,
    };
    const now = fieldsOf(v);
    const changed = BULK_COLUMNS.filter((c) => next[c] !== now[c]);
    if (!changed.length) return;
    writes.push({
      index,
      variant: v,
      before: Object.fromEntries(changed.map((c) => [c, now[c]])),
      after: Object.fromEntries(changed.map((c) => [c, next[c]])),
      fields: {
        id: v.id,
        sku: next.sku,
        barcode: next.barcode,
        price: next.price,
        compareAtPrice: next.compareAtPrice,
        costPrice: next.cost,
        weightGrams: next.weight,
        trackInventory: next.trackInventory,
      },
    });
  });
  problems.push(...(await skuProblems(trx, writes)));
  if (stale.length) {
    const last = await lastChangesOfVariants(
      trx,
      stale.map((s) => ({ variantId: s.variant.id, productId: s.variant.productId })),
    );
    for (const { index, variant } of stale) {
      const change = last.get(variant.id);
      const who = change
        ? (change.actorName ?? (change.actorType === 'system' ? 'Stockroom itself' : 'Someone'))
        : null;
      problems.push({
        index,
        column: 'row',
        code: 'STALE_VERSION',
        message: change
          ? `${variantLabel(variant)} was changed by ${who} on ${formatInTimeZone(change.createdAt, settings.timezone, STORE_DATE_TIME)}, after you loaded it.`
          : `Someone else changed ${variantLabel(variant)} since you loaded it.`,
      });
    }
  }
  return { locked, writes, problems: problems.sort((a, b) => a.index - b.index) };
}

/** SKUs the save gives: TAKEN where another variant keeps it, or another row of the save gives it too. */
async function skuProblems(
  trx: Tx,
  writes: readonly (VariantWritePlan & { index: number })[],
): Promise<PatchProblem[]> {
  const moving = writes.filter((w) => 'sku' in w.after);
  const given = moving.filter((w) => w.fields.sku);
  if (!given.length) return [];
  const skus = given.map((w) => w.fields.sku!);
  await lockUniqueValues(trx, 'sku', skus);
  const holders = await repo.skuHolders(
    trx,
    skus,
    moving.map((w) => w.variant.id),
  );
  const problems: PatchProblem[] = [];
  for (const w of given) {
    const sku = w.fields.sku!;
    const twin = given.find((o) => o !== w && o.fields.sku!.toLowerCase() === sku.toLowerCase());
    const holder = holders.find((h) => h.sku?.toLowerCase() === sku.toLowerCase());
    if (twin)
      problems.push({
        index: w.index,
        column: 'sku',
        code: 'TAKEN',
        message: `SKU ${sku} is also given to ${variantLabel(twin.variant)} in this save.`,
      });
    else if (holder)
      problems.push({
        index: w.index,
        column: 'sku',
        code: 'TAKEN',
        message: `SKU ${sku} is already used by ${variantLabel(holder)}.`,
      });
  }
  return problems;
}

/**
 * Writes a checked plan: the variants' fields (versions bumped), a level at every active location
 * for variants that begin to track stock, their products' summaries (price range, search text),
 * versions and automated collections. Answers the variants as they are now.
 */
export async function applyVariantPlan(trx: Tx, plan: VariantPlan): Promise<Variant[]> {
  if (!plan.writes.length) return [];
  await repo.writeVariantFields(
    trx,
    plan.writes.map((w) => w.fields),
    plan.writes.filter((w) => 'sku' in w.after && w.variant.sku !== null).map((w) => w.variant.id),
  );
  const tracking = plan.writes.filter((w) => w.after.trackInventory === true).map((w) => w.variant.id);
  if (tracking.length) await variantStock().ensureLevels(trx, tracking);
  const products = [...new Set(plan.writes.map((w) => w.variant.productId))];
  await refreshProductSummaries(trx, products);
  await repo.touchProducts(trx, products);
  await syncAutomatedCollections(trx, products);
  return findVariantsByIds(
    trx,
    plan.writes.map((w) => w.variant.id),
  );
}
