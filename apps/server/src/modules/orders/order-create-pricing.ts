import {
  computeOrderTotals,
  DomainError,
  type OrderDiscountInput,
  type OrderTotals,
} from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Customer } from '../customers/customer.model.js';
import type { Shop } from '../settings/settings.model.js';
import { applyDiscountCode, type CodeApplication } from '../discounts/discount.service.js';
import { taxRateFor } from '../shipping/tax.service.js';
import type { OrderCreateParsed } from './order-create-input.js';
import type { chosenRate, sellableVariants } from './order-create-checks.js';

/** How placing an order prices it: its items, tax, totals and discount code. Reads only. */

export type SellableLine = Awaited<ReturnType<typeof sellableVariants>>[number];
export type Shipping = Awaited<ReturnType<typeof chosenRate>>;
export type AppliedDiscount = Extract<CodeApplication, { ok: true }>;

interface ItemPrice {
  /** The line's place in the input (errors about it are named by it). */
  index: number;
  unitPrice: number;
  quantity: number;
  taxable: boolean;
}

/** A line of the order: a catalog variant sold, or a custom item (drafts). */
export type OrderItem = ItemPrice &
  ({ sold: SellableLine; custom: null } | { sold: null; custom: OrderCreateParsed['customLines'][number] });

/** Catalog and custom lines in the order they were entered. */
export function orderItems(
  sellable: readonly SellableLine[],
  input: Pick<OrderCreateParsed, 'customLines'>,
): OrderItem[] {
  return [
    ...sellable.map((s) => ({
      index: s.index,
      unitPrice: s.override?.price ?? s.variant.price,
      quantity: s.quantity,
      taxable: true,
      sold: s,
      custom: null,
    })),
    ...input.customLines.map((c) => ({
      index: c.index,
      unitPrice: c.price,
      quantity: c.quantity,
      taxable: c.taxable,
      sold: null,
      custom: c,
    })),
  ].sort((x, y) => x.index - y.index);
}

/** The rate of the place the order is taxed at: where it ships, else bills, else the store. */
export async function orderTaxRate(
  trx: Tx,
  input: Pick<OrderCreateParsed, 'shippingAddress' | 'billingAddress'>,
  settings: Shop,
): Promise<string | null> {
  const taxPlace = input.shippingAddress ?? input.billingAddress ?? settings.address;
  return taxPlace?.countryCode
    ? ((await taxRateFor(trx, { countryCode: taxPlace.countryCode, region: taxPlace.region }))?.rate ?? null)
    : null;
}

/**
 * The order's totals for a shipping price and discount; the limits are checked, so a huge order is
 * a userError on its lines rather than an overflow.
 */
export function totalsOf(
  items: readonly OrderItem[],
  settings: Shop,
  taxRate: string | null,
): (shippingPrice: number, discount?: OrderDiscountInput | null) => OrderTotals {
  return (shippingPrice, discount = null) =>
    withInputFields(
      () =>
        computeOrderTotals({
          currencyCode: settings.currencyCode,
          lines: items.map((i) => ({ unitPrice: i.unitPrice, quantity: i.quantity, taxable: i.taxable })),
          shippingPrice,
          discount,
          taxRate,
          pricesIncludeTax: settings.pricesIncludeTax,
        }),
      items.map((i) => i.index),
    );
}

/** The discount code applied to the order as priced before it, or a userError when it doesn't apply. */
export async function orderDiscount(
  trx: Tx,
  input: OrderCreateParsed,
  items: readonly OrderItem[],
  before: OrderTotals,
  shipping: Shipping,
  buyer: Customer | null,
): Promise<AppliedDiscount | null> {
  if (!input.discountCode) return null;
  const discount = await applyDiscountCode(trx, input.discountCode, {
    lines: items.map((item, i) => ({
      productId: item.sold?.variant.productId ?? null,
      subtotal: before.lines[i]!.subtotal,
      quantity: item.quantity,
    })),
    shippingPrice: shipping ? shipping.price : null,
    customerId: buyer?.id ?? null,
    hasCustomer: buyer !== null,
  });
  if (!discount.ok)
    throw DomainError.one('DISCOUNT_NOT_APPLICABLE', discount.message, ['input', 'discountCode']);
  return discount;
}

/**
 * Domain helpers name fields relative to what they were given (["lines", "2"]); the API names them
 * from the mutation's input, and an error about the whole order points at its lines.
 */
export function withInputFields<T>(work: () => T, indexes: readonly number[]): T {
  const remap = (e: unknown): never => {
    if (!(e instanceof DomainError)) throw e;
    throw new DomainError(
      e.errors.map((u) => {
        if (!u.field) return { ...u, field: ['input', 'lines'] };
        // Lines are named by their place in what was given, which may differ from the list computed.
        const at =
          u.field[0] === 'lines' && u.field[1] !== undefined ? indexes[Number(u.field[1])] : undefined;
        const field = ['input', ...(at === undefined ? u.field : ['lines', String(at), ...u.field.slice(2)])];
        // Stock is short on a line: point at its quantity, the field to change.
        if (u.code === 'INSUFFICIENT_STOCK' && field.length === 3) field.push('quantity');
        return { ...u, field };
      }),
    );
  };
  try {
    const result = work();
    return result instanceof Promise ? (result.catch(remap) as T) : result;
  } catch (e) {
    return remap(e);
  }
}
