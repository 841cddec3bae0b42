import { ADJUSTMENT_REASONS, MAX_TRANSFER, transferQuantityValid } from '@stockroom/domain';
import { z } from 'zod';
import type { InventoryAdjustmentReason } from '../../../gql/graphql';
import { parseQuantity } from './stock-terms';

/** A whole number as a person types it ("12", "-2", "−2"), within the on-hand limits of stock.ts. */
const quantityText = z.string().superRefine((text, ctx) => {
  const parsed = parseQuantity(text);
  if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
});

const reason = z.enum(ADJUSTMENT_REASONS, { message: 'Choose a reason.' });

/** The count of one level: what on hand is now, and why it differs. */
export interface CountValues {
  onHand: string;
  reason: InventoryAdjustmentReason;
}

export const countSchema = z.object({ onHand: quantityText, reason });

/** The same change at every selected level. */
export interface AdjustValues {
  delta: string;
  reason: InventoryAdjustmentReason;
}

export const adjustSchema = z.object({
  delta: quantityText.refine(
    (text) => {
      const parsed = parseQuantity(text);
      return !('value' in parsed && parsed.value === 0);
    },
    {
      message: 'Enter a change other than 0, like 5 or -2.',
    },
  ),
  reason,
});

export const NOTE_MAX = 1000;

export interface TransferValues {
  toLocationId: string;
  /** As the number input holds it: a number, or '' while empty. */
  quantity: number | string;
  note: string;
}

/** A transfer from a level with this many available: every problem at once, in the words shown under each field. */
export function transferSchema(available: number, fromName: string) {
  return z.object({
    toLocationId: z.string().min(1, { message: 'Choose where the stock goes.' }),
    quantity: z.unknown().superRefine((value, ctx) => {
      const q = typeof value === 'number' ? value : Number.NaN;
      const say = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (!Number.isFinite(q) || q < 1) say('Enter a quantity of at least 1.');
      else if (!Number.isInteger(q)) say('Enter whole units, like 5.');
      else if (q > available) say(`Only ${available.toLocaleString()} available at ${fromName}.`);
      else if (!transferQuantityValid(q)) say(`Move at most ${MAX_TRANSFER.toLocaleString()} at once.`);
    }),
    note: z.string().max(NOTE_MAX, { message: `Use at most ${NOTE_MAX.toLocaleString()} characters.` }),
  });
}
