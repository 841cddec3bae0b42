/**
 * The money of an order (SPEC §3 Order, Discount; §5; §9), one definition for the server, which
 * freezes these numbers on the order, and the admin, which previews them while a draft is edited.
 * Amounts are integer minor units; all rounding happens per line so the lines add up to the order.
 */
import { DomainError, type UserError } from './errors.js';
import { addMinor, allocateMinor, formatMinor, maxMinor, percentOf } from './money.js';
import { taxOn } from './settings.js';

/** SPEC §5: at most this many lines per order. */
export const MAX_ORDER_LINES = 500;
/** SPEC §5: a line's quantity is 1 … this. */
export const MAX_LINE_QUANTITY = 100_000;

export const DISCOUNT_KINDS = ['PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export interface OrderLineInput {
  /** Minor units for one unit. */
  unitPrice: number;
  quantity: number;
  /** Default true. */
  taxable?: boolean;
}

/**
 * `eligible` says per line (same order as `lines`) whether the discount applies to it; default all.
 * Whether a code applies at all (dates, minimums, usage) is decided before, not here.
 */
export type OrderDiscountInput =
  | {
      kind: 'PERCENTAGE';
      /** "12.5" = 12.5 %, 0.01 … 100, at most 2 decimals */ value: string;
      eligible?: readonly boolean[];
    }
  | { kind: 'FIXED_AMOUNT'; /** minor units, > 0 */ value: number; eligible?: readonly boolean[] }
  | { kind: 'FREE_SHIPPING'; value?: undefined; eligible?: readonly boolean[] };

export interface OrderTotalsInput {
  currencyCode: string;
  lines: readonly OrderLineInput[];
  /** The shipping line's price before any free-shipping discount, minor units. */
  shippingPrice: number;
  discount?: OrderDiscountInput | null;
  /** Percent as stored on the tax rate ("8.875"); null when no rate applies. */
  taxRate: string | null;
  pricesIncludeTax: boolean;
  /** Default true. */
  shippingTaxable?: boolean;
}

export interface OrderLineTotals {
  /** unitPrice × quantity */
  subtotal: number;
  discount: number;
  /** On (subtotal − discount); inside it when prices include tax. */
  tax: number;
  /** subtotal − discount + (pricesIncludeTax ? 0 : tax) */
  total: number;
}

export interface OrderTotals {
  lines: OrderLineTotals[];
  /** Σ line subtotals */
  subtotal: number;
  /** Σ line discounts (a free-shipping discount shows in shippingDiscount, not here) */
  discountTotal: number;
  /** What free shipping took off the shipping price; already out of shippingTotal. */
  shippingDiscount: number;
  /** shippingPrice − shippingDiscount */
  shippingTotal: number;
  shippingTax: number;
  /** Σ line taxes + shippingTax */
  taxTotal: number;
  /**
   * subtotal − discountTotal + shippingTotal + (pricesIncludeTax ? 0 : taxTotal)
   * = Σ line totals + shippingTotal + (pricesIncludeTax ? 0 : shippingTax).
   */
  total: number;
}

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
const TAX_RATE = /^\d{1,3}(\.\d{1,3})?$/;

/**
 * Totals of an order. Throws a DomainError listing every broken limit at once (SPEC §5), with
 * fields relative to the input (["lines", "3", "quantity"], ["shippingPrice"], ["discount", "value"]).
 */
export function computeOrderTotals(input: OrderTotalsInput): OrderTotals {
  validate(input);
  const { lines, discount, taxRate, pricesIncludeTax } = input;
  const subtotals = lines.map((l) => l.unitPrice * l.quantity);
  const max = maxMinor(input.currencyCode);
  // Checked before any exact arithmetic (a plain sum may be inexact only when it is far too large
  // anyway): it keeps every later product within safe integers.
  if (subtotals.reduce((a, b) => a + b, 0) > max) {
    throw limit(`An order's subtotal can be at most ${money(max, input.currencyCode)}.`);
  }
  const subtotal = addMinor(...subtotals);

  const eligible = lines.map((_l, i) => discount?.eligible?.[i] ?? true);
  const discounts = lineDiscounts(subtotals, eligible, discount);
  const shippingDiscount = discount?.kind === 'FREE_SHIPPING' ? input.shippingPrice : 0;
  const shippingTotal = input.shippingPrice - shippingDiscount;

  // Tax comes after the discount: the customer pays tax on what they pay, not on the list price.
  const tax = (amount: number, taxable: boolean) =>
    taxRate === null || !taxable ? 0 : taxOn(amount, taxRate, pricesIncludeTax);
  const lineTotals = lines.map((line, i): OrderLineTotals => {
    const net = subtotals[i]! - discounts[i]!;
    const lineTax = tax(net, line.taxable ?? true);
    return {
      subtotal: subtotals[i]!,
      discount: discounts[i]!,
      tax: lineTax,
      total: pricesIncludeTax ? net : addMinor(net, lineTax),
    };
  });
  const shippingTax = tax(shippingTotal, input.shippingTaxable ?? true);
  const discountTotal = addMinor(...discounts);
  const taxTotal = addMinor(shippingTax, ...lineTotals.map((l) => l.tax));
  const total = addMinor(subtotal, -discountTotal, shippingTotal, pricesIncludeTax ? 0 : taxTotal);
  if (total > max) throw limit(`An order's total can be at most ${money(max, input.currencyCode)}.`);
  return {
    lines: lineTotals,
    subtotal,
    discountTotal,
    shippingDiscount,
    shippingTotal,
    shippingTax,
    taxTotal,
    total,
  };
}

function lineDiscounts(
  subtotals: readonly number[],
  eligible: readonly boolean[],
  discount: OrderDiscountInput | null | undefined,
): number[] {
  if (discount?.kind === 'PERCENTAGE') {
    // Per line, so each line shows its own rounded discount and they add up to the order's.
    // At most 100 %, so a line never goes below zero.
    return subtotals.map((s, i) => (eligible[i] ? percentOf(s, discount.value) : 0));
  }
  if (discount?.kind !== 'FIXED_AMOUNT') return subtotals.map(() => 0);
  const weights = subtotals.map((s, i) => (eligible[i] ? s : 0));
  const room = addMinor(...weights);
  // More off than the eligible lines cost would make a line negative: take at most all of them.
  const amount = Math.min(discount.value, room);
  if (amount === 0) return subtotals.map(() => 0);
  const parts = allocateMinor(amount, weights);
  // allocateMinor hands the rounding remainder to the largest line, which can push a line past its
  // own subtotal ([1, 1, 1] sharing 2 gives [2, 0, 0]); move the excess to lines with room left,
  // largest first, so the sum stays exact and no line goes below zero.
  let excess = 0;
  parts.forEach((p, i) => {
    if (p > weights[i]!) {
      excess += p - weights[i]!;
      parts[i] = weights[i]!;
    }
  });
  const byLargest = weights.map((_w, i) => i).sort((a, b) => weights[b]! - weights[a]! || a - b);
  for (const i of byLargest) {
    if (excess === 0) break;
    const give = Math.min(excess, weights[i]! - parts[i]!);
    parts[i]! += give;
    excess -= give;
  }
  return parts;
}

function validate(input: OrderTotalsInput): void {
  const errors: UserError[] = [];
  const max = maxMinor(input.currencyCode);
  const currency = input.currencyCode;
  const checkAmount = (value: number, field: string[], positive = false) => {
    if (!Number.isInteger(value)) {
      errors.push({ code: 'INVALID', message: 'Enter an amount in whole minor units.', field });
    } else if (value < (positive ? 1 : 0) || value > max) {
      const least = positive ? 'more than 0' : 'at least 0';
      errors.push({
        code: 'OUT_OF_RANGE',
        message: `Use an amount ${least} and at most ${money(max, currency)}.`,
        field,
      });
    }
  };

  if (input.lines.length === 0) {
    errors.push({ code: 'REQUIRED', message: 'An order needs at least one line.', field: ['lines'] });
  } else if (input.lines.length > MAX_ORDER_LINES) {
    errors.push({
      code: 'LIMIT_EXCEEDED',
      message: `An order can have at most ${MAX_ORDER_LINES} lines.`,
      field: ['lines'],
    });
  }
  input.lines.slice(0, MAX_ORDER_LINES).forEach((line, i) => {
    const q = line.quantity;
    if (!Number.isInteger(q) || q < 1 || q > MAX_LINE_QUANTITY) {
      errors.push({
        code: Number.isInteger(q) ? 'OUT_OF_RANGE' : 'INVALID',
        message: `Enter a whole quantity from 1 to ${MAX_LINE_QUANTITY.toLocaleString('en-US')}.`,
        field: ['lines', String(i), 'quantity'],
      });
    }
    checkAmount(line.unitPrice, ['lines', String(i), 'unitPrice']);
  });
  checkAmount(input.shippingPrice, ['shippingPrice']);

  const d = input.discount;
  if (d?.kind === 'FIXED_AMOUNT') checkAmount(d.value, ['discount', 'value'], true);
  if (
    d?.kind === 'PERCENTAGE' &&
    !(PERCENT.test(d.value) && Number(d.value) >= 0.01 && Number(d.value) <= 100)
  ) {
    errors.push({
      code: 'OUT_OF_RANGE',
      message: 'Enter a percentage from 0.01 to 100 with at most 2 decimals.',
      field: ['discount', 'value'],
    });
  }
  if (d?.eligible && d.eligible.length !== input.lines.length) {
    // A caller's mistake rather than the person's, but it must not silently discount the wrong lines.
    errors.push({
      code: 'INVALID',
      message: 'The discount must say for each line whether it applies.',
      field: ['discount'],
    });
  }
  if (input.taxRate !== null && !(TAX_RATE.test(input.taxRate) && Number(input.taxRate) <= 100)) {
    errors.push({
      code: 'INVALID',
      message: 'A tax rate is a percentage from 0 to 100 with at most 3 decimals.',
      field: ['taxRate'],
    });
  }
  if (errors.length > 0) throw new DomainError(errors);
}

function limit(message: string): DomainError {
  return DomainError.one('LIMIT_EXCEEDED', message);
}

function money(minor: number, currencyCode: string): string {
  return `${formatMinor(minor, currencyCode)} ${currencyCode.toUpperCase()}`;
}
