/** Sizes, rhythms and wording of the demo orders (seed/orders.ts). */

export const ORDERS_BY_SCALE = { small: 2_000, medium: 50_000, large: 1_000_000 } as const;

/**
 * How far back orders go. Longer for bigger stores, but never much past the catalog's own age
 * (products are 1–400 days old): an order can only hold what existed when it was placed.
 */
export const DAYS_BY_SCALE = { small: 120, medium: 180, large: 180 } as const;

/** Orders per weekday relative to the average, Sunday first (people shop online early in the week). */
export const WEEKDAY_WEIGHT: readonly number[] = [0.85, 1.15, 1.1, 1.05, 1.0, 0.9, 0.75];

/** Orders per local hour: quiet at night, busy at lunch and in the evening. */
export const HOUR_WEIGHT: readonly number[] = [
  0.3, 0.2, 0.1, 0.1, 0.1, 0.2, 0.5, 0.9, 1.2, 1.4, 1.5, 1.6, 1.9, 1.7, 1.5, 1.4, 1.4, 1.5, 1.7, 2.0, 2.1,
  1.9, 1.3, 0.7,
];

/** The store is in New York; close enough to place the day's rhythm without a time zone library. */
export const STORE_UTC_OFFSET_HOURS = -5;

export const NOTES = [
  'Please leave the parcel with the neighbour if nobody is home.',
  'Gift: no prices on the packing slip, please.',
  'Customer asked for everything in one box.',
  'Deliver after 5 pm.',
  'Customer called to confirm the address.',
  'Fragile: double-box the ceramics.',
  'Birthday present, ships before Friday if possible.',
  'Repeat customer, add a thank-you card.',
];

export const GIFT_NOTES = ['Gift wrap, please.', 'Gift: no prices on the packing slip, please.'];

export const CANCEL_REASONS = [
  'Customer changed their mind',
  'Payment declined',
  'Duplicate order',
  'Suspected fraud',
  'Customer ordered the wrong size',
  'Shipping address could not be verified',
];

/** Who ships where: domestic parcels go with US carriers, the rest with international ones. */
export const CARRIERS_BY_COUNTRY: Record<string, readonly string[]> = {
  US: ['UPS', 'USPS', 'FedEx'],
  GB: ['Royal Mail', 'DHL'],
  '*': ['DHL', 'FedEx', 'UPS'],
};

export const GUEST_FIRST = ['Hannah', 'Marco', 'Yuki', 'Daniel', 'Lea', 'Samir', 'Elena', 'Tomás', 'Grace'];
export const GUEST_LAST = [
  'Berg',
  'Ferreira',
  'Sato',
  'Murphy',
  'Weber',
  'Haddad',
  'Ivanova',
  'Lopez',
  'Quinn',
];

/** A tracking number in the carrier's own format, so the links look right. */
export function trackingNumber(carrier: string, n: () => number): string {
  const digits = (count: number) => Array.from({ length: count }, () => Math.floor(n() * 10)).join('');
  switch (carrier) {
    case 'UPS':
      return `1Z${digits(6)}03${digits(8)}`;
    case 'USPS':
      return `9400${digits(18)}`;
    case 'FedEx':
      return digits(12);
    case 'Royal Mail':
      return `RM${digits(9)}GB`;
    default:
      return digits(10);
  }
}
