/**
 * What a return is worth (issue #31): the credit for the units that come back, the fees, the new
 * items of an exchange and the difference — money back to the customer, or money they owe.
 *
 * A unit is credited once: units refunded before (a "keep it" refund) or credited by another return
 * come back without money. A line's units are credited in the same cumulative shares as refunds
 * (refunds.ts), so crediting and refunding every unit of a line, in any mix, gives back exactly
 * what was paid for it, to the minor unit.
 */
import { refundLineShare, type RefundLineShare } from './refunds.js';
import { taxOn } from './settings.js';

export interface ReturnCreditLine {
  /** The order line's units, subtotal (unit price × quantity), discount and tax, minor units. */
  quantity: number;
  subtotal: number;
  discount: number;
  tax: number;
  /** Units of the line given back already: refunded, or credited by other returns. */
  spent: number;
  /** Units of this return that count: received and not missing, or still expected. */
  units: number;
}

export interface ReturnCreditShare extends RefundLineShare {
  /** Units credited with money: at most the units not spent yet. */
  creditedUnits: number;
}

/** One line's credit. */
export function returnLineCredit(line: ReturnCreditLine, pricesIncludeTax: boolean): ReturnCreditShare {
  const open = Math.max(0, line.quantity - line.spent);
  const creditedUnits = Math.max(0, Math.min(line.units, open));
  const share = refundLineShare(
    {
      quantity: line.quantity,
      refundedQuantity: Math.min(line.spent, line.quantity),
      subtotal: line.subtotal,
      discount: line.discount,
      tax: line.tax,
    },
    creditedUnits,
    pricesIncludeTax,
  );
  return { ...share, creditedUnits };
}

/**
 * A new item of an exchange: priced today (or overridden), taxed at today's rate for the shipping
 * address — the percent as tax rates store it ('8.875'), null when none applies — or, once the
 * item is on the order, with the tax its order line holds.
 */
export type ExchangeItem = { unitPrice: number; quantity: number } & (
  { taxRate: string | null } | { tax: number }
);

export interface ExchangeItemFigures {
  subtotal: number;
  tax: number;
  /** What the customer pays for it: the subtotal with its tax (prices excluding tax) or the subtotal. */
  total: number;
}

/**
 * Tax of an amount at a rate the way an order's lines get it (taxOn, as computeOrderTotals: half
 * up, exact); with prices including tax, the tax inside the gross amount.
 */
export function exchangeItemFigures(item: ExchangeItem, pricesIncludeTax: boolean): ExchangeItemFigures {
  const subtotal = item.unitPrice * item.quantity;
  const tax =
    'tax' in item ? item.tax : item.taxRate === null ? 0 : taxOn(subtotal, item.taxRate, pricesIncludeTax);
  return { subtotal, tax, total: pricesIncludeTax ? subtotal : subtotal + tax };
}

export interface ReturnSettlementInput {
  lines: ReturnCreditLine[];
  exchange: ExchangeItem[];
  pricesIncludeTax: boolean;
  /** Flat fee for the return label, minor units. */
  returnShippingFee: number;
  /** Whole percent of the credited merchandise. */
  restockingFeePercent: number;
  /** Original shipping given back (only when every unit comes back and staff chose it). */
  shipping: number;
  /** Money captured and refunded on the order so far. */
  captured: number;
  refunded: number;
}

export interface ReturnSettlementFigures {
  lines: ReturnCreditShare[];
  /** Σ line amounts: what the returned units are worth. */
  credit: number;
  /** Of which tax (the original tax of those units). */
  creditTax: number;
  shipping: number;
  restockingFee: number;
  returnShippingFee: number;
  /** Fees taken: never more than the credit and shipping, so the fees never make the customer owe. */
  fees: number;
  newItems: ExchangeItemFigures[];
  newItemsTotal: number;
  newItemsTax: number;
  /** newItemsTotal − (credit + shipping − fees): above 0 the customer owes it, below 0 it is theirs. */
  difference: number;
  /** What the customer owes (difference > 0). */
  owed: number;
  /**
   * Credit of the returned units applied to the new items: min(credit + shipping − fees, new items).
   * No money moves for it; the order's payable total is its total less such credit.
   */
  exchangeCredit: number;
  /** Money back suggested: −difference, at most what was captured and not refunded. */
  refund: number;
  /** The most that can be refunded now. */
  maximum: number;
}

export function settleReturn(input: ReturnSettlementInput): ReturnSettlementFigures {
  const lines = input.lines.map((l) => returnLineCredit(l, input.pricesIncludeTax));
  const credit = lines.reduce((a, l) => a + l.amount, 0);
  const creditTax = lines.reduce((a, l) => a + l.tax, 0);
  const merchandise = lines.reduce((a, l) => a + l.subtotal - l.discount, 0);
  const percent = Math.max(0, Math.min(100, input.restockingFeePercent));
  const restockingFee = Math.round((merchandise * percent) / 100);
  const returnShippingFee = Math.max(0, input.returnShippingFee);
  const fees = Math.min(restockingFee + returnShippingFee, credit + input.shipping);
  const newItems = input.exchange.map((e) => exchangeItemFigures(e, input.pricesIncludeTax));
  const newItemsTotal = newItems.reduce((a, n) => a + n.total, 0);
  const newItemsTax = newItems.reduce((a, n) => a + n.tax, 0);
  const difference = newItemsTotal - (credit + input.shipping - fees);
  const maximum = Math.max(0, input.captured - input.refunded);
  return {
    lines,
    credit,
    creditTax,
    shipping: input.shipping,
    restockingFee,
    returnShippingFee,
    fees,
    newItems,
    newItemsTotal,
    newItemsTax,
    difference,
    owed: Math.max(0, difference),
    exchangeCredit: Math.min(Math.max(0, credit + input.shipping - fees), newItemsTotal),
    refund: Math.min(Math.max(0, -difference), maximum),
    maximum,
  };
}
