/**
 * Discount codes (SPEC §3 Discount, §4, §5): what a code may be, its derived status, and whether and
 * how it applies to an order. One definition for the server, which decides, and the admin's form,
 * which checks as you type. Money is in minor units; dates are shown in the store's time zone.
 */
import { z } from 'zod';
import { ALWAYS, moneySchema } from './catalog.js';
import { DISCOUNT_KINDS, type DiscountKind, type OrderDiscountInput } from './order-totals.js';
import { addMinor, formatMinor, parseMoney } from './money.js';
import { formatInTimeZone, STORE_DATE } from './store-time.js';

export const DISCOUNT_STATUSES = ['SCHEDULED', 'ACTIVE', 'EXPIRED', 'DISABLED'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

export const DISCOUNT_APPLIES_TO = ['ALL', 'PRODUCTS', 'COLLECTIONS'] as const;
export type DiscountAppliesTo = (typeof DISCOUNT_APPLIES_TO)[number];

export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;
/** Products or collections one code can name. */
export const DISCOUNT_MAX_TARGETS = 250;
export const DISCOUNT_MAX_USAGE_LIMIT = 1_000_000_000;
export const DISCOUNT_MAX_MINIMUM_QUANTITY = 1_000_000;

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** SPEC §5: the code as typed, trimmed; case is kept for display and ignored for uniqueness. */
export const discountCodeSchema = z
  .string({ message: 'Enter a code.' })
  .trim()
  .min(1, { message: 'Enter a code.' })
  .refine((v) => v.length >= 3, { message: 'Use at least 3 characters.' })
  .refine((v) => v.length <= 64, { message: 'Use at most 64 characters.' })
  .refine((v) => v.length < 3 || v.length > 64 || DISCOUNT_CODE_PATTERN.test(v), {
    message: 'Use only letters A–Z, digits, - and _ (no spaces).',
  });

const dateSchema = z.union([z.string(), z.date()]).transform((v, ctx) => {
  const d = v instanceof Date ? v : new Date(v);
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'Enter a date and time.' });
    return z.NEVER;
  }
  return d;
});

const wholeNumber = (max: number) =>
  z
    .number({ message: 'Enter a whole number.' })
    .int({ message: 'Enter a whole number.' })
    .min(1, { message: 'Use 1 or more, or leave it empty for no limit.' })
    .max(max, { message: `Use at most ${max.toLocaleString('en-US')}.` })
    .nullish()
    .transform((v) => v ?? null);

/**
 * A discount as created or saved in full. `value` is a percentage ("12.5") for PERCENTAGE, an
 * amount in the store's currency ("10.00") for FIXED_AMOUNT, and ignored for FREE_SHIPPING.
 */
export function discountSchema(currencyCode: string) {
  const money = moneySchema(currencyCode);
  return z
    .object({
      code: discountCodeSchema,
      kind: z.enum(DISCOUNT_KINDS, { message: 'Choose percentage, fixed amount or free shipping.' }),
      value: z.string().trim().nullish(),
      appliesTo: z.enum(DISCOUNT_APPLIES_TO, { message: 'Choose all products, products or collections.' }),
      productIds: z
        .array(z.string())
        .max(DISCOUNT_MAX_TARGETS, { message: `Choose at most ${DISCOUNT_MAX_TARGETS} products.` })
        .nullish()
        .transform((v) => [...new Set(v ?? [])]),
      collectionIds: z
        .array(z.string())
        .max(DISCOUNT_MAX_TARGETS, { message: `Choose at most ${DISCOUNT_MAX_TARGETS} collections.` })
        .nullish()
        .transform((v) => [...new Set(v ?? [])]),
      minimumSubtotal: z
        .union([money, z.literal('').transform(() => null)])
        .nullish()
        .transform((v) => v || null),
      minimumQuantity: wholeNumber(DISCOUNT_MAX_MINIMUM_QUANTITY),
      startsAt: dateSchema,
      endsAt: dateSchema.nullish().transform((v) => v ?? null),
      usageLimit: wholeNumber(DISCOUNT_MAX_USAGE_LIMIT),
      oncePerCustomer: z
        .boolean()
        .nullish()
        .transform((v) => v ?? false),
      disabled: z
        .boolean()
        .nullish()
        .transform((v) => v ?? false),
    })
    .superRefine((d, ctx) => {
      // Runs even when a field failed, so every problem shows at once (SPEC §5).
      const problem = valueProblem(d.kind, d.value, currencyCode);
      if (problem?.range)
        ctx.addIssue({
          code: 'too_big',
          origin: 'number',
          maximum: 0,
          input: d.value,
          path: ['value'],
          message: problem.message,
        });
      else if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem.message });
      if (d.appliesTo === 'PRODUCTS' && !d.productIds?.length)
        ctx.addIssue({ code: 'custom', path: ['productIds'], message: 'Choose at least one product.' });
      if (d.appliesTo === 'COLLECTIONS' && !d.collectionIds?.length)
        ctx.addIssue({ code: 'custom', path: ['collectionIds'], message: 'Choose at least one collection.' });
      if (
        d.endsAt instanceof Date &&
        d.startsAt instanceof Date &&
        d.endsAt.getTime() <= d.startsAt.getTime()
      )
        ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start.' });
    }, ALWAYS)
    .transform((d) => ({
      code: d.code,
      kind: d.kind,
      percentage: d.kind === 'PERCENTAGE' ? String(Number(d.value)) : null,
      amount: d.kind === 'FIXED_AMOUNT' ? parseMoney(d.value ?? '', currencyCode) : null,
      appliesTo: d.appliesTo,
      productIds: d.appliesTo === 'PRODUCTS' ? d.productIds : [],
      collectionIds: d.appliesTo === 'COLLECTIONS' ? d.collectionIds : [],
      minimumSubtotal: d.minimumSubtotal,
      minimumQuantity: d.minimumQuantity,
      startsAt: d.startsAt,
      endsAt: d.endsAt,
      usageLimit: d.usageLimit,
      oncePerCustomer: d.oncePerCustomer,
      disabled: d.disabled,
    }));
}

/**
 * What is wrong with a discount's value for its kind, in words (`range`: a number out of its
 * range, rather than not a number); null when it is fine.
 */
export function valueProblem(
  kind: unknown,
  raw: unknown,
  currencyCode: string,
): { message: string; range: boolean } | null {
  const value = typeof raw === 'string' ? raw.trim() : '';
  const invalid = (message: string) => ({ message, range: false });
  const range = (message: string) => ({ message, range: true });
  if (kind === 'PERCENTAGE') {
    if (!value) return invalid('Enter a percentage.');
    if (!PERCENT.test(value)) return invalid('Enter a percentage like 15 or 12.5, with at most 2 decimals.');
    const n = Number(value);
    return n < 0.01 || n > 100 ? range('Use a percentage from 0.01 to 100.') : null;
  }
  if (kind === 'FIXED_AMOUNT') {
    if (!value) return invalid('Enter an amount.');
    const parsed = moneySchema(currencyCode).safeParse(value);
    if (!parsed.success)
      return { message: parsed.error.issues[0]!.message, range: parsed.error.issues[0]!.code === 'too_big' };
    return parsed.data <= 0 ? range('Enter an amount more than 0.') : null;
  }
  return null;
}

export type DiscountValues = z.output<ReturnType<typeof discountSchema>>;

/** What decides a code's status and whether it applies: a stored discount as the rules see it. */
export interface DiscountRule {
  code: string;
  kind: DiscountKind;
  /** PERCENTAGE: "12.5" */
  percentage: string | null;
  /** FIXED_AMOUNT: minor units */
  amount: number | null;
  appliesTo: DiscountAppliesTo;
  productIds: readonly string[];
  collectionIds: readonly string[];
  minimumSubtotal: number | null;
  minimumQuantity: number | null;
  startsAt: Date;
  endsAt: Date | null;
  usageLimit: number | null;
  usageCount: number;
  oncePerCustomer: boolean;
  disabled: boolean;
}

/** SPEC §4: derived from the disabled flag, the dates and the usage limit, in that order. */
export function discountStatus(
  d: Pick<DiscountRule, 'disabled' | 'startsAt' | 'endsAt' | 'usageLimit' | 'usageCount'>,
  now: Date,
): DiscountStatus {
  if (d.disabled) return 'DISABLED';
  if (d.endsAt && d.endsAt.getTime() <= now.getTime()) return 'EXPIRED';
  if (d.usageLimit !== null && d.usageCount >= d.usageLimit) return 'EXPIRED';
  if (d.startsAt.getTime() > now.getTime()) return 'SCHEDULED';
  return 'ACTIVE';
}

/** "1 Nov 2026" in the store's time zone. */
export function formatStoreDate(date: Date, timeZone: string): string {
  return formatInTimeZone(date, timeZone, STORE_DATE);
}

/** A line of the order the code would apply to. Custom items have no product and no collections. */
export interface DiscountCartLine {
  productId: string | null;
  collectionIds: readonly string[];
  /** unit price × quantity, minor units */
  subtotal: number;
  quantity: number;
}

export interface DiscountCart {
  lines: readonly DiscountCartLine[];
  /** The shipping line's price; null when the order has no shipping line. */
  shippingPrice: number | null;
  currencyCode: string;
  timeZone: string;
  now: Date;
  /** Whether the order has a customer (or an email that makes one): once-per-customer needs one. */
  hasCustomer: boolean;
  /** This customer already has an order (not cancelled) with this code. */
  usedByCustomer: boolean;
}

export type DiscountApplication =
  { ok: true; discount: OrderDiscountInput; eligible: boolean[] } | { ok: false; message: string };

/** Whether the line is one the code is for. */
export function lineEligible(
  rule: Pick<DiscountRule, 'appliesTo' | 'productIds' | 'collectionIds'>,
  line: DiscountCartLine,
) {
  if (rule.appliesTo === 'ALL') return true;
  if (!line.productId) return false;
  if (rule.appliesTo === 'PRODUCTS') return rule.productIds.includes(line.productId);
  return line.collectionIds.some((c) => rule.collectionIds.includes(c));
}

/** Why the code can't be used right now, whatever the order: its status and the customer's use. */
export function discountRefusal(
  rule: DiscountRule,
  cart: Pick<DiscountCart, 'now' | 'timeZone' | 'hasCustomer' | 'usedByCustomer'>,
): string | null {
  switch (discountStatus(rule, cart.now)) {
    case 'DISABLED':
      return 'This code is disabled.';
    case 'SCHEDULED':
      return `This code starts on ${formatStoreDate(rule.startsAt, cart.timeZone)}.`;
    case 'EXPIRED':
      if (rule.endsAt && rule.endsAt.getTime() <= cart.now.getTime())
        return `This code expired on ${formatStoreDate(rule.endsAt, cart.timeZone)}.`;
      return `This code has been used its limit of ${rule.usageLimit!.toLocaleString('en-US')} ${
        rule.usageLimit === 1 ? 'time' : 'times'
      }.`;
    default:
  }
  if (rule.oncePerCustomer && !cart.hasCustomer)
    return 'This code is once per customer: choose the customer or enter their email first.';
  if (rule.oncePerCustomer && cart.usedByCustomer) return 'Already used by this customer.';
  return null;
}

/**
 * SPEC §3–§5: whether the code applies to this order and to which lines. The minimums count the
 * lines it applies to; free shipping needs a shipping line to make free. The amounts themselves are
 * computed by computeOrderTotals from the result.
 */
export function applyDiscount(rule: DiscountRule, cart: DiscountCart): DiscountApplication {
  const refusal = discountRefusal(rule, cart);
  if (refusal) return { ok: false, message: refusal };
  const eligible = cart.lines.map((l) => lineEligible(rule, l));
  if (!eligible.some(Boolean)) {
    return {
      ok: false,
      message:
        rule.appliesTo === 'ALL' ? 'Add an item to use this code.' : 'None of these products is eligible.',
    };
  }
  const subtotal = addMinor(...cart.lines.map((l, i) => (eligible[i] ? l.subtotal : 0)));
  const quantity = cart.lines.reduce((n, l, i) => n + (eligible[i] ? l.quantity : 0), 0);
  const scope = rule.appliesTo === 'ALL' ? '' : ' on eligible products';
  if (rule.minimumSubtotal !== null && subtotal < rule.minimumSubtotal) {
    const more = formatMinor(rule.minimumSubtotal - subtotal, cart.currencyCode);
    return { ok: false, message: `Spend ${more} more${scope} to use this code.` };
  }
  if (rule.minimumQuantity !== null && quantity < rule.minimumQuantity) {
    const more = rule.minimumQuantity - quantity;
    const items = more === 1 ? 'item' : 'items';
    return {
      ok: false,
      message: `Add ${more.toLocaleString('en-US')} more ${rule.appliesTo === 'ALL' ? '' : 'eligible '}${items} to use this code.`,
    };
  }
  if (rule.kind === 'FREE_SHIPPING') {
    if (!cart.shippingPrice) return { ok: false, message: 'This order has no shipping to make free.' };
    return { ok: true, discount: { kind: 'FREE_SHIPPING', eligible }, eligible };
  }
  if (rule.kind === 'PERCENTAGE') {
    return { ok: true, discount: { kind: 'PERCENTAGE', value: rule.percentage!, eligible }, eligible };
  }
  return { ok: true, discount: { kind: 'FIXED_AMOUNT', value: rule.amount!, eligible }, eligible };
}

/** "15% off", "10.00 off", "Free shipping": the value as the lists show it. */
export function describeDiscountValue(
  rule: Pick<DiscountRule, 'kind' | 'percentage' | 'amount'>,
  currencyCode: string,
): string {
  if (rule.kind === 'PERCENTAGE') return `${rule.percentage}% off`;
  if (rule.kind === 'FIXED_AMOUNT')
    return `${formatMinor(rule.amount ?? 0, currencyCode)} ${currencyCode} off`;
  return 'Free shipping';
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A code nobody will mistype: 10 characters without 0/O or 1/I, from a random source given. */
export function generateDiscountCode(random: (n: number) => Uint8Array): string {
  const bytes = random(10);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}
