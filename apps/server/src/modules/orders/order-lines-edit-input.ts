import { decodeIdOf, MAX_LINE_QUANTITY, parseMoney, type UserError } from '@stockroom/domain';

/*
 * Issue #32, order edits: the changes as the API receives them, checked on their own (no database):
 * ids decoded, quantities and prices in range, reasons given. Problems are userErrors with fields
 * under ["changes", …] as the input names them.
 */

/** At most this many characters in an edit's reason or a price change's reason. */
export const EDIT_REASON_MAX = 500;
/** At most this many characters in a custom item's title or a custom shipping title. */
const TITLE_MAX = 255;

export interface OrderEditChangesRaw {
  addVariants?: readonly { variantId: string; quantity: number }[] | null;
  addCustomItems?:
    | readonly {
        title: string;
        price: string;
        quantity: number;
        taxable?: boolean | null;
        requiresShipping?: boolean | null;
      }[]
    | null;
  setQuantities?: readonly { orderLineId: string; quantity: number }[] | null;
  setPrices?: readonly { orderLineId: string; price: string; reason: string }[] | null;
  shipping?: { rateId?: string | null; customTitle?: string | null; customPrice?: string | null } | null;
  discount?: { code?: string | null; minimumOverrideReason?: string | null } | null;
}

export interface OrderEditChanges {
  addVariants: { variantId: string; quantity: number; index: number }[];
  addCustomItems: {
    title: string;
    price: number;
    quantity: number;
    taxable: boolean;
    requiresShipping: boolean;
    index: number;
  }[];
  /** By order line id. */
  setQuantities: Map<string, { quantity: number; index: number }>;
  setPrices: Map<string, { price: number; reason: string; index: number }>;
  shipping: { rateId: string } | { title: string; price: number } | null;
  /** Null: the code stays as it is; code null: it is removed. */
  discount: { code: string | null; minimumOverrideReason: string | null } | null;
}

const quantityError = (field: string[], min: number): UserError => ({
  code: 'OUT_OF_RANGE',
  message: `Enter a whole quantity from ${min} to ${MAX_LINE_QUANTITY.toLocaleString('en-US')}.`,
  field,
});

function checkQuantity(q: number, min: number, field: string[], errors: UserError[]): boolean {
  if (Number.isInteger(q) && q >= min && q <= MAX_LINE_QUANTITY) return true;
  errors.push(quantityError(field, min));
  return false;
}

function checkPrice(raw: string, currency: string, field: string[], errors: UserError[]): number | null {
  const price = parseMoney(raw, currency);
  if (price === null)
    errors.push({ code: 'INVALID', message: `Enter a price like 12.50 in ${currency}, not below 0.`, field });
  return price;
}

function checkText(raw: string | null | undefined, max: number, field: string[], errors: UserError[]) {
  const text = raw?.trim() ?? '';
  if (!text) errors.push({ code: 'REQUIRED', message: 'Say why.', field });
  else if (text.length > max)
    errors.push({ code: 'TOO_LONG', message: `Use at most ${max} characters.`, field });
  return text;
}

/** An order line's id, once per list; problems reported on the entry's orderLineId. */
function lineIdOf(raw: string, field: string[], seen: Set<string>, errors: UserError[]): string | null {
  const id = decodeIdOf('OrderLine', String(raw));
  if (!id) {
    errors.push({ code: 'INVALID', message: 'This line is not on the order.', field });
    return null;
  }
  if (seen.has(id)) {
    errors.push({ code: 'INVALID', message: 'This line is named twice; change it once.', field });
    return null;
  }
  seen.add(id);
  return id;
}

/** The changes checked on their own; every problem found is in `errors`. */
export function parseEditChanges(
  raw: OrderEditChangesRaw,
  currency: string,
  errors: UserError[],
): OrderEditChanges {
  const at = (...path: (string | number)[]) => ['changes', ...path.map(String)];
  const changes: OrderEditChanges = {
    addVariants: [],
    addCustomItems: [],
    setQuantities: new Map(),
    setPrices: new Map(),
    shipping: null,
    discount: null,
  };
  const variants = new Map<string, number>();
  (raw.addVariants ?? []).forEach((line, i) => {
    let variantId = decodeIdOf('ProductVariant', String(line.variantId));
    if (!variantId)
      errors.push({
        code: 'INVALID',
        message: "This variant doesn't exist.",
        field: at('addVariants', i, 'variantId'),
      });
    else if (variants.has(variantId)) {
      errors.push({
        code: 'INVALID',
        message: `This variant is already added as new line ${variants.get(variantId)! + 1}; change that quantity instead.`,
        field: at('addVariants', i, 'variantId'),
      });
      variantId = null;
    } else variants.set(variantId, i);
    const ok = checkQuantity(line.quantity, 1, at('addVariants', i, 'quantity'), errors);
    if (variantId && ok) changes.addVariants.push({ variantId, quantity: line.quantity, index: i });
  });
  (raw.addCustomItems ?? []).forEach((item, i) => {
    const title = item.title.trim();
    if (!title)
      errors.push({ code: 'REQUIRED', message: 'Enter a title.', field: at('addCustomItems', i, 'title') });
    else if (title.length > TITLE_MAX)
      errors.push({
        code: 'TOO_LONG',
        message: `Use at most ${TITLE_MAX} characters.`,
        field: at('addCustomItems', i, 'title'),
      });
    const price = checkPrice(item.price, currency, at('addCustomItems', i, 'price'), errors);
    const ok = checkQuantity(item.quantity, 1, at('addCustomItems', i, 'quantity'), errors);
    if (title && title.length <= TITLE_MAX && price !== null && ok)
      changes.addCustomItems.push({
        title,
        price,
        quantity: item.quantity,
        taxable: item.taxable ?? true,
        requiresShipping: item.requiresShipping ?? true,
        index: i,
      });
  });
  const quantityIds = new Set<string>();
  (raw.setQuantities ?? []).forEach((line, i) => {
    const id = lineIdOf(line.orderLineId, at('setQuantities', i, 'orderLineId'), quantityIds, errors);
    const ok = checkQuantity(line.quantity, 0, at('setQuantities', i, 'quantity'), errors);
    if (id && ok) changes.setQuantities.set(id, { quantity: line.quantity, index: i });
  });
  const priceIds = new Set<string>();
  (raw.setPrices ?? []).forEach((line, i) => {
    const id = lineIdOf(line.orderLineId, at('setPrices', i, 'orderLineId'), priceIds, errors);
    const price = checkPrice(line.price, currency, at('setPrices', i, 'price'), errors);
    const reason = checkText(line.reason, EDIT_REASON_MAX, at('setPrices', i, 'reason'), errors);
    if (id && price !== null && reason && reason.length <= EDIT_REASON_MAX)
      changes.setPrices.set(id, { price, reason, index: i });
  });
  changes.shipping = parseShipping(raw.shipping, currency, errors);
  if (raw.discount) {
    const code = raw.discount.code?.trim() || null;
    const reason = raw.discount.minimumOverrideReason?.trim() || null;
    if (reason && reason.length > EDIT_REASON_MAX)
      errors.push({
        code: 'TOO_LONG',
        message: `Use at most ${EDIT_REASON_MAX} characters.`,
        field: at('discount', 'minimumOverrideReason'),
      });
    changes.discount = { code, minimumOverrideReason: reason };
  }
  return changes;
}

function parseShipping(
  raw: OrderEditChangesRaw['shipping'],
  currency: string,
  errors: UserError[],
): OrderEditChanges['shipping'] {
  if (!raw) return null;
  const field = ['changes', 'shipping'];
  const rateId = raw.rateId == null ? null : String(raw.rateId);
  const custom = raw.customTitle != null || raw.customPrice != null;
  if (rateId && custom) {
    errors.push({
      code: 'INVALID',
      message: 'Choose a shipping rate or enter a custom title and price, not both.',
      field,
    });
    return null;
  }
  if (rateId) {
    const id = decodeIdOf('ShippingRate', rateId);
    if (id) return { rateId: id };
    errors.push({
      code: 'INVALID',
      message: "This shipping rate doesn't exist.",
      field: [...field, 'rateId'],
    });
    return null;
  }
  const title = raw.customTitle?.trim() ?? '';
  if (!title)
    errors.push({
      code: 'REQUIRED',
      message: 'Choose a shipping rate, or enter a custom title and price.',
      field: [...field, 'customTitle'],
    });
  else if (title.length > TITLE_MAX)
    errors.push({
      code: 'TOO_LONG',
      message: `Use at most ${TITLE_MAX} characters.`,
      field: [...field, 'customTitle'],
    });
  const priceRaw = raw.customPrice?.trim() ?? '';
  if (!priceRaw) {
    errors.push({ code: 'REQUIRED', message: 'Enter the shipping price.', field: [...field, 'customPrice'] });
    return null;
  }
  const price = checkPrice(priceRaw, currency, [...field, 'customPrice'], errors);
  return title && title.length <= TITLE_MAX && price !== null ? { title, price } : null;
}

/** Whether the changes change anything at all (an empty edit is refused: "Nothing to change"). */
export function hasChanges(raw: OrderEditChangesRaw): boolean {
  return Boolean(
    raw.addVariants?.length ||
    raw.addCustomItems?.length ||
    raw.setQuantities?.length ||
    raw.setPrices?.length ||
    raw.shipping ||
    raw.discount,
  );
}
