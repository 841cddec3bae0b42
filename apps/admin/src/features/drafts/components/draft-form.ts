import type { DraftAddressFieldsFragment, DraftFieldsFragment, DraftOrderInput } from '../../../gql/graphql';

export type Money = { amount: string; currencyCode: string };

export interface AddressValues {
  firstName: string;
  lastName: string;
  company: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  countryCode: string;
  phone: string;
}

export interface DraftLineValues {
  /** Stable for React while the line is edited. */
  key: string;
  variantId: string | null;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  /** The catalog price, for catalog lines. */
  catalogPrice: Money | null;
  /** A custom item's price, or a new price for a catalog line ("" = the catalog's). */
  price: string;
  reason: string;
  quantity: number;
  taxable: boolean;
}

export type ShippingChoice =
  { kind: 'none' } | { kind: 'rate'; rateId: string } | { kind: 'custom'; title: string; price: string };

export interface DraftValues {
  customer: {
    id: string;
    displayName: string;
    email: string | null;
    firstName?: string | null;
    lastName?: string | null;
  } | null;
  email: string;
  phone: string;
  shippingAddress: AddressValues | null;
  /** Billing is the shipping address unless told otherwise. */
  billingSame: boolean;
  billingAddress: AddressValues | null;
  lines: DraftLineValues[];
  shipping: ShippingChoice;
  note: string;
  tags: string[];
  /** The code applied ("" = none); typed in its own box and applied with a button. */
  discountCode: string;
}

export const EMPTY_ADDRESS: AddressValues = {
  firstName: '',
  lastName: '',
  company: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  countryCode: 'US',
  phone: '',
};

export const EMPTY_DRAFT: DraftValues = {
  customer: null,
  email: '',
  phone: '',
  shippingAddress: null,
  billingSame: true,
  billingAddress: null,
  lines: [],
  shipping: { kind: 'none' },
  note: '',
  tags: [],
  discountCode: '',
};

/** A new address for the draft: the customer's name already in it. */
export function newAddress(customer: DraftValues['customer']): AddressValues {
  return { ...EMPTY_ADDRESS, firstName: customer?.firstName ?? '', lastName: customer?.lastName ?? '' };
}

let keys = 0;
export const lineKey = () => `line-${++keys}`;

export function addressValues(
  a: Partial<Record<keyof AddressValues, string | null>> | null | undefined,
): AddressValues | null {
  if (!a) return null;
  const v = (k: keyof AddressValues) => a[k] ?? '';
  return {
    firstName: v('firstName'),
    lastName: v('lastName'),
    company: v('company'),
    line1: v('line1'),
    line2: v('line2'),
    city: v('city'),
    region: v('region'),
    postalCode: v('postalCode'),
    countryCode: v('countryCode') || 'US',
    phone: v('phone'),
  };
}

const sameAddress = (
  a: DraftAddressFieldsFragment | null | undefined,
  b: DraftAddressFieldsFragment | null | undefined,
) => JSON.stringify(addressValues(a)) === JSON.stringify(addressValues(b));

/** A saved draft as the editor's values. */
export function fromDraft(draft: DraftFieldsFragment): DraftValues {
  const billingSame = !draft.billingAddress || sameAddress(draft.shippingAddress, draft.billingAddress);
  return {
    customer: draft.customer
      ? {
          id: draft.customer.id,
          displayName: draft.customer.displayName,
          email: draft.customer.email ?? null,
        }
      : null,
    email: draft.email ?? '',
    phone: draft.phone ?? '',
    shippingAddress: addressValues(draft.shippingAddress),
    billingSame,
    billingAddress: billingSame ? null : addressValues(draft.billingAddress),
    lines: draft.lines.map((l) => ({
      key: lineKey(),
      variantId: l.custom ? null : (l.variant?.id ?? null),
      title: l.title,
      variantTitle: l.variantTitle ?? null,
      sku: l.sku ?? null,
      catalogPrice: l.custom ? null : (l.originalUnitPrice ?? null),
      price: l.custom || l.priceOverrideReason ? l.unitPrice.amount : '',
      reason: l.priceOverrideReason ?? '',
      quantity: l.quantity,
      taxable: l.taxable,
    })),
    shipping: !draft.shippingLine
      ? { kind: 'none' }
      : draft.shippingLine.custom
        ? { kind: 'custom', title: draft.shippingLine.title, price: draft.shippingLine.price.amount }
        : { kind: 'rate', rateId: draft.shippingLine.shippingRateId ?? '' },
    note: draft.note ?? '',
    tags: draft.tags,
    discountCode: draft.discountCode ?? '',
  };
}

const addressInput = (a: AddressValues | null) =>
  a
    ? {
        firstName: a.firstName.trim() || null,
        lastName: a.lastName.trim() || null,
        company: a.company.trim() || null,
        line1: a.line1.trim() || null,
        line2: a.line2.trim() || null,
        city: a.city.trim() || null,
        region: a.region.trim() || null,
        postalCode: a.postalCode.trim() || null,
        countryCode: a.countryCode || null,
        phone: a.phone.trim() || null,
      }
    : null;

/** The editor's values as the API's DraftOrderInput (every field: a save replaces the draft). */
export function draftInput(v: DraftValues): DraftOrderInput {
  return {
    customerId: v.customer?.id ?? null,
    email: v.email.trim() || null,
    phone: v.phone.trim() || null,
    shippingAddress: addressInput(v.shippingAddress),
    billingAddress: addressInput(v.billingSame ? v.shippingAddress : v.billingAddress),
    lines: v.lines.map((l) =>
      l.variantId
        ? {
            variantId: l.variantId,
            quantity: l.quantity,
            ...(l.price.trim() ? { price: l.price.trim(), priceOverrideReason: l.reason } : {}),
          }
        : { title: l.title, price: l.price, quantity: l.quantity, taxable: l.taxable },
    ),
    shipping:
      v.shipping.kind === 'none'
        ? null
        : v.shipping.kind === 'rate'
          ? { shippingRateId: v.shipping.rateId }
          : { title: v.shipping.title, price: v.shipping.price },
    note: v.note.trim() || null,
    tags: v.tags,
    discountCode: v.discountCode.trim() || null,
  };
}

export interface PlacedDraftErrors {
  /** By line key: the first message about the line. */
  lines: Record<string, string>;
  /**
   * By top-level field name (email, shipping, shippingAddress …); an address's part also by its
   * path ("shippingAddress.city"), to show under its input.
   */
  fields: Record<string, string>;
  other: string[];
}

/** Puts userErrors next to what they are about; fields name lines by their place in the input. */
export function placeDraftErrors(
  errors: readonly { field?: readonly string[] | null; message: string }[],
  lines: readonly DraftLineValues[],
): PlacedDraftErrors {
  const placed: PlacedDraftErrors = { lines: {}, fields: {}, other: [] };
  for (const e of errors) {
    const field = e.field?.[0] === 'input' ? e.field.slice(1) : (e.field ?? []);
    const [head, index] = field;
    const line = head === 'lines' && index !== undefined ? lines[Number(index)] : undefined;
    if (line) placed.lines[line.key] ??= e.message;
    else if (head && head !== 'id' && head !== 'lines') {
      placed.fields[head] ??= e.message;
      if (field[1] !== undefined && (head === 'shippingAddress' || head === 'billingAddress'))
        placed.fields[`${head}.${field[1]}`] ??= e.message;
    } else placed.other.push(e.message);
  }
  return placed;
}
