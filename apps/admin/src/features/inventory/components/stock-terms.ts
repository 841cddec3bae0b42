import type { InventoryAdjustmentReason, InventoryMovementReason } from '../../../gql/graphql';

/** Reasons a person can give for an adjustment, in the order the select offers them. */
export const ADJUSTMENT_REASONS: readonly { value: InventoryAdjustmentReason; label: string }[] = [
  { value: 'CORRECTION', label: 'Correction (count)' },
  { value: 'RECEIVED', label: 'Received' },
  { value: 'DAMAGED', label: 'Damaged' },
  { value: 'SHRINKAGE', label: 'Shrinkage (lost or stolen)' },
];

export const MOVEMENT_REASON_LABELS: Record<InventoryMovementReason, string> = {
  CORRECTION: 'Correction',
  RECEIVED: 'Received',
  DAMAGED: 'Damaged',
  SHRINKAGE: 'Shrinkage',
  TRANSFER: 'Transfer',
  ORDER_COMMITTED: 'Order committed',
  ORDER_RELEASED: 'Order released',
  FULFILLED: 'Fulfilled',
  RESTOCKED: 'Restocked',
  IMPORT: 'Import',
};

export function isAdjustmentReason(value: string | null): value is InventoryAdjustmentReason {
  return ADJUSTMENT_REASONS.some((r) => r.value === value);
}

/** "+3", "−2", "0" with a real minus sign. */
export function signed(n: number): string {
  if (n > 0) return `+${n.toLocaleString()}`;
  if (n < 0) return `−${Math.abs(n).toLocaleString()}`;
  return '0';
}

/** SPEC §5: the resulting on-hand quantity stays within ±1,000,000,000. */
export const ON_HAND_LIMIT = 1_000_000_000;

/** A whole number typed by a person, or the reason it is not one. */
export function parseQuantity(text: string): { value: number } | { error: string } {
  const trimmed = text.trim().replace(/^−/, '-');
  if (trimmed === '') return { error: 'Enter a number.' };
  if (!/^[-+]?\d+$/.test(trimmed)) return { error: 'Enter a whole number, like 12.' };
  const value = Number(trimmed);
  if (Math.abs(value) > ON_HAND_LIMIT)
    return { error: 'Enter a number between −1,000,000,000 and 1,000,000,000.' };
  return { value };
}
