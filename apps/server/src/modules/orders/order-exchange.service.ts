import {
  decodeIdOf,
  DomainError,
  formatMinor,
  MAX_LINE_QUANTITY,
  parseMoney,
  RETURN_LIMITS,
  unfulfilledQuantity,
  type OrderTotals,
  type UserError,
} from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import { uuidv7 } from '../../lib/uuid.js';
import { commitForOrder, releaseForOrder, type Allocation } from '../inventory/order-stock.js';
import { storeSettings } from '../settings/settings.service.js';
import { customerSpendChanged } from '../customers/customer-figures.service.js';
import type { Order, OrderLine } from './order.model.js';
import { deleteLines, linesInsert, updateOrder } from './order.repository.js';
import { refreshOrderStatus, type LoadedOrder } from './order-lock.service.js';
import { movesStock } from './order-fulfillment.service.js';
import {
  orderItems,
  orderTaxRate,
  totalsOf,
  withInputFields,
  type OrderItem,
} from './order-create-pricing.js';
import { sellableVariants } from './order-create-checks.js';

/*
 * Issue #31, exchanges: a return adds new items to its order. They are checked, priced, taxed and
 * their stock committed by the code that places an order (order-create-*.ts, commitForOrder), so
 * an exchanged item costs, taxes and reserves stock exactly as if it had been ordered today.
 */

/** A new item as returnCreate receives it (ids still API ids, the price a decimal string). */
export interface ExchangeLineRaw {
  variantId: string;
  quantity: number;
  price?: string | null;
  priceOverrideReason?: string | null;
}

/** New items checked and priced, not yet written. */
export interface PricedExchange {
  items: OrderItem[];
  /** The items' figures alone (no shipping, no discount): what they add to the order. */
  totals: OrderTotals;
  /** Today's rate for the order's shipping address (else billing, else the store's), percent. */
  taxRate: string | null;
}

const FIELD = 'exchangeLines';

/** Fields of the order-create helpers name `input.lines.i`; here the lines are the exchange's. */
function asExchangeFields(errors: readonly UserError[]): UserError[] {
  return errors.map((e) =>
    e.field?.[0] === 'input' && e.field[1] === 'lines'
      ? { ...e, field: ['input', FIELD, ...e.field.slice(2)] }
      : e,
  );
}

function exchangeFields<T>(work: () => T): T {
  const remap = (e: unknown): never => {
    if (e instanceof DomainError) throw new DomainError(asExchangeFields(e.errors));
    throw e;
  };
  try {
    const result = work();
    return result instanceof Promise ? (result.catch(remap) as T) : result;
  } catch (e) {
    return remap(e);
  }
}

/**
 * Checks the new items of an exchange and prices them (reads only): each names a sellable variant,
 * 1 … MAX_LINE_QUANTITY units, and a price that is today's unless a reason says why not. Problems
 * are added to `errors` (fields input.exchangeLines.i.…); null when there are any.
 */
export async function priceExchange(
  trx: Tx,
  order: Order,
  raw: readonly ExchangeLineRaw[],
  errors: UserError[],
): Promise<PricedExchange | null> {
  const at = (i: number, name: string) => ['input', FIELD, String(i), name];
  const currency = order.currencyCode.trim();
  const found: UserError[] = [];
  const wanted: {
    variantId: string;
    quantity: number;
    index: number;
    price: number | null;
    reason: string | null;
  }[] = [];
  const seen = new Map<string, number>();
  raw.forEach((line, i) => {
    const variantId = decodeIdOf('ProductVariant', String(line.variantId));
    let ok = true;
    if (!variantId) {
      found.push({ code: 'INVALID', message: "This variant doesn't exist.", field: at(i, 'variantId') });
      ok = false;
    } else if (seen.has(variantId)) {
      found.push({
        code: 'INVALID',
        message: `This variant is already on exchange line ${seen.get(variantId)! + 1}; change that line's quantity instead.`,
        field: at(i, 'variantId'),
      });
      ok = false;
    } else seen.set(variantId, i);
    const q = line.quantity;
    if (!Number.isInteger(q) || q < 1 || q > MAX_LINE_QUANTITY) {
      found.push({
        code: Number.isInteger(q) ? 'OUT_OF_RANGE' : 'INVALID',
        message: `Enter a whole quantity from 1 to ${MAX_LINE_QUANTITY.toLocaleString('en-US')}.`,
        field: at(i, 'quantity'),
      });
      ok = false;
    }
    let price: number | null = null;
    if (line.price != null && line.price.trim() !== '') {
      price = parseMoney(line.price, currency);
      if (price === null) {
        found.push({
          code: 'INVALID',
          message: `Enter a price like 12.50 in ${currency}.`,
          field: at(i, 'price'),
        });
        ok = false;
      }
    }
    const reason = line.priceOverrideReason?.trim() || null;
    if (reason && reason.length > RETURN_LIMITS.note) {
      found.push({
        code: 'TOO_LONG',
        message: `Use at most ${RETURN_LIMITS.note} characters.`,
        field: at(i, 'priceOverrideReason'),
      });
      ok = false;
    }
    if (ok && variantId) wanted.push({ variantId, quantity: q, index: i, price, reason });
  });
  const checked: UserError[] = [];
  const sellable = await sellableVariants(
    trx,
    wanted.map((w) => ({ variantId: w.variantId, quantity: w.quantity, index: w.index })),
    checked,
  );
  found.push(...asExchangeFields(checked));
  for (const s of sellable) {
    const w = wanted.find((x) => x.index === s.index)!;
    const today = Number(s.variant.price);
    if (w.price === null || w.price === today) continue;
    if (!w.reason) {
      found.push({
        code: 'REQUIRED',
        message: `Say why the price differs from today's ${formatMinor(today, currency)} ${currency}.`,
        field: at(w.index, 'priceOverrideReason'),
      });
      continue;
    }
    s.override = { price: w.price, reason: w.reason };
  }
  if (found.length) {
    errors.push(...found);
    return null;
  }
  const settings = await storeSettings(trx);
  const items = orderItems(sellable, { customLines: [] });
  const taxRate = await orderTaxRate(trx, order, settings);
  // Taxed as the order is: its own currency and its own prices-include-tax setting.
  const priced = { ...settings, currencyCode: currency, pricesIncludeTax: order.pricesIncludeTax };
  const totals = exchangeFields(() => totalsOf(items, priced, taxRate)(0));
  return { items, totals, taxRate };
}

/** The new items' rows: after the order's last line, each at the location its stock was committed at. */
function exchangeLines(
  order: LoadedOrder,
  priced: PricedExchange,
  returnId: string,
  allocations: Allocation[],
) {
  const committedAt = new Map(allocations.map((a) => [a.variantId, a.locationId]));
  const last = order.lines.reduce((n, l) => Math.max(n, l.position), -1);
  return priced.items.map((item, i) => {
    const { variant, override } = item.sold!;
    return {
      id: uuidv7(),
      orderId: order.id,
      unitPrice: item.unitPrice,
      quantity: item.quantity,
      discount: priced.totals.lines[i]!.discount,
      tax: priced.totals.lines[i]!.tax,
      position: last + 1 + i,
      taxable: item.taxable,
      productId: variant.productId,
      variantId: variant.id,
      productTitle: variant.productTitle,
      variantTitle: variant.title,
      sku: variant.sku,
      locationId: committedAt.get(variant.id) ?? null,
      custom: false,
      originalUnitPrice: override ? variant.price : null,
      priceOverrideReason: override?.reason ?? null,
      returnId,
    };
  });
}

/**
 * Adds an exchange's new items to its order (the caller holds the order's lock): their stock is
 * committed at priority locations as orderCreate commits it (INSUFFICIENT_STOCK unless the variant
 * may be oversold; the levels locked in one statement, the lines written with the stock), the
 * order's figures grow by the items' and `credit` of the return is applied to them, and the
 * statuses are recomputed (the new lines are to ship; what is payable changed).
 */
export async function orderExchangeAdd(
  trx: Tx,
  actor: Actor,
  order: LoadedOrder,
  priced: PricedExchange,
  opts: { returnId: string; note: string; credit: number },
): Promise<Order> {
  const sellable = priced.items.map((i) => i.sold!);
  let written: ReturnType<typeof exchangeLines> = [];
  await exchangeFields(() =>
    withInputFields(
      () =>
        commitForOrder(
          trx,
          actor,
          sellable.map((s) => ({ variantId: s.variant.id, quantity: s.quantity })),
          {
            origin: { orderId: order.id, note: opts.note },
            variants: sellable.map((s) => s.variant),
            alongside: (allocations) => {
              written = exchangeLines(order, priced, opts.returnId, allocations);
              return [linesInsert(trx, written)];
            },
          },
        ),
      sellable.map((s) => s.index),
    ),
  );
  const { totals } = priced;
  await updateOrder(trx, order.id, {
    subtotal: Number(order.subtotal) + totals.subtotal,
    taxTotal: Number(order.taxTotal) + totals.taxTotal,
    total: Number(order.total) + totals.total,
    itemsCount: order.itemsCount + priced.items.reduce((n, i) => n + i.quantity, 0),
    exchangeCredit: Number(order.exchangeCredit) + opts.credit,
    // An order placed before its rate was kept learns it here (issue #32: edits tax at it).
    ...(order.taxRate === null && priced.taxRate !== null ? { taxRate: priced.taxRate } : {}),
  });
  // The customer spends the new items less the credit of what they send back (a refund gives back
  // the rest of the credit and takes it off then).
  if (order.customerId) await customerSpendChanged(trx, order.customerId, totals.total - opts.credit);
  return refreshOrderStatus(trx, order.id);
}

/**
 * Changes the credit of returns applied to an order's exchanged items by `delta` (a settlement
 * credits what really came back), the caller holding the order's lock; statuses recomputed.
 */
export async function orderExchangeCredit(trx: Tx, order: Order, delta: number): Promise<Order> {
  if (delta === 0) return order;
  await updateOrder(trx, order.id, {
    exchangeCredit: Math.max(0, Number(order.exchangeCredit) + delta),
  });
  if (order.customerId) await customerSpendChanged(trx, order.customerId, -delta);
  return refreshOrderStatus(trx, order.id);
}

/**
 * Takes an exchange's new items off its order (a return called off), the caller holding the
 * order's lock: only while none of their units shipped or was refunded. Their committed stock is
 * released as a cancel releases it; the order's figures and the return's `credit` go back.
 * Answers the units taken off.
 */
export async function orderExchangeRemove(
  trx: Tx,
  actor: Actor,
  order: LoadedOrder,
  opts: { returnId: string; note: string; credit: number },
): Promise<number> {
  const lines = order.lines.filter((l) => l.returnId === opts.returnId);
  if (!lines.length && !opts.credit) return 0;
  if (lines.some((l) => l.fulfilledQuantity > 0 || l.refundedQuantity > 0)) {
    throw DomainError.one(
      'INVALID_TRANSITION',
      'The exchange items of this return have shipped; cancel their fulfillment first, or settle and close the return instead.',
    );
  }
  await releaseForOrder(
    trx,
    actor,
    lines.filter(movesStock).flatMap((l) => {
      const quantity = unfulfilledQuantity(l);
      return quantity > 0 ? [{ variantId: l.variantId, locationId: l.locationId, quantity }] : [];
    }),
    { orderId: order.id, note: opts.note },
  );
  await deleteLines(
    trx,
    lines.map((l) => l.id),
  );
  const sum = (pick: (l: OrderLine) => number) => lines.reduce((n, l) => n + pick(l), 0);
  const subtotal = sum((l) => Number(l.unitPrice) * l.quantity);
  const discount = sum((l) => Number(l.discount));
  const tax = sum((l) => Number(l.tax));
  const units = sum((l) => l.quantity);
  const removed = subtotal - discount + (order.pricesIncludeTax ? 0 : tax);
  await updateOrder(trx, order.id, {
    subtotal: Number(order.subtotal) - subtotal,
    discountTotal: Number(order.discountTotal) - discount,
    taxTotal: Number(order.taxTotal) - tax,
    total: Number(order.total) - removed,
    itemsCount: order.itemsCount - units,
    exchangeCredit: Math.max(0, Number(order.exchangeCredit) - opts.credit),
  });
  if (order.customerId) await customerSpendChanged(trx, order.customerId, opts.credit - removed);
  await refreshOrderStatus(trx, order.id);
  return units;
}
