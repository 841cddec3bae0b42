import type { DiscountAppliesTo, DiscountKind } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';

export const APPLIES_TO_LABEL: Record<DiscountAppliesTo, string> = {
  ALL: 'All products',
  PRODUCTS: 'Specific products',
  COLLECTIONS: 'Specific collections',
};

/** "3 of 100 used", "12 used", "Not used yet". */
export function usageText(count: number, limit: number | null | undefined): string {
  if (limit) return `${count.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} used`;
  return count ? `${count.toLocaleString('en-US')} used` : 'Not used yet';
}

/**
 * "15% off", "$20.00 off", "Free shipping": a fixed amount in the money format of the rest of the
 * admin (the server's summary spells "20.00 USD off").
 */
export function discountSummary(d: {
  kind: DiscountKind;
  summary: string;
  amount?: { amount: string; currencyCode: string } | null;
}): string {
  return d.kind === 'FIXED_AMOUNT' && d.amount ? `${formatMoney(d.amount)} off` : d.summary;
}
