import type { DiscountAppliesTo } from '../../../gql/graphql';

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
