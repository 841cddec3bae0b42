import {
  ADJUSTMENT_REASONS,
  isAdjustmentReason as isReason,
  ON_HAND_LIMIT,
  type AdjustmentReason,
} from '@stockroom/domain';
import type { InventoryAdjustmentReason, InventoryMovementReason } from '../../../gql/graphql';

const ADJUSTMENT_LABELS: Record<AdjustmentReason, string> = {
  RECEIVED: 'Received',
  CORRECTION: 'Correction (count)',
  DAMAGED: 'Damaged',
  SHRINKAGE: 'Shrinkage (lost or stolen)',
};

/** Reasons a person can give for an adjustment (the domain's list), for a select. */
export const ADJUSTMENT_REASON_OPTIONS: readonly { value: InventoryAdjustmentReason; label: string }[] =
  ADJUSTMENT_REASONS.map((value) => ({ value, label: ADJUSTMENT_LABELS[value] }));

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
  RETURN_DAMAGED: 'Returned damaged',
};

export function isAdjustmentReason(value: string | null): value is InventoryAdjustmentReason {
  return value !== null && isReason(value);
}

/** "+3", "−2", "0" with a real minus sign. */
export function signed(n: number): string {
  if (n > 0) return `+${n.toLocaleString()}`;
  if (n < 0) return `−${Math.abs(n).toLocaleString()}`;
  return '0';
}

/** A whole number typed by a person, or the reason it is not one. */
export function parseQuantity(text: string): { value: number } | { error: string } {
  const trimmed = text.trim().replace(/^−/, '-');
  if (trimmed === '') return { error: 'Enter a number.' };
  if (!/^[-+]?\d+$/.test(trimmed)) return { error: 'Enter a whole number, like 12.' };
  const value = Number(trimmed);
  if (Math.abs(value) > ON_HAND_LIMIT) {
    const limit = ON_HAND_LIMIT.toLocaleString('en-US');
    return { error: `Enter a number between −${limit} and ${limit}.` };
  }
  return { value };
}
