/**
 * Stock arithmetic of SPEC §3–§5, one definition for the server (resolvers, services, SQL search)
 * and the admin's forms.
 */

/** Reasons a person may give for an adjustment; the others are written by orders, transfers and imports. */
export const ADJUSTMENT_REASONS = ['RECEIVED', 'CORRECTION', 'DAMAGED', 'SHRINKAGE'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

/** Every reason a movement of the ledger can have. */
export const MOVEMENT_REASONS = [
  'RECEIVED',
  'CORRECTION',
  'DAMAGED',
  'SHRINKAGE',
  'TRANSFER',
  'ORDER_COMMITTED',
  'ORDER_RELEASED',
  'FULFILLED',
  'RESTOCKED',
  'IMPORT',
  /** A returned unit kept aside as damaged: no sellable stock moves; the level's damaged count grows. */
  'RETURN_DAMAGED',
] as const;
export type MovementReason = (typeof MOVEMENT_REASONS)[number];

/** At most this many levels change in one adjustment. */
export const MAX_ADJUSTMENTS = 250;
/** SPEC §5: on hand stays within ±1,000,000,000 after any change. */
export const ON_HAND_LIMIT = 1_000_000_000;
/** The largest quantity one transfer moves. */
export const MAX_TRANSFER = ON_HAND_LIMIT;
/** The store's default low-stock threshold (SPEC §9). */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** Units that can still be sold: on hand less what open orders reserved. */
export function available(level: { onHand: number; committed: number }): number {
  return level.onHand - level.committed;
}

/** The same rule as SQL, over a level's columns (for search and sorting). */
export const AVAILABLE_SQL = (alias: string) => `(${alias}.on_hand - ${alias}.committed)`;

/** The threshold in force: the variant's override, else the store's. */
export function lowStockThreshold(
  variantThreshold: number | null | undefined,
  storeThreshold: number,
): number {
  return variantThreshold ?? storeThreshold;
}

/**
 * Whether a location stocks a variant (SPEC §10): its level holds or owes units, or has ever moved
 * (received, adjusted, transferred, sold, imported …). A level made automatically at zero for every
 * location (issue #16) that nothing ever moved is "not stocked here", never low stock.
 */
export function isStocked(level: { onHand: number; committed: number; hasMovements: boolean }): boolean {
  return level.onHand !== 0 || level.committed !== 0 || level.hasMovements;
}

/** The same rule as SQL, over a level's columns and the ledger (`inventory_movements`). */
export const STOCKED_SQL = (alias: string) =>
  `(${alias}.on_hand <> 0 or ${alias}.committed <> 0 or exists (select 1 from inventory_movements stocked_m where stocked_m.variant_id = ${alias}.variant_id and stocked_m.location_id = ${alias}.location_id))`;

/**
 * Low stock: available at or below the threshold in force, at a location that stocks the variant
 * (`stocked`, see isStocked; the variant tracks stock, or it has no levels to ask about).
 */
export function isLowStock(
  availableUnits: number,
  variantThreshold: number | null | undefined,
  storeThreshold: number,
  stocked = true,
): boolean {
  return stocked && availableUnits <= lowStockThreshold(variantThreshold, storeThreshold);
}

/** What Home and Inventory say low stock counts, in a merchant's words. */
export const LOW_STOCK_RULE =
  'Tracked variants at or below their low-stock threshold (the variant’s, else the store’s), at each location that stocks them. A location where an item was never received, adjusted or sold doesn’t count it.';

/** Whether on hand may end at this value. */
export function onHandInRange(onHand: number): boolean {
  return Number.isInteger(onHand) && onHand >= -ON_HAND_LIMIT && onHand <= ON_HAND_LIMIT;
}

/** Whether a transfer quantity is allowed. */
export function transferQuantityValid(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_TRANSFER;
}

export function isAdjustmentReason(reason: string): reason is AdjustmentReason {
  return (ADJUSTMENT_REASONS as readonly string[]).includes(reason);
}
