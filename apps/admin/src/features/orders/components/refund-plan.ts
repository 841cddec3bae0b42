import { formatMinor, parseMoney } from '@stockroom/domain';
import type { OrderRefundLineInput } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';

/** A line of the refund page as the query gives it. */
export interface RefundLineView {
  id: string;
  quantity: number;
  refundedQuantity: number;
  unfulfilledQuantity: number;
  location: { id: string; name: string } | null;
  variant: { id: string } | null;
}

export interface RefundLineChoice {
  quantity: number;
  restock: boolean;
  /** Where restocked units go; starts where the line shipped from. */
  locationId: string | null;
}

export type RefundChoices = Record<string, RefundLineChoice>;

/** Units of a line not yet refunded. */
export const refundableUnits = (line: RefundLineView) => Math.max(0, line.quantity - line.refundedQuantity);

/** A tracked variant still in the catalog can go back on a shelf; a custom or deleted one can't. */
export const canRestock = (line: RefundLineView) => line.variant !== null && line.location !== null;

/** Nothing chosen yet; restock on where it can be (returned goods usually go back on the shelf). */
export function initialChoices(lines: readonly RefundLineView[]): RefundChoices {
  return Object.fromEntries(
    lines.map((l) => [l.id, { quantity: 0, restock: canRestock(l), locationId: l.location?.id ?? null }]),
  );
}

/**
 * The lines to send: only those with a quantity, restock only where it means something: shipped
 * units among those chosen (a refund takes unshipped units first; those are released whatever the
 * checkbox says, or were released by the cancel). The server refuses a restock of nothing.
 */
export function refundLinesInput(
  lines: readonly RefundLineView[],
  choices: RefundChoices,
): OrderRefundLineInput[] {
  return lines.flatMap((l) => {
    const c = choices[l.id];
    if (!c || c.quantity <= 0) return [];
    const restock = c.restock && canRestock(l) && c.quantity > l.unfulfilledQuantity;
    return [{ lineId: l.id, quantity: c.quantity, restock, locationId: restock ? c.locationId : null }];
  });
}

/**
 * What happens to the stock of these units: units not shipped yet were only reserved, so they are
 * released whatever the checkbox says (SPEC: a refund takes unshipped units first) — or, on a
 * cancelled order, were released by the cancel already and move no stock now.
 */
export function stockNote(
  line: RefundLineView,
  choice: RefundLineChoice,
  locationName: string | null,
  cancelled = false,
): string | null {
  if (choice.quantity <= 0 || !canRestock(line)) return null;
  const unshipped = Math.min(choice.quantity, line.unfulfilledQuantity);
  const shipped = choice.quantity - unshipped;
  const parts: string[] = [];
  if (unshipped > 0)
    parts.push(
      cancelled
        ? `${unshipped} not shipped: back in stock since the order was cancelled`
        : `${unshipped} not shipped yet: ${unshipped === 1 ? 'its reservation is' : 'their reservations are'} released`,
    );
  if (shipped > 0)
    parts.push(
      choice.restock
        ? `${shipped} back in stock at ${locationName ?? 'the location'}`
        : `${shipped} not restocked`,
    );
  return parts.join('; ');
}

export interface PlacedRefundErrors {
  /** By line id. */
  lines: Record<string, string>;
  shipping?: string;
  amount?: string;
  reason?: string;
  /** Errors that belong to no field shown. */
  other: string[];
}

/**
 * Puts the server's userErrors next to what they are about. Fields name the lines as sent
 * (["input", "lines", "0", "quantity"] from orderRefund, ["lines", "0", …] from the suggestion).
 */
export function placeRefundErrors(
  errors: readonly { field?: readonly string[] | null; message: string }[],
  sent: readonly OrderRefundLineInput[],
): PlacedRefundErrors {
  const placed: PlacedRefundErrors = { lines: {}, other: [] };
  for (const e of errors) {
    const field = e.field?.[0] === 'input' ? e.field.slice(1) : (e.field ?? []);
    const [head, index] = field;
    const line = head === 'lines' && index !== undefined ? sent[Number(index)] : undefined;
    if (line) placed.lines[String(line.lineId)] ??= e.message;
    else if (head === 'shipping' || head === 'amount' || head === 'reason') placed[head] ??= e.message;
    else placed.other.push(e.message);
  }
  return placed;
}

type Money = { amount: string; currencyCode: string };

/**
 * "Up to $21.10 of shipping ($19.95 + $1.15 tax) is left to refund." The limit includes the
 * shipping tax when prices exclude tax (issue #26 §3): say so rather than let $21.10 puzzle anyone
 * who charged $19.95.
 */
export function shippingLeftWords(left: Money, tax: Money): string {
  const currency = left.currencyCode;
  const leftMinor = parseMoney(left.amount, currency) ?? 0;
  const taxMinor = parseMoney(tax.amount, currency) ?? 0;
  if (taxMinor <= 0 || taxMinor >= leftMinor)
    return `Up to ${formatMoney(left)} of shipping is left to refund.`;
  const money = (minor: number) =>
    formatMoney({ amount: formatMinor(minor, currency), currencyCode: currency });
  return `Up to ${formatMoney(left)} of shipping (${money(leftMinor - taxMinor)} + ${money(taxMinor)} tax) is left to refund.`;
}
