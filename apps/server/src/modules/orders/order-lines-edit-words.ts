import { moneyWords } from './order-timeline.js';

/*
 * Issue #32: an order edit's figures as the API answers them (plain JSON, so a repeated
 * idempotency key answers the first edit's exactly) and its changes in words, as the audit event,
 * the timeline and the customer's email say them.
 */

export const EDIT_LINE_CHANGES = [
  'UNCHANGED',
  'ADDED',
  'REMOVED',
  'QUANTITY_CHANGED',
  'PRICE_CHANGED',
] as const;
export type EditLineChange = (typeof EDIT_LINE_CHANGES)[number];

/** Amounts in minor units of the order's currency; ids are uuids. */
export interface EditCalculation {
  lines: {
    orderLineId: string | null;
    change: EditLineChange;
    productTitle: string;
    variantTitle: string;
    sku: string | null;
    variantId: string | null;
    custom: boolean;
    quantity: number;
    previousQuantity: number;
    unitPrice: number;
    previousUnitPrice: number | null;
    fulfilledQuantity: number;
    subtotal: number;
    discount: number;
    tax: number;
    total: number;
  }[];
  subtotal: number;
  discountTotal: number;
  shippingTotal: number;
  taxTotal: number;
  total: number;
  previousTotal: number;
  shipping: { name: string; price: number; total: number; tax: number } | null;
  discountCode: string | null;
  discountMinimumNotMet: boolean;
  stockChanges: {
    variantId: string | null;
    sku: string | null;
    title: string;
    locationId: string;
    quantity: number;
  }[];
  totalPaid: number;
  outstanding: number;
  suggestedRefund: number;
  totalCapturable: number;
}

interface SummaryInput {
  order: {
    total: number;
    shippingName: string | null;
    shippingPrice: number;
    discountCode: string | null;
  };
  lines: readonly {
    change: EditLineChange;
    productTitle: string;
    variantTitle: string;
    quantity: number;
    previousQuantity: number;
    unitPrice: number;
    previousUnitPrice: number | null;
    priceReason: string | null;
  }[];
  totals: { total: number };
  shipping: { name: string; price: number } | null;
  shippingChanged: boolean;
  discount: { code: string } | null;
}

const title = (l: { productTitle: string; variantTitle: string }) =>
  l.variantTitle && l.variantTitle !== 'Default' ? `${l.productTitle} — ${l.variantTitle}` : l.productTitle;
const n = (q: number) => q.toLocaleString('en-US');

/**
 * The edit in words, one entry per change: "added 1 × Linen Shirt — M", "removed 2 × Tee — L",
 * "Tee — S: 1 → 3", "Tee — S at $20.00 → $18.00 (damaged box)", "Shipping $5.00 → $8.00",
 * "discount code SAVE10 removed", "total $50.00 → $58.00".
 */
export function editSummary(plan: SummaryInput, currencyCode: string): string[] {
  const money = (minor: number) => moneyWords(minor, currencyCode);
  const words: string[] = [];
  for (const l of plan.lines) {
    if (l.change === 'ADDED') words.push(`added ${n(l.quantity)} × ${title(l)} at ${money(l.unitPrice)}`);
    if (l.change === 'REMOVED') words.push(`removed ${n(l.previousQuantity)} × ${title(l)}`);
    if (l.change !== 'ADDED' && l.change !== 'REMOVED' && l.quantity !== l.previousQuantity)
      words.push(`${title(l)}: ${n(l.previousQuantity)} → ${n(l.quantity)}`);
    if (l.change !== 'ADDED' && l.change !== 'REMOVED' && l.previousUnitPrice !== null)
      words.push(
        `${title(l)} at ${money(l.previousUnitPrice)} → ${money(l.unitPrice)}${l.priceReason ? ` (${l.priceReason})` : ''}`,
      );
  }
  const { order } = plan;
  if (plan.shippingChanged) {
    const before = order.shippingName
      ? `${order.shippingName} ${money(Number(order.shippingPrice))}`
      : 'none';
    const after = plan.shipping ? `${plan.shipping.name} ${money(plan.shipping.price)}` : 'none';
    if (before !== after) words.push(`Shipping ${before} → ${after}`);
  }
  const codeBefore = order.discountCode ?? null;
  const codeAfter = plan.discount?.code ?? null;
  if ((codeBefore ?? '').toLowerCase() !== (codeAfter ?? '').toLowerCase())
    words.push(
      codeAfter === null
        ? `discount code ${codeBefore} removed`
        : codeBefore === null
          ? `discount code ${codeAfter} applied`
          : `discount code ${codeBefore} → ${codeAfter}`,
    );
  if (Number(order.total) !== plan.totals.total)
    words.push(`total ${money(Number(order.total))} → ${money(plan.totals.total)}`);
  return words;
}
