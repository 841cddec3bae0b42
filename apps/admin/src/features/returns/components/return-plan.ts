import {
  formatMinor,
  parseMoney,
  RETURN_LIMITS,
  settleReturn,
  type ExchangeItem,
  type ReturnReason,
  type ReturnSettlementFigures,
} from '@stockroom/domain';

type Money = { amount: string; currencyCode: string };

/** "12.30" → 1230 in the money's currency; 0 when the server sent something unreadable. */
export function minorOf(money: Money): number {
  return parseMoney(money.amount, money.currencyCode) ?? 0;
}

export function moneyOf(minor: number, currencyCode: string): Money {
  return { amount: formatMinor(minor, currencyCode), currencyCode };
}

/** An order line as the create-return page reads it. */
export interface ReturnableLine {
  id: string;
  quantity: number;
  refundedQuantity: number;
  returnCreditedQuantity: number;
  returnableQuantity: number;
  subtotal: Money;
  discount: Money;
  tax: Money;
}

/** What the person chose for one line: units, why, and a note. */
export interface ReturnLineChoice {
  quantity: number;
  reason: ReturnReason | null;
  note: string;
}

export type ReturnChoices = Record<string, ReturnLineChoice>;

export function initialReturnChoices(lines: readonly ReturnableLine[]): ReturnChoices {
  return Object.fromEntries(lines.map((l) => [l.id, { quantity: 0, reason: null, note: '' }]));
}

export interface ReturnFeesInput {
  /** The return label fee as typed, a decimal in the order's currency; "" for none. */
  returnShippingFee: string;
  /** Whole percent as typed; "" for none. */
  restockingFeePercent: string;
}

export interface ReturnOrderMoney {
  currencyCode: string;
  pricesIncludeTax: boolean;
  totalPaid: Money;
  totalRefunded: Money;
}

/** The fee inputs read, or the words for what is wrong with them (null when fine). */
export function readFees(fees: ReturnFeesInput, currencyCode: string) {
  const shippingText = fees.returnShippingFee.trim();
  const shippingFee = shippingText === '' ? 0 : parseMoney(shippingText, currencyCode);
  const percentText = fees.restockingFeePercent.trim();
  const percent = percentText === '' ? 0 : /^\d{1,3}$/.test(percentText) ? Number(percentText) : null;
  return {
    shippingFee: shippingFee ?? 0,
    percent: percent !== null && percent <= RETURN_LIMITS.restockingFeePercentMax ? percent : 0,
    shippingFeeError: shippingFee === null ? 'Enter an amount like 5.00.' : null,
    percentError:
      percent === null || percent > RETURN_LIMITS.restockingFeePercentMax
        ? 'Enter a whole percent from 0 to 100.'
        : null,
  };
}

/**
 * The settlement as it would be if every chosen unit came back, worked out in the browser with the
 * same arithmetic as the server (settleReturn): units refunded before or credited by another return
 * come back without money; original shipping is the settle step's choice, so none here. New items
 * of an exchange (exchangeItemsOf) count against the credit: the difference is what the customer
 * owes (above 0) or gets back (below 0).
 */
export function previewSettlement(
  order: ReturnOrderMoney,
  lines: readonly ReturnableLine[],
  choices: ReturnChoices,
  fees: ReturnFeesInput,
  exchange: readonly ExchangeItem[] = [],
): ReturnSettlementFigures {
  const { shippingFee, percent } = readFees(fees, order.currencyCode);
  return settleReturn({
    lines: lines
      .filter((l) => (choices[l.id]?.quantity ?? 0) > 0)
      .map((l) => ({
        quantity: l.quantity,
        subtotal: minorOf(l.subtotal),
        discount: minorOf(l.discount),
        tax: minorOf(l.tax),
        spent: l.refundedQuantity + l.returnCreditedQuantity,
        units: Math.min(choices[l.id]!.quantity, l.returnableQuantity),
      })),
    exchange: [...exchange],
    pricesIncludeTax: order.pricesIncludeTax,
    returnShippingFee: shippingFee,
    restockingFeePercent: percent,
    shipping: 0,
    captured: minorOf(order.totalPaid),
    refunded: minorOf(order.totalRefunded),
  });
}

export interface ReturnLineInputShape {
  orderLineId: string;
  quantity: number;
  reason: ReturnReason;
  note: string | null;
}

/**
 * The lines to send, or the lines missing a reason (by order line id). A chosen line needs its
 * reason before anything is sent; a line with no units is left out.
 */
export function returnLinesInput(
  lines: readonly ReturnableLine[],
  choices: ReturnChoices,
): { lines: ReturnLineInputShape[]; missingReason: string[] } {
  const out: ReturnLineInputShape[] = [];
  const missingReason: string[] = [];
  for (const line of lines) {
    const choice = choices[line.id];
    if (!choice || choice.quantity <= 0) continue;
    if (!choice.reason) {
      missingReason.push(line.id);
      continue;
    }
    out.push({
      orderLineId: line.id,
      quantity: choice.quantity,
      reason: choice.reason,
      note: choice.note.trim() || null,
    });
  }
  return { lines: out, missingReason };
}

/**
 * A server path (["input", "lines", "2", "quantity"]) → the order line it is about, given the lines
 * that were sent; null when it names no line.
 */
export function lineOfErrorPath(
  path: readonly string[] | null | undefined,
  sent: readonly { orderLineId: string }[],
): string | null {
  if (!path) return null;
  const at = path.indexOf('lines');
  if (at < 0) return null;
  const index = Number(path[at + 1]);
  return Number.isInteger(index) ? (sent[index]?.orderLineId ?? null) : null;
}
