import { z } from 'zod';
import {
  addressSchema,
  decodeIdOf,
  discountCodeSchema,
  DomainError,
  emailSchema,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  optionalText,
  phoneSchema,
  validate,
  type AddressInput,
  type UserError,
} from '@stockroom/domain';
import type { AddressJson } from '../../db/columns.js';
import { NOTE_MAX, orderTags } from './order-edit.service.js';

/** orderCreate's input as the API receives it (ids still API ids). */
export interface OrderCreateRaw {
  lines: { variantId: string; quantity: number }[];
  customerId?: string | null;
  email?: string | null;
  phone?: string | null;
  shippingAddress?: object | null;
  billingAddress?: object | null;
  shippingRateId?: string | null;
  payment?: { kind: string; gateway?: string | null; reference?: string | null } | null;
  note?: string | null;
  tags?: string[] | null;
  discountCode?: string | null;
  idempotencyKey?: string | null;
}

export interface OrderCreateParsed {
  /**
   * `index`: the line's place in the input, for the fields of errors about it (and the order of the
   * order's lines). `override`: a price staff set instead of the catalog's, with why (drafts).
   */
  lines: {
    variantId: string;
    quantity: number;
    index: number;
    override?: { price: number; reason: string } | null;
  }[];
  /** Items not in the catalog (drafts): no product, no stock. */
  customLines: { title: string; price: number; quantity: number; taxable: boolean; index: number }[];
  /** A shipping line staff priced themselves instead of a rate (drafts). */
  customShipping: { title: string; price: number } | null;
  customerId: string | null;
  email: string | null;
  phone: string | null;
  shippingAddress: AddressJson | null;
  billingAddress: AddressJson | null;
  shippingRateId: string | null;
  payment: { kind: 'AUTHORIZATION' | 'SALE'; gateway: string; reference: string | null } | null;
  note: string | null;
  tags: string[];
  /** As typed (trimmed); whether it applies is decided when placing. */
  discountCode: string | null;
}

const TEXT_MAX = 255;

export const contactSchema = z.object({
  email: emailSchema
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v?.toLowerCase() ?? null),
  phone: phoneSchema
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  shippingAddress: addressSchema.nullish().transform((v) => v ?? null),
  billingAddress: addressSchema.nullish().transform((v) => v ?? null),
  note: optionalText(NOTE_MAX),
});

/** Every key, so a stored address has one shape whoever wrote it (orderUpdate compares them). */
export function addressJson(a: AddressInput | null): AddressJson | null {
  if (!a) return null;
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    company: a.company,
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    region: a.region,
    postalCode: a.postalCode,
    countryCode: a.countryCode,
    phone: a.phone,
  };
}

export const nameOnAddress = (a: AddressJson | null) =>
  [a?.firstName, a?.lastName].filter(Boolean).join(' ') || null;

/**
 * Checks the shape of an orderCreate input (SPEC §5) without reading the database, collecting every
 * failing field at once; what needs the database (variants, customer, rate) is checked after.
 */
export function parseOrderCreate(raw: OrderCreateRaw): {
  value: OrderCreateParsed | null;
  errors: UserError[];
  /** The lines and customer whose ids decoded, to check against the database even when other fields failed. */
  known: Pick<OrderCreateParsed, 'lines' | 'customerId'>;
} {
  const errors: UserError[] = [];
  const lines: OrderCreateParsed['lines'] = [];
  if (raw.lines.length === 0) {
    errors.push({
      code: 'REQUIRED',
      message: 'An order needs at least one line.',
      field: ['input', 'lines'],
    });
  } else if (raw.lines.length > MAX_ORDER_LINES) {
    errors.push({
      code: 'LIMIT_EXCEEDED',
      message: `An order can have at most ${MAX_ORDER_LINES} lines.`,
      field: ['input', 'lines'],
    });
  }
  const seen = new Map<string, number>();
  // Past the limit, 500 messages about single lines would bury the one that matters.
  const checked = raw.lines.length > MAX_ORDER_LINES ? [] : raw.lines;
  checked.forEach((line, i) => {
    const at = (name: string) => ['input', 'lines', String(i), name];
    const variantId = decodeIdOf('ProductVariant', String(line.variantId));
    if (!variantId) {
      errors.push({ code: 'INVALID', message: "This variant doesn't exist.", field: at('variantId') });
    } else if (seen.has(variantId)) {
      // One line per variant keeps quantities, fulfilments and refunds unambiguous.
      errors.push({
        code: 'INVALID',
        message: `This variant is already on line ${seen.get(variantId)! + 1}; change that line's quantity instead.`,
        field: at('variantId'),
      });
    } else seen.set(variantId, i);
    const q = line.quantity;
    if (!Number.isInteger(q) || q < 1 || q > MAX_LINE_QUANTITY) {
      errors.push({
        code: Number.isInteger(q) ? 'OUT_OF_RANGE' : 'INVALID',
        message: `Enter a whole quantity from 1 to ${MAX_LINE_QUANTITY.toLocaleString('en-US')}.`,
        field: at('quantity'),
      });
    }
    if (variantId && seen.get(variantId) === i) lines.push({ variantId, quantity: q, index: i });
  });

  const contact = validate(contactSchema, raw, ['input']);
  if (!contact.ok) errors.push(...contact.errors);

  let tags: string[] = [];
  try {
    tags = raw.tags ? orderTags(raw.tags, ['input', 'tags']) : [];
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    errors.push(...e.errors);
  }

  let customerId: string | null = null;
  if (raw.customerId != null) {
    customerId = decodeIdOf('Customer', String(raw.customerId));
    if (!customerId)
      errors.push({
        code: 'INVALID',
        message: "This customer doesn't exist.",
        field: ['input', 'customerId'],
      });
  }
  let shippingRateId: string | null = null;
  if (raw.shippingRateId != null) {
    shippingRateId = decodeIdOf('ShippingRate', String(raw.shippingRateId));
    if (!shippingRateId)
      errors.push({
        code: 'INVALID',
        message: "This shipping rate doesn't exist.",
        field: ['input', 'shippingRateId'],
      });
  }
  const payment = parsePayment(raw.payment, errors);
  const discountCode = parseDiscountCode(raw.discountCode, ['input', 'discountCode'], errors);

  const known = { lines, customerId };
  if (errors.length || !contact.ok) return { value: null, errors, known };
  const c = contact.value;
  return {
    errors,
    known,
    value: {
      lines,
      customerId,
      email: c.email,
      phone: c.phone,
      shippingAddress: addressJson(c.shippingAddress),
      billingAddress: addressJson(c.billingAddress),
      shippingRateId,
      payment,
      note: c.note,
      tags,
      discountCode,
      customLines: [],
      customShipping: null,
    },
  };
}

function parsePayment(raw: OrderCreateRaw['payment'], errors: UserError[]): OrderCreateParsed['payment'] {
  if (!raw) return null;
  const field = (name: string) => ['input', 'payment', name];
  if (raw.kind !== 'AUTHORIZATION' && raw.kind !== 'SALE') {
    errors.push({
      code: 'INVALID',
      message: 'A new order is paid by AUTHORIZATION (hold the money) or SALE (take it now).',
      field: field('kind'),
    });
  }
  const gateway = raw.gateway?.trim() || 'manual';
  if (gateway.length > TEXT_MAX)
    errors.push({
      code: 'TOO_LONG',
      message: `Use at most ${TEXT_MAX} characters.`,
      field: field('gateway'),
    });
  const reference = raw.reference?.trim() || null;
  if (reference && reference.length > TEXT_MAX)
    errors.push({
      code: 'TOO_LONG',
      message: `Use at most ${TEXT_MAX} characters.`,
      field: field('reference'),
    });
  return { kind: raw.kind as 'AUTHORIZATION' | 'SALE', gateway, reference };
}

/** A code as typed: trimmed, null when empty; a code no discount could have is refused here. */
export function parseDiscountCode(
  raw: string | null | undefined,
  field: string[],
  errors: UserError[],
): string | null {
  const code = raw?.trim();
  if (!code) return null;
  const checked = discountCodeSchema.safeParse(code);
  if (!checked.success) errors.push({ code: 'INVALID', message: checked.error.issues[0]!.message, field });
  return checked.success ? checked.data : null;
}
