import { formatMinor, parseMoney } from '@stockroom/domain';
import { z } from 'zod';

/** An amount of the API ({ amount: "12.50", currencyCode }) in minor units; 0 when unreadable. */
export function minorOf(money: { amount: string; currencyCode: string }): number {
  return parseMoney(money.amount, money.currencyCode) ?? 0;
}

/** What a cancel could give back: paid and not yet refunded. */
export function refundableMinor(order: {
  totalPaid: { amount: string; currencyCode: string };
  totalRefunded: { amount: string; currencyCode: string };
}): number {
  return Math.max(0, minorOf(order.totalPaid) - minorOf(order.totalRefunded));
}

/** Capture: an amount in the order's currency, more than 0 and at most what is still authorized. */
export function captureSchema(currencyCode: string, capturableMinor: number) {
  const most = formatMinor(capturableMinor, currencyCode);
  return z.object({
    amount: z
      .string()
      .trim()
      .min(1, { message: 'Enter the amount to capture.' })
      .superRefine((value, ctx) => {
        const minor = parseMoney(value, currencyCode);
        if (minor === null) ctx.addIssue({ code: 'custom', message: `Enter an amount like ${most}.` });
        else if (minor === 0) ctx.addIssue({ code: 'custom', message: 'Capture more than 0.' });
        else if (minor > capturableMinor)
          ctx.addIssue({ code: 'custom', message: `At most ${most} is still authorized.` });
      }),
  });
}

export const markPaidSchema = z.object({
  reference: z.string().trim().max(255, { message: 'Use at most 255 characters.' }),
});

export const cancelSchema = z.object({
  reason: z.string().trim().max(500, { message: 'Use at most 500 characters.' }),
  refund: z.boolean(),
});
