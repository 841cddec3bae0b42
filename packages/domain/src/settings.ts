import { z } from 'zod';
import { countryCodeSchema } from './customers.js';
import { emailSchema, nameSchema } from './validation.js';
import { ALWAYS, moneySchema } from './catalog.js';

export const WEIGHT_UNITS = ['G', 'KG', 'LB', 'OZ'] as const;

/** ISO 4217 codes the store can sell in. */
export const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'JPY',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'MXN',
  'BRL',
  'INR',
  'SGD',
  'HKD',
  'KRW',
  'ZAR',
  'AED',
  'KWD',
] as const;

function validTimeZone(tz: string): boolean {
  // A named IANA zone (PostgreSQL knows these too), never a bare offset such as "+05:00", which
  // PostgreSQL would read with the opposite sign.
  if (!/^(UTC|[A-Za-z]+(\/[A-Za-z0-9_+-]+)+)$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const shopSchema = z.object({
  name: nameSchema,
  contactEmail: emailSchema
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  currencyCode: z.enum(CURRENCIES, { message: `Choose one of: ${CURRENCIES.join(', ')}.` }),
  timezone: z
    .string()
    .refine(validTimeZone, { message: 'Choose a time zone from the list, like America/New_York.' }),
  weightUnit: z.enum(WEIGHT_UNITS, { message: 'Choose g, kg, lb or oz.' }),
  orderNumberPrefix: z
    .string()
    .max(10, { message: 'Use at most 10 characters.' })
    .regex(/^[^\s]*$/, { message: 'The prefix cannot contain spaces.' }),
  lowStockThreshold: z
    .number()
    .int({ message: 'Enter a whole number.' })
    .min(0, { message: 'Use 0 or more.' })
    .max(1_000_000, { message: 'Use at most 1,000,000.' }),
  pricesIncludeTax: z.boolean(),
  version: z.number().int().nullish(),
});

export const TAX_RATE_MAX = 100;

export const taxRateSchema = z.object({
  countryCode: countryCodeSchema,
  region: z
    .string()
    .trim()
    .max(255, { message: 'Use at most 255 characters.' })
    .nullish()
    .transform((v) => v || null),
  rate: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,3})?$/, { message: 'Enter a percentage with at most 3 decimals, like 8.875.' })
    .refine((v) => Number(v) <= TAX_RATE_MAX, { message: 'A tax rate is at most 100%.' }),
  name: nameSchema,
});

export function shippingZoneSchema() {
  return z.object({
    name: nameSchema,
    countries: z
      .array(z.union([z.literal('*'), countryCodeSchema]))
      .min(1, { message: 'Choose at least one country (or * for the rest of the world).' })
      .transform((c) => [...new Set(c)]),
  });
}

export function shippingRateSchema(currencyCode: string) {
  const money = moneySchema(currencyCode);
  return z
    .object({
      name: nameSchema,
      price: money,
      minSubtotal: money.nullish().transform((v) => v ?? null),
      maxSubtotal: money.nullish().transform((v) => v ?? null),
      freeAbove: money.nullish().transform((v) => v ?? null),
    })
    .superRefine((r, ctx) => {
      if (
        typeof r.minSubtotal === 'number' &&
        typeof r.maxSubtotal === 'number' &&
        r.maxSubtotal < r.minSubtotal
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['maxSubtotal'],
          message: 'The maximum must be at least the minimum.',
        });
      }
    }, ALWAYS);
}

/**
 * Tax on an amount at a percentage, in minor units, rounded half up: added on top when prices
 * exclude tax, the part already inside the amount when they include it.
 */
export function taxOn(amountMinor: number, ratePercent: string, pricesIncludeTax: boolean): number {
  // Work in thousandths of a percent so 8.875% stays exact, and in BigInt so the largest amounts of
  // three-decimal currencies (about 10^11 minor units × 10^5) stay exact past 2^53.
  const milli = BigInt(Math.round(Number(ratePercent) * 1000));
  const amount = BigInt(amountMinor);
  if (pricesIncludeTax) {
    const net = roundedDiv(amount * 100_000n, 100_000n + milli);
    return Number(amount - net);
  }
  return Number(roundedDiv(amount * milli, 100_000n));
}

/** a ÷ b rounded like Math.round (halves up), for b > 0. */
function roundedDiv(a: bigint, b: bigint): bigint {
  const twice = 2n * a + b;
  const q = twice / (2n * b);
  return twice % (2n * b) < 0n ? q - 1n : q;
}
