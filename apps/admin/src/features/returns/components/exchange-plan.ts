import { parseMoney, type ExchangeItem } from '@stockroom/domain';

type Money = { amount: string; currencyCode: string };

/** Reasons for a price other than today's: at most this many characters (the server's limit). */
export const OVERRIDE_REASON_MAX = 500;

/** A new item chosen for the exchange, as the form holds it. */
export interface ExchangeChoice {
  variantId: string;
  title: string;
  sku: string | null;
  /** Today's catalog price. */
  todayPrice: Money;
  /** The price as typed (a decimal in the order's currency); starts as today's. */
  price: string;
  reason: string;
  quantity: number;
}

export interface ExchangeChoiceErrors {
  price?: string;
  reason?: string;
  quantity?: string;
}

/** The typed price in minor units; null when it is not an amount. */
export function priceMinorOf(choice: ExchangeChoice): number | null {
  return parseMoney(choice.price.trim(), choice.todayPrice.currencyCode);
}

/** True when the typed price reads and is not today's: then a reason is needed. */
export function priceDiffers(choice: ExchangeChoice): boolean {
  const typed = priceMinorOf(choice);
  return typed !== null && typed !== parseMoney(choice.todayPrice.amount, choice.todayPrice.currencyCode);
}

/**
 * The new items for settleReturn: priced as typed (today's while the typed price does not read),
 * taxed at the address's rate today (null: none applies or it is not known).
 */
export function exchangeItemsOf(choices: readonly ExchangeChoice[], taxRate: string | null): ExchangeItem[] {
  return choices.map((c) => ({
    unitPrice: priceMinorOf(c) ?? parseMoney(c.todayPrice.amount, c.todayPrice.currencyCode) ?? 0,
    quantity: c.quantity,
    taxRate,
  }));
}

export interface ExchangeLineInputShape {
  variantId: string;
  quantity: number;
  price: string | null;
  priceOverrideReason: string | null;
}

/**
 * What to send as exchangeLines, or the words for what is wrong per chosen item (by index): a
 * price that does not read, or a changed price with no reason.
 */
export function exchangeLinesInput(choices: readonly ExchangeChoice[]): {
  lines: ExchangeLineInputShape[];
  errors: Record<number, ExchangeChoiceErrors>;
} {
  const errors: Record<number, ExchangeChoiceErrors> = {};
  const lines = choices.map((c, i) => {
    const differs = priceDiffers(c);
    if (priceMinorOf(c) === null) errors[i] = { ...errors[i], price: 'Enter a price like 12.50.' };
    else if (priceMinorOf(c)! < 0) errors[i] = { ...errors[i], price: 'A price cannot be below zero.' };
    if (differs && !c.reason.trim())
      errors[i] = { ...errors[i], reason: 'Say why the price differs from today’s.' };
    if (!Number.isInteger(c.quantity) || c.quantity < 1)
      errors[i] = { ...errors[i], quantity: 'At least 1.' };
    return {
      variantId: c.variantId,
      quantity: c.quantity,
      price: differs ? c.price.trim() : null,
      priceOverrideReason: differs ? c.reason.trim() : null,
    };
  });
  return { lines, errors };
}

/**
 * A server path (["input", "exchangeLines", "1", "price"]) → the chosen item's index and which of
 * its fields; null when it names no exchange line.
 */
export function exchangeErrorAt(
  path: readonly string[] | null | undefined,
): { index: number; field: keyof ExchangeChoiceErrors } | null {
  if (!path) return null;
  const at = path.indexOf('exchangeLines');
  if (at < 0) return null;
  const index = Number(path[at + 1]);
  if (!Number.isInteger(index)) return null;
  const leaf = path[at + 2];
  const field: keyof ExchangeChoiceErrors =
    leaf === 'priceOverrideReason' ? 'reason' : leaf === 'price' ? 'price' : 'quantity';
  return { index, field };
}
