import {
  computeOrderTotals,
  countryName,
  DomainError,
  type OrderDiscountInput,
  type UserError,
} from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import type { DraftOrderLine, DraftOrder } from './draft.model.js';
import { storeSettings } from '../settings/settings.service.js';
import { applicableShippingRates } from '../shipping/shipping.service.js';
import { computeTax } from '../shipping/tax.service.js';
import { customerWithEmail, variantsForSale } from '../orders/order-reads.service.js';
import { applyDiscountCode } from '../discounts/discount.service.js';
import { parseDraftInput, type DraftOrderRaw, type DraftValues } from './draft-input.js';

/**
 * A draft's money as it would be placed now (SPEC §2: totals computed on the server), for the
 * editor as you type, for the list, and for saving; shared by the draft commands and the schema.
 */

/** A draft with every field known (a stored draft, or a new one with defaults). */
export type FullDraft = Required<DraftValues>;

export interface DraftFigures {
  lines: { unitPrice: number; subtotal: number; discount: number; tax: number; total: number }[];
  subtotal: number;
  discountTotal: number;
  shippingTotal: number;
  taxTotal: number;
  total: number;
  itemsCount: number;
  pricesIncludeTax: boolean;
  taxRate: string | null;
  taxName: string | null;
  availableRates: { id: string; name: string; price: number }[];
  /** The draft's code: applied, or why not in words (saving and completing refuse it then). */
  discount: { code: string; applied: boolean; message: string | null } | null;
}

export const EMPTY_DRAFT: FullDraft = {
  customerId: null,
  email: null,
  phone: null,
  shippingAddress: null,
  billingAddress: null,
  lines: [],
  shipping: null,
  note: null,
  tags: [],
  discountCode: null,
};

/** A catalog line whose variant was deleted since: kept (to show), refused at completion. */
export const GONE_TITLE = 'Item no longer in the catalog';

/** A stored draft as the values a save or a calculation takes. */
export function draftValues(draft: DraftOrder, lines: DraftOrderLine[]): FullDraft {
  return {
    customerId: draft.customerId,
    email: draft.email,
    phone: draft.phone,
    shippingAddress: draft.shippingAddress,
    billingAddress: draft.billingAddress,
    lines: lines.map((l) => ({
      variantId: l.variantId,
      title: l.custom ? l.title : l.variantId ? null : GONE_TITLE,
      price: l.price === null ? null : Number(l.price),
      reason: l.priceOverrideReason,
      quantity: l.quantity,
      taxable: l.taxable,
    })),
    shipping:
      draft.shippingRateId || draft.shippingTitle
        ? {
            rateId: draft.shippingRateId,
            title: draft.shippingTitle,
            price: draft.shippingPrice === null ? null : Number(draft.shippingPrice),
          }
        : null,
    note: draft.note,
    tags: draft.tags,
    discountCode: draft.discountCode,
  };
}

/** Domain helpers name fields relative to what they were given; the API names them from the input. */
function inputFields<T>(work: () => T): T {
  try {
    return work();
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    throw new DomainError(
      e.errors.map((u) => ({ ...u, field: u.field ? ['input', ...u.field] : ['input', 'lines'] })),
    );
  }
}

/**
 * The money of a draft as it would be placed now (SPEC §2: totals computed on the server): current
 * catalog prices unless overridden, tax of the shipping (else billing, else store) address, and the
 * shipping rates that apply to the address and subtotal. `check` refuses what completing would
 * refuse (unknown variants, products not for sale, a rate that does not apply); `read` shows a
 * stored draft whatever changed since.
 */
export async function calculateDraft(
  db: Executor,
  draft: FullDraft,
  mode: 'check' | 'read',
): Promise<DraftFigures> {
  const settings = await storeSettings(db);
  const currency = settings.currencyCode;
  const errors: UserError[] = [];
  const ids = draft.lines.flatMap((l) => (l.variantId ? [l.variantId] : []));
  const variants = new Map((await variantsForSale(db, ids)).map((v) => [v.id, v]));
  const priced = draft.lines.map((line, i) => {
    if (!line.variantId)
      return { unitPrice: line.price ?? 0, quantity: line.quantity, taxable: line.taxable, productId: null };
    const variant = variants.get(line.variantId);
    const field = ['input', 'lines', String(i), 'variantId'];
    if (!variant) errors.push({ code: 'INVALID', message: "This variant doesn't exist.", field });
    else if (variant.productStatus !== 'ACTIVE') {
      const what = variant.productStatus === 'ARCHIVED' ? 'is archived' : 'is a draft';
      errors.push({ code: 'INVALID', message: `${variant.productTitle} ${what} and can't be sold.`, field });
    }
    return {
      unitPrice: line.price ?? variant?.price ?? 0,
      quantity: line.quantity,
      taxable: true,
      productId: variant?.productId ?? null,
    };
  });
  if (mode === 'check' && errors.length) throw new DomainError(errors);

  const taxPlace = draft.shippingAddress ?? draft.billingAddress ?? settings.address;
  const rate = taxPlace?.countryCode
    ? (await computeTax(db, { countryCode: taxPlace.countryCode, region: taxPlace.region }, [], 0)).rate
    : null;
  const totalsWith = (shippingPrice: number, discount: OrderDiscountInput | null = null) =>
    inputFields(() =>
      computeOrderTotals({
        currencyCode: currency,
        lines: priced,
        shippingPrice,
        discount,
        taxRate: rate?.rate ?? null,
        pricesIncludeTax: settings.pricesIncludeTax,
      }),
    );
  const undiscounted = priced.length ? totalsWith(0) : null;
  const subtotal = undiscounted?.subtotal ?? 0;
  const country = draft.shippingAddress?.countryCode;
  const available = country ? await applicableShippingRates(db, country, subtotal) : [];
  let shippingPrice = 0;
  const s = draft.shipping;
  if (s?.rateId) {
    const match = available.find((a) => a.rate.id === s.rateId);
    if (match) shippingPrice = match.price;
    else if (mode === 'check') {
      throw DomainError.one(
        'INVALID',
        country
          ? `This shipping rate doesn't apply to orders to ${countryName(country)} of this subtotal.`
          : 'Enter the shipping address to ship with a rate.',
        ['input', 'shipping', 'shippingRateId'],
      );
    }
  } else if (s) shippingPrice = s.price ?? 0;

  const code = draft.discountCode;
  const discount =
    code && undiscounted
      ? await applyDiscountCode(db, code, {
          lines: priced.map((p, i) => ({
            productId: p.productId,
            subtotal: undiscounted.lines[i]!.subtotal,
            quantity: p.quantity,
          })),
          shippingPrice: s ? shippingPrice : null,
          ...(await draftBuyer(db, draft)),
        })
      : null;
  const totals = priced.length ? totalsWith(shippingPrice, discount?.ok ? discount.discount : null) : null;
  return {
    lines: priced.map((p, i) => ({
      unitPrice: p.unitPrice,
      subtotal: totals!.lines[i]!.subtotal,
      discount: totals!.lines[i]!.discount,
      tax: totals!.lines[i]!.tax,
      total: totals!.lines[i]!.total,
    })),
    subtotal,
    discountTotal: totals?.discountTotal ?? 0,
    shippingTotal: totals?.shippingTotal ?? shippingPrice,
    taxTotal: totals?.taxTotal ?? 0,
    total: totals?.total ?? shippingPrice,
    itemsCount: draft.lines.reduce((n, l) => n + l.quantity, 0),
    pricesIncludeTax: settings.pricesIncludeTax,
    taxRate: rate?.rate ?? null,
    taxName: rate?.name ?? null,
    availableRates: available.map((a) => ({ id: a.rate.id, name: a.rate.name, price: a.price })),
    discount: code
      ? {
          code: discount?.ok ? discount.code : code,
          applied: Boolean(discount?.ok),
          message: discount ? (discount.ok ? null : discount.message) : 'Add an item to use this code.',
        }
      : null,
  };
}

/** Who the draft is for, as once-per-customer asks: its customer, or the one its email would be. */
async function draftBuyer(db: Executor, draft: FullDraft) {
  if (draft.customerId) return { customerId: draft.customerId, hasCustomer: true };
  const byEmail = draft.email ? await customerWithEmail(db, draft.email) : null;
  return { customerId: byEmail?.id ?? null, hasCustomer: Boolean(draft.email) };
}

/** Saving or completing a draft refuses a code that does not apply, as placing the order would. */
export function refuseUnusableCode(figures: DraftFigures): void {
  if (figures.discount && !figures.discount.applied)
    throw DomainError.one('DISCOUNT_NOT_APPLICABLE', figures.discount.message ?? '', [
      'input',
      'discountCode',
    ]);
}

/** draftOrderCalculate: the figures of a draft being edited; writes nothing. */
export async function draftOrderCalculate(db: Executor, raw: DraftOrderRaw): Promise<DraftFigures> {
  const currency = (await storeSettings(db)).currencyCode;
  const values = { ...EMPTY_DRAFT, ...parseDraftInput(raw, currency) };
  return calculateDraft(db, values, 'check');
}
