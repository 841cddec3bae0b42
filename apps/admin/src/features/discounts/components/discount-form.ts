import { discountSchema } from '@stockroom/domain';
import { z } from 'zod';
import type {
  DiscountAppliesTo,
  DiscountFieldsFragment,
  DiscountInput,
  DiscountKind,
} from '../../../gql/graphql';
import { instantOf, wallTimeIn } from './store-time';

/** The editor's values; field names are the input's, so the server's messages land under them. */
export interface DiscountValues {
  code: string;
  kind: DiscountKind;
  /** Percent for PERCENTAGE, amount for FIXED_AMOUNT; not sent for FREE_SHIPPING. */
  value: string;
  appliesTo: DiscountAppliesTo;
  productIds: string[];
  collectionIds: string[];
  minimumSubtotal: string;
  minimumQuantity: number | string;
  /** Wall times in the store's time zone ("2026-12-01T00:00"); endsAt "" for no end. */
  startsAt: string;
  endsAt: string;
  usageLimit: number | string;
  oncePerCustomer: boolean;
}

/** A new code: 10 % off everything, from now, without limits. */
export function newDiscountValues(timeZone: string, now = new Date()): DiscountValues {
  return {
    code: '',
    kind: 'PERCENTAGE',
    value: '10',
    appliesTo: 'ALL',
    productIds: [],
    collectionIds: [],
    minimumSubtotal: '',
    minimumQuantity: '',
    startsAt: wallTimeIn(now.toISOString(), timeZone),
    endsAt: '',
    usageLimit: '',
    oncePerCustomer: false,
  };
}

export function fromDiscount(d: DiscountFieldsFragment, timeZone: string): DiscountValues {
  return {
    code: d.code,
    kind: d.kind,
    value: d.value ?? '',
    appliesTo: d.appliesTo,
    productIds: d.products.map((p) => p.id),
    collectionIds: d.collections.map((c) => c.id),
    minimumSubtotal: d.minimumSubtotal?.amount ?? '',
    minimumQuantity: d.minimumQuantity ?? '',
    startsAt: wallTimeIn(d.startsAt, timeZone),
    endsAt: d.endsAt ? wallTimeIn(d.endsAt, timeZone) : '',
    usageLimit: d.usageLimit ?? '',
    oncePerCustomer: d.oncePerCustomer,
  };
}

const count = (v: number | string): number | null => {
  if (typeof v === 'number') return v;
  const t = v.trim();
  return t === '' ? null : Number(t);
};

/** The values as discountCreate/discountUpdate take them (every field: a save states the whole code). */
export function discountInput(v: DiscountValues, timeZone: string): DiscountInput {
  return {
    code: v.code.trim(),
    kind: v.kind,
    value: v.kind === 'FREE_SHIPPING' ? null : v.value.trim(),
    appliesTo: v.appliesTo,
    productIds: v.appliesTo === 'PRODUCTS' ? v.productIds : [],
    collectionIds: v.appliesTo === 'COLLECTIONS' ? v.collectionIds : [],
    minimumSubtotal: v.minimumSubtotal.trim() || null,
    minimumQuantity: count(v.minimumQuantity),
    // An unreadable wall time is sent as written, so the shared rules name it.
    startsAt: instantOf(v.startsAt, timeZone) ?? v.startsAt,
    endsAt: v.endsAt.trim() ? (instantOf(v.endsAt, timeZone) ?? v.endsAt) : null,
    usageLimit: count(v.usageLimit),
    oncePerCustomer: v.oncePerCustomer,
  };
}

/** The server's own rules (packages/domain) over what would be sent. */
export function discountFormSchema(currencyCode: string, timeZone: string) {
  return z.preprocess((v) => discountInput(v as DiscountValues, timeZone), discountSchema(currencyCode));
}
