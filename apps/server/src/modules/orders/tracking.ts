/**
 * Tracking links for the carriers most stores ship with, so staff type a tracking number and the
 * customer-facing link follows. Pure: no I/O, the same answer for the same carrier and number.
 */

export interface KnownCarrier {
  /** The name stored and shown, e.g. "FedEx". */
  name: string;
  /** Ways staff write it, compared without case, spaces, dots or hyphens. */
  aliases: readonly string[];
  url: (trackingNumber: string) => string;
}

export const KNOWN_CARRIERS: readonly KnownCarrier[] = [
  {
    name: 'UPS',
    aliases: ['ups', 'unitedparcelservice'],
    url: (n) => `https://www.ups.com/track?tracknum=${n}`,
  },
  {
    name: 'USPS',
    aliases: ['usps', 'unitedstatespostalservice', 'uspostalservice'],
    url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  },
  {
    name: 'FedEx',
    aliases: ['fedex', 'federalexpress'],
    url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  },
  {
    name: 'DHL',
    aliases: ['dhl', 'dhlexpress'],
    url: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
  },
  {
    name: 'Royal Mail',
    aliases: ['royalmail'],
    url: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
  },
];

const squash = (s: string) => s.toLowerCase().replace(/[\s.\-_]/g, '');

/** The known carrier this name means ("fed ex", "ROYAL MAIL" …), or null for any other carrier. */
export function knownCarrier(carrier: string | null | undefined): KnownCarrier | null {
  if (!carrier) return null;
  const key = squash(carrier);
  return KNOWN_CARRIERS.find((c) => c.aliases.includes(key)) ?? null;
}

/**
 * The carrier's own name for a known carrier (so lists group "ups" and "UPS" together), else the
 * name as typed, trimmed; null when empty.
 */
export function carrierName(carrier: string | null | undefined): string | null {
  const trimmed = carrier?.trim();
  if (!trimmed) return null;
  return knownCarrier(trimmed)?.name ?? trimmed;
}

/**
 * The tracking page of a known carrier for this number; null for unknown carriers or no number.
 * Spaces inside a number (as printed on labels) are dropped, the rest is URL-encoded.
 */
export function trackingUrlFor(
  carrier: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  const known = knownCarrier(carrier);
  const number = trackingNumber?.replace(/\s+/g, '');
  if (!known || !number) return null;
  return known.url(encodeURIComponent(number));
}
