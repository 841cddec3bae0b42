import { z } from 'zod';
import { COUNTRIES_WITHOUT_POSTAL_CODES, isCountryCode } from './countries.js';
import { ALWAYS, tagsSchema } from './catalog.js';
import { emailSchema } from './validation.js';

/** SPEC §5: phone numbers in E.164 (+ and 8–15 digits); spaces, dots, dashes and brackets are dropped. */
export function normalizePhone(value: string): string {
  return value.replace(/[\s().-]/g, '');
}

export const phoneSchema = z
  .string()
  .trim()
  .transform(normalizePhone)
  .refine((v) => /^\+[1-9]\d{7,14}$/.test(v), {
    message: 'Enter the number with its country code, like +1 555 010 0199.',
  });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Use at most ${max} characters.` })
    .nullish()
    .transform((v) => v || null);

/** A required text's message when it is missing altogether (null or left out), not zod's "expected string". */
const missing = (message: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? message : undefined,
});

export const countryCodeSchema = z
  .string(missing('Choose a country.'))
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { message: 'Choose a country from the list.' });

export const addressSchema = z
  .object({
    firstName: optionalText(255),
    lastName: optionalText(255),
    company: optionalText(255),
    line1: z
      .string(missing('Enter the street address.'))
      .trim()
      .min(1, { message: 'Enter the street address.' })
      .max(255, { message: 'Use at most 255 characters.' }),
    line2: optionalText(255),
    city: z
      .string(missing('Enter the city.'))
      .trim()
      .min(1, { message: 'Enter the city.' })
      .max(255, { message: 'Use at most 255 characters.' }),
    region: optionalText(255),
    postalCode: optionalText(32),
    countryCode: countryCodeSchema,
    phone: phoneSchema
      .nullish()
      .or(z.literal('').transform(() => null))
      .transform((v) => v ?? null),
  })
  .superRefine((a, ctx) => {
    if (
      !a.postalCode &&
      typeof a.countryCode === 'string' &&
      isCountryCode(a.countryCode) &&
      !COUNTRIES_WITHOUT_POSTAL_CODES.has(a.countryCode)
    ) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'Enter the postal code.' });
    }
  }, ALWAYS);

export type AddressInput = z.output<typeof addressSchema>;

/** An address's parts, in the order forms, comparisons and the audit log list them. */
export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'company',
  'line1',
  'line2',
  'city',
  'region',
  'postalCode',
  'countryCode',
  'phone',
] as const satisfies readonly (keyof z.infer<typeof addressSchema>)[];

export const CUSTOMER_STATES = ['ENABLED', 'DISABLED', 'ERASED'] as const;
export type CustomerState = (typeof CUSTOMER_STATES)[number];

export const customerSchema = z.object({
  email: emailSchema,
  firstName: optionalText(255),
  lastName: optionalText(255),
  phone: phoneSchema
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  note: optionalText(5000),
  tags: tagsSchema.default([]),
  acceptsMarketing: z.boolean().default(false),
  version: z.number().int().nullish(),
});

export type CustomerInput = z.output<typeof customerSchema>;

/** A place's address where every part is optional (store, locations): checked for shape, not completeness. */
export const looseAddressSchema = z
  .object({
    company: optionalText(255),
    line1: optionalText(255),
    line2: optionalText(255),
    city: optionalText(255),
    region: optionalText(255),
    postalCode: optionalText(32),
    countryCode: countryCodeSchema
      .nullish()
      .or(z.literal('').transform(() => null))
      .transform((v) => v ?? null),
    phone: optionalText(32),
  })
  .nullish();
