import {
  decodeIdOf,
  DomainError,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  parseMoney,
  validate,
  type UserError,
} from '@stockroom/domain';
import type { AddressJson } from '../../db/columns.js';
import { addressJson, contactSchema, parseDiscountCode } from '../orders/order-create-input.js';
import { orderTags } from '../orders/order-edit.service.js';

/** A draft's input as the API receives it (ids still API ids, money as decimal strings). */
export interface DraftOrderRaw {
  customerId?: string | null;
  email?: string | null;
  phone?: string | null;
  shippingAddress?: object | null;
  billingAddress?: object | null;
  lines?:
    | {
        variantId?: string | null;
        title?: string | null;
        price?: string | null;
        priceOverrideReason?: string | null;
        quantity: number;
        taxable?: boolean | null;
      }[]
    | null;
  shipping?: { shippingRateId?: string | null; title?: string | null; price?: string | null } | null;
  note?: string | null;
  tags?: string[] | null;
  discountCode?: string | null;
}

export interface DraftLineValue {
  /** Null for a custom item. */
  variantId: string | null;
  title: string | null;
  /** A custom item's price, or an override of the catalog price; null: the catalog price. */
  price: number | null;
  reason: string | null;
  quantity: number;
  taxable: boolean;
}

export interface DraftShippingValue {
  rateId: string | null;
  /** A custom line's title and price (rateId null). */
  title: string | null;
  price: number | null;
}

/** A draft's fields, checked; those left out of an update are undefined. */
export interface DraftValues {
  customerId?: string | null;
  email?: string | null;
  phone?: string | null;
  shippingAddress?: AddressJson | null;
  billingAddress?: AddressJson | null;
  lines?: DraftLineValue[];
  shipping?: DraftShippingValue | null;
  note?: string | null;
  tags?: string[];
  discountCode?: string | null;
}

export const DRAFT_TEXT_MAX = 255;

/**
 * Checks the shape of a DraftOrderInput (SPEC §5) without reading the database, every failing field
 * at once (fields start with "input"); what needs the database (variants, customer, rate) comes after.
 */
export function parseDraftInput(raw: DraftOrderRaw, currency: string): DraftValues {
  const errors: UserError[] = [];
  const values: DraftValues = {};
  const money = (value: string, field: string[]): number | null => {
    const minor = parseMoney(value, currency);
    if (minor === null)
      errors.push({ code: 'INVALID', message: `Enter a price like 12.50 in ${currency}.`, field });
    return minor;
  };
  const text = (value: string | null | undefined, field: string[], what: string): string | null => {
    const trimmed = value?.trim() ?? '';
    if (!trimmed) {
      errors.push({ code: 'REQUIRED', message: `Enter ${what}.`, field });
      return null;
    }
    if (trimmed.length > DRAFT_TEXT_MAX) {
      errors.push({ code: 'TOO_LONG', message: `Use at most ${DRAFT_TEXT_MAX} characters.`, field });
      return null;
    }
    return trimmed;
  };

  if (raw.lines !== undefined) {
    const lines = raw.lines ?? [];
    if (lines.length > MAX_ORDER_LINES) {
      throw DomainError.one('LIMIT_EXCEEDED', `An order can have at most ${MAX_ORDER_LINES} lines.`, [
        'input',
        'lines',
      ]);
    }
    const seen = new Map<string, number>();
    values.lines = lines.flatMap((line, i): DraftLineValue[] => {
      const at = (name: string) => ['input', 'lines', String(i), name];
      const q = line.quantity;
      if (!Number.isInteger(q) || q < 1 || q > MAX_LINE_QUANTITY) {
        errors.push({
          code: Number.isInteger(q) ? 'OUT_OF_RANGE' : 'INVALID',
          message: `Enter a whole quantity from 1 to ${MAX_LINE_QUANTITY.toLocaleString('en-US')}.`,
          field: at('quantity'),
        });
      }
      if (line.variantId == null) {
        // A custom item: what it is and what it costs.
        const title = text(line.title, at('title'), 'what the item is');
        const price = line.price == null ? null : money(line.price, at('price'));
        if (line.price == null)
          errors.push({ code: 'REQUIRED', message: 'Enter the price of the item.', field: at('price') });
        return [{ variantId: null, title, price, reason: null, quantity: q, taxable: line.taxable ?? true }];
      }
      const variantId = decodeIdOf('ProductVariant', String(line.variantId));
      if (!variantId) {
        errors.push({ code: 'INVALID', message: "This variant doesn't exist.", field: at('variantId') });
        return [];
      }
      if (seen.has(variantId)) {
        errors.push({
          code: 'INVALID',
          message: `This variant is already on line ${seen.get(variantId)! + 1}; change that line's quantity instead.`,
          field: at('variantId'),
        });
        return [];
      }
      seen.set(variantId, i);
      let price: number | null = null;
      let reason: string | null = null;
      if (line.price != null && line.price.trim() !== '') {
        price = money(line.price, at('price'));
        reason = text(line.priceOverrideReason, at('priceOverrideReason'), 'why the price is changed');
      }
      return [{ variantId, title: null, price, reason, quantity: q, taxable: true }];
    });
  }

  if (raw.shipping !== undefined) {
    const s = raw.shipping;
    if (!s) values.shipping = null;
    else if (s.shippingRateId != null) {
      const rateId = decodeIdOf('ShippingRate', String(s.shippingRateId));
      if (!rateId)
        errors.push({
          code: 'INVALID',
          message: "This shipping rate doesn't exist.",
          field: ['input', 'shipping', 'shippingRateId'],
        });
      values.shipping = { rateId, title: null, price: null };
    } else {
      const title = text(s.title, ['input', 'shipping', 'title'], 'a name for the shipping');
      const price =
        s.price == null
          ? (errors.push({
              code: 'REQUIRED',
              message: 'Enter the price of the shipping.',
              field: ['input', 'shipping', 'price'],
            }),
            null)
          : money(s.price, ['input', 'shipping', 'price']);
      values.shipping = { rateId: null, title, price };
    }
  }

  if (raw.customerId !== undefined) {
    values.customerId = raw.customerId == null ? null : decodeIdOf('Customer', String(raw.customerId));
    if (raw.customerId != null && !values.customerId)
      errors.push({
        code: 'INVALID',
        message: "This customer doesn't exist.",
        field: ['input', 'customerId'],
      });
  }
  const contact = validate(contactSchema, raw, ['input']);
  if (!contact.ok) errors.push(...contact.errors);
  if (raw.discountCode !== undefined)
    values.discountCode = parseDiscountCode(raw.discountCode, ['input', 'discountCode'], errors);
  if (raw.tags !== undefined) {
    try {
      values.tags = raw.tags ? orderTags(raw.tags, ['input', 'tags']) : [];
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      errors.push(...e.errors);
    }
  }
  if (errors.length || !contact.ok) throw new DomainError(errors);
  const c = contact.value;
  if (raw.email !== undefined) values.email = c.email;
  if (raw.phone !== undefined) values.phone = c.phone;
  if (raw.shippingAddress !== undefined) values.shippingAddress = addressJson(c.shippingAddress);
  if (raw.billingAddress !== undefined) values.billingAddress = addressJson(c.billingAddress);
  if (raw.note !== undefined) values.note = c.note;
  return values;
}
