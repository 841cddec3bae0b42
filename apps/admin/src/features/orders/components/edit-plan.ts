import { parseMoney } from '@stockroom/domain';
import type { OrderEditChangesInput } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';

type Money = { amount: string; currencyCode: string };

/** A line of the order as the edit page reads it. */
export interface EditLineView {
  id: string;
  quantity: number;
  fulfilledQuantity: number;
  refundedQuantity: number;
}

/** A catalog variant added by the edit. */
export interface AddedVariant {
  key: string;
  variantId: string;
  title: string;
  sku: string | null;
  price: Money;
  quantity: number;
}

/** An item not in the catalog, added by the edit. */
export interface AddedCustomItem {
  key: string;
  title: string;
  price: string;
  quantity: number;
  taxable: boolean;
  requiresShipping: boolean;
}

/** A new price for a line, and why (both required by the server). */
export interface PriceOverride {
  price: string;
  reason: string;
}

export type EditShipping =
  { kind: 'keep' } | { kind: 'rate'; rateId: string } | { kind: 'custom'; title: string; price: string };

export interface EditState {
  /** The quantity each order line will have (0 removes it), by line id. */
  quantities: Record<string, number>;
  /** New prices, by line id. */
  prices: Record<string, PriceOverride>;
  added: AddedVariant[];
  custom: AddedCustomItem[];
  shipping: EditShipping;
  /** The code the order will carry ('' for none). */
  discountCode: string;
  /** Why a kept code stays when its minimum is no longer met. */
  minimumOverrideReason: string;
}

/** The order as it is: nothing changed yet. */
export function initialEditState(lines: readonly EditLineView[], discountCode: string | null): EditState {
  return {
    quantities: Object.fromEntries(lines.map((l) => [l.id, l.quantity])),
    prices: {},
    added: [],
    custom: [],
    shipping: { kind: 'keep' },
    discountCode: discountCode ?? '',
    minimumOverrideReason: '',
  };
}

/**
 * The lowest quantity a line may take: units shipped or refunded stay on the order (never more than
 * it has).
 */
export const minimumQuantity = (line: EditLineView) =>
  Math.min(line.quantity, line.fulfilledQuantity + line.refundedQuantity);

/** Why the stepper stops where it does: "2 shipped", "1 refunded", "2 shipped, 1 refunded"; null at 0. */
export function minimumWords(line: EditLineView): string | null {
  const parts = [
    line.fulfilledQuantity > 0 && `${line.fulfilledQuantity} shipped`,
    line.refundedQuantity > 0 && `${line.refundedQuantity} refunded`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** A line can be taken off the order only while none of it has shipped or been refunded. */
export const canRemove = (line: EditLineView) => minimumQuantity(line) === 0;

/** The changes as the server takes them, and which added row each sent entry came from. */
export interface BuiltChanges {
  changes: OrderEditChangesInput;
  /** The key of the added variant behind addVariants[i]. */
  addedKeys: string[];
  /** The key of the custom item behind addCustomItems[i]. */
  customKeys: string[];
}

/**
 * What the editor's state asks of the server: only what differs from the order. A price typed in
 * full is sent with its reason (even empty: the server says it is needed, next to the box); a line
 * being removed changes no price.
 */
export function buildChanges(
  lines: readonly EditLineView[],
  state: EditState,
  original: { discountCode: string | null },
): BuiltChanges {
  const changes: OrderEditChangesInput = {};
  const setQuantities = lines
    .filter((l) => (state.quantities[l.id] ?? l.quantity) !== l.quantity)
    .map((l) => ({ orderLineId: l.id, quantity: state.quantities[l.id] ?? l.quantity }));
  if (setQuantities.length) changes.setQuantities = setQuantities;
  const setPrices = lines.flatMap((l) => {
    const p = state.prices[l.id];
    if (!p || !p.price.trim() || state.quantities[l.id] === 0) return [];
    return [{ orderLineId: l.id, price: p.price.trim(), reason: p.reason.trim() }];
  });
  if (setPrices.length) changes.setPrices = setPrices;
  const added = state.added.filter((a) => a.quantity > 0);
  if (added.length)
    changes.addVariants = added.map((a) => ({ variantId: a.variantId, quantity: a.quantity }));
  const custom = state.custom.filter((c) => c.quantity > 0);
  if (custom.length)
    changes.addCustomItems = custom.map((c) => ({
      title: c.title.trim(),
      price: c.price.trim(),
      quantity: c.quantity,
      taxable: c.taxable,
      requiresShipping: c.requiresShipping,
    }));
  const s = state.shipping;
  if (s.kind === 'rate') changes.shipping = { rateId: s.rateId };
  if (s.kind === 'custom') changes.shipping = { customTitle: s.title.trim(), customPrice: s.price.trim() };
  const code = state.discountCode.trim();
  const reason = state.minimumOverrideReason.trim();
  if (code.toLowerCase() !== (original.discountCode ?? '').toLowerCase() || (code && reason))
    changes.discount = { code: code || null, minimumOverrideReason: code && reason ? reason : null };
  return { changes, addedKeys: added.map((a) => a.key), customKeys: custom.map((c) => c.key) };
}

/** True when the changes would change something (the server gets nothing to do otherwise). */
export const hasChanges = (changes: OrderEditChangesInput) =>
  Object.values(changes).some((v) => (Array.isArray(v) ? v.length > 0 : v != null));

export interface PlacedEditErrors {
  /** By order line id. */
  lines: Record<string, string>;
  /** Price override problems, by order line id. */
  prices: Record<string, string>;
  /** By added variant key. */
  added: Record<string, string>;
  /** By custom item key. */
  custom: Record<string, string>;
  shipping?: string;
  discount?: string;
  reason?: string;
  /** Errors that belong to no field shown. */
  other: string[];
}

const idOf = (id: string | number | undefined) => (id === undefined ? undefined : String(id));

export const noEditErrors = (): PlacedEditErrors => ({
  lines: {},
  prices: {},
  added: {},
  custom: {},
  other: [],
});

/**
 * Puts the server's userErrors next to what they are about: ["changes", "setQuantities", "1",
 * "quantity"] names the line sent second (from orderEdit, the same behind "input").
 */
export function placeEditErrors(
  errors: readonly { field?: readonly string[] | null; message: string }[],
  built: BuiltChanges,
): PlacedEditErrors {
  const placed = noEditErrors();
  const { changes } = built;
  for (const e of errors) {
    const field = e.field?.[0] === 'input' ? e.field.slice(1) : (e.field ?? []);
    const [head, list, index] = field[0] === 'changes' ? field : ['', ...field];
    const i = Number(index);
    let at: { into: Record<string, string>; key: string | undefined } | null = null;
    if (head === 'changes' && list === 'setQuantities')
      at = { into: placed.lines, key: idOf(changes.setQuantities?.[i]?.orderLineId) };
    else if (head === 'changes' && list === 'setPrices')
      at = { into: placed.prices, key: idOf(changes.setPrices?.[i]?.orderLineId) };
    else if (head === 'changes' && list === 'addVariants')
      at = { into: placed.added, key: built.addedKeys[i] };
    else if (head === 'changes' && list === 'addCustomItems')
      at = { into: placed.custom, key: built.customKeys[i] };
    if (at?.key) at.into[at.key] ??= e.message;
    else if (head === 'changes' && (list === 'shipping' || list === 'discount')) placed[list] ??= e.message;
    else if (head === '' && list === 'reason') placed.reason ??= e.message;
    else placed.other.push(e.message);
  }
  return placed;
}

/** "Commits 1 × Linen Shirt — M at Main warehouse" / "Releases 2 × …". */
export const stockChangeWords = (c: { quantity: number; title: string; location: { name: string } }) =>
  `${c.quantity > 0 ? 'Commits' : 'Releases'} ${Math.abs(c.quantity)} × ${c.title} at ${c.location.name}`;

export type PaymentDelta =
  | { kind: 'owes'; amount: Money; words: string }
  | { kind: 'refund'; amount: Money; words: string }
  | { kind: 'none'; words: string };

/** What the edit means for the money: the customer owes, a refund is suggested, or nothing moves. */
export function paymentDelta(calc: { outstanding: Money; suggestedRefund: Money }): PaymentDelta {
  const minor = (m: Money) => parseMoney(m.amount, m.currencyCode) ?? 0;
  if (minor(calc.outstanding) > 0)
    return {
      kind: 'owes',
      amount: calc.outstanding,
      words: `Customer owes ${formatMoney(calc.outstanding)}`,
    };
  if (minor(calc.suggestedRefund) > 0)
    return {
      kind: 'refund',
      amount: calc.suggestedRefund,
      words: `Refund ${formatMoney(calc.suggestedRefund)} suggested`,
    };
  return { kind: 'none', words: 'No change in payment' };
}
