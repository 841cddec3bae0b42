import {
  checkOrderAction,
  computeOrderTotals,
  countryName,
  DomainError,
  MAX_ORDER_LINES,
  type OrderDiscountInput,
  type OrderTotals,
  type UserError,
} from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import { applyDiscountCode, keptDiscountCode } from '../discounts/discount.service.js';
import { applicableShippingRates } from '../shipping/shipping.service.js';
import { linesWithHistory, transactionsOfOrders } from './order.repository.js';
import { payableTotal, type LoadedOrder } from './order-lock.service.js';
import { capturableFor } from './order-payment.service.js';
import { sellableVariants } from './order-create-checks.js';
import type { SellableLine } from './order-create-pricing.js';
import {
  hasChanges,
  parseEditChanges,
  type OrderEditChanges,
  type OrderEditChangesRaw,
} from './order-lines-edit-input.js';
import { editSummary, type EditCalculation, type EditLineChange } from './order-lines-edit-words.js';
import type { EditPlan, PlannedLine } from './order-lines-edit.model.js';
import { checkStockNow, stockChangesOf, stockOf } from './order-lines-edit-stock.js';

/*
 * Issue #32: an order edit planned without writing anything — what orderEditCalculate answers and
 * what orderEdit then writes. Kept lines keep their unit price (unless setPrices changes it); new
 * lines are priced today; every line's discount and tax are recomputed by computeOrderTotals over
 * all the lines at the rate the order was placed at (orders.tax_rate) and its prices-include-tax.
 */

const at = (...path: (string | number)[]) => ['changes', ...path.map(String)];
const unitsWord = (n: number) => `${n.toLocaleString('en-US')} unit${n === 1 ? '' : 's'}`;
/**
 * Plans an edit of a locked (or, for a calculation, just read) order: every problem at once as a
 * DomainError with fields under ["changes", …]. `preview`: stock is checked from unlocked levels
 * (orderEditCalculate); orderEdit checks it under the levels' locks when it writes.
 */
export async function planOrderEdit(
  trx: Tx,
  order: LoadedOrder,
  raw: OrderEditChangesRaw,
  opts: { preview: boolean },
): Promise<EditPlan> {
  const refused = checkOrderAction(order, 'edit');
  if (refused) throw refused;
  if (!hasChanges(raw)) throw DomainError.one('REQUIRED', 'Nothing to change.', ['changes']);
  const currency = order.currencyCode.trim();
  const errors: UserError[] = [];
  const changes = parseEditChanges(raw, currency, errors);
  const lines = keptLines(order, changes, errors);
  await keepLinesWithHistory(trx, lines, changes, errors);
  const checked: UserError[] = [];
  const sellable = await sellableVariants(trx, changes.addVariants, checked);
  errors.push(...checked.map((e) => ({ ...e, field: at('addVariants', ...(e.field ?? []).slice(2)) })));
  lines.push(...addedLines(sellable, changes));
  const live = lines.filter((l) => l.change !== 'REMOVED');
  if (live.length > MAX_ORDER_LINES)
    errors.push({
      code: 'LIMIT_EXCEEDED',
      message: `An order can have at most ${MAX_ORDER_LINES} lines.`,
      field: ['changes'],
    });
  else if (!live.length)
    errors.push({
      code: 'REQUIRED',
      message: 'An order needs at least one line; cancel the order instead.',
      field: ['changes', 'setQuantities'],
    });
  if (errors.length) throw new DomainError(errors);

  const subtotal = live.reduce((n, l) => n + l.unitPrice * l.quantity, 0);
  const shipping = await shippingOf(trx, order, changes, subtotal);
  const discount = await discountOf(trx, order, changes, live, shipping);
  const totals = totalsOf(order, live, shipping?.price ?? 0, discount.input);
  live.forEach((l, i) => (l.figures = totals.lines[i]!));
  const { more, released } = stockOf(lines);
  const preview = opts.preview ? await checkStockNow(trx, lines, more) : null;

  const transactions = await transactionsOfOrders(trx, [order.id]);
  const payable = payableTotal({ total: totals.total, exchangeCredit: order.exchangeCredit });
  const paid = Number(order.totalPaid);
  const plan = {
    order,
    lines,
    totals,
    shipping,
    shippingChanged: changes.shipping !== null,
    discount: discount.applied,
    discountMinimumNotMet: discount.minimumNotMet !== null,
    minimumWords: discount.minimumNotMet,
    more,
    released,
    summary: [] as string[],
  };
  plan.summary = editSummary(plan, currency);
  // Quantities and prices set to what they are, the same code or rate again: nothing would change.
  if (!plan.summary.length) throw DomainError.one('REQUIRED', 'Nothing to change.', ['changes']);
  const calculation: EditCalculation = {
    lines: lines.map((l) => ({
      orderLineId: l.line?.id ?? null,
      change: l.change,
      productTitle: l.productTitle,
      variantTitle: l.variantTitle,
      sku: l.sku,
      variantId: l.variantId,
      custom: l.custom,
      quantity: l.quantity,
      previousQuantity: l.previousQuantity,
      unitPrice: l.unitPrice,
      previousUnitPrice: l.previousUnitPrice,
      fulfilledQuantity: l.fulfilledQuantity,
      ...l.figures,
    })),
    subtotal: totals.subtotal,
    discountTotal: totals.discountTotal,
    shippingTotal: totals.shippingTotal,
    taxTotal: totals.taxTotal,
    total: totals.total,
    previousTotal: Number(order.total),
    shipping: shipping
      ? { name: shipping.name, price: shipping.price, total: totals.shippingTotal, tax: totals.shippingTax }
      : null,
    discountCode: discount.applied?.code ?? null,
    discountMinimumNotMet: discount.minimumNotMet !== null,
    stockChanges: preview
      ? stockChangesOf(lines, new Map([...preview.added].map(([id, p]) => [id, p.locationId])), plan)
      : [],
    totalPaid: paid,
    outstanding: Math.max(0, payable - paid),
    suggestedRefund: Math.max(0, paid - payable),
    totalCapturable: capturableFor(
      { total: totals.total, exchangeCredit: order.exchangeCredit, totalPaid: order.totalPaid },
      transactions,
    ),
  };
  return { ...plan, calculation };
}

/** The order's lines with their new quantities and prices; unknown or foreign line ids reported. */
function keptLines(order: LoadedOrder, changes: OrderEditChanges, errors: UserError[]): PlannedLine[] {
  const ids = new Set(order.lines.map((l) => l.id));
  for (const [kind, map] of [
    ['setQuantities', changes.setQuantities],
    ['setPrices', changes.setPrices],
  ] as const)
    for (const [id, c] of map)
      if (!ids.has(id))
        errors.push({
          code: 'INVALID',
          message: 'This line is not on the order.',
          field: at(kind, c.index, 'orderLineId'),
        });
  return order.lines.map((line) => {
    const q = changes.setQuantities.get(line.id);
    const p = changes.setPrices.get(line.id);
    if (line.returnId && (q || p)) {
      // An exchange's items come and go with their return (returnCancel takes them off).
      const entry = q
        ? at('setQuantities', q.index, 'orderLineId')
        : at('setPrices', p!.index, 'orderLineId');
      errors.push({
        code: 'INVALID',
        message: "This line is a return's exchange item; change the return instead.",
        field: entry,
      });
    }
    const previousUnitPrice = Number(line.unitPrice);
    let quantity = line.quantity;
    if (q) {
      // Shipped, refunded or return-credited units stay on the order (refunded and credited units
      // are different units; shipped ones may be among either).
      const floor = Math.max(line.fulfilledQuantity, line.refundedQuantity + line.returnCreditedQuantity);
      if (q.quantity < floor) {
        const shipped = line.fulfilledQuantity;
        errors.push({
          code: 'INVALID',
          message:
            q.quantity === 0 && shipped > 0
              ? `This line can't be removed: ${unitsWord(shipped)} shipped.`
              : `${unitsWord(floor)} of this line shipped, were refunded or were returned; it can't go below ${floor.toLocaleString('en-US')}.`,
          field: at('setQuantities', q.index, 'quantity'),
        });
      } else quantity = q.quantity;
    }
    const unitPrice = p ? p.price : previousUnitPrice;
    const change: EditLineChange =
      quantity === 0
        ? 'REMOVED'
        : quantity !== line.quantity
          ? 'QUANTITY_CHANGED'
          : unitPrice !== previousUnitPrice
            ? 'PRICE_CHANGED'
            : 'UNCHANGED';
    return {
      line,
      change,
      productId: line.productId,
      variantId: line.variantId,
      productTitle: line.productTitle,
      variantTitle: line.variantTitle,
      sku: line.sku,
      custom: line.custom,
      taxable: line.taxable,
      requiresShipping: line.requiresShipping,
      quantity,
      previousQuantity: line.quantity,
      unitPrice,
      previousUnitPrice: unitPrice !== previousUnitPrice ? previousUnitPrice : null,
      priceReason: p && unitPrice !== previousUnitPrice ? p.reason : null,
      fulfilledQuantity: line.fulfilledQuantity,
      field: q ? at('setQuantities', q.index) : null,
      sold: null,
      figures: { subtotal: 0, discount: 0, tax: 0, total: 0 },
    };
  });
}

/**
 * A line a fulfillment (even a cancelled one) or a return names stays on the order, so their history
 * stays whole: it can go down to 1, not be removed.
 */
async function keepLinesWithHistory(
  trx: Tx,
  lines: readonly PlannedLine[],
  changes: OrderEditChanges,
  errors: UserError[],
): Promise<void> {
  const removed = lines.filter((l) => l.change === 'REMOVED').map((l) => l.line!.id);
  const kept = await linesWithHistory(trx, removed);
  for (const id of kept)
    errors.push({
      code: 'INVALID',
      message: 'This line was on a fulfillment or a return, so it stays on the order; lower it to 1 instead.',
      field: at('setQuantities', changes.setQuantities.get(id)!.index, 'quantity'),
    });
}

/** New catalog lines (priced today) and custom items, in the order given. */
function addedLines(sellable: readonly SellableLine[], changes: OrderEditChanges): PlannedLine[] {
  const added = (
    l: Omit<
      PlannedLine,
      | 'line'
      | 'change'
      | 'previousQuantity'
      | 'previousUnitPrice'
      | 'priceReason'
      | 'fulfilledQuantity'
      | 'figures'
    >,
  ): PlannedLine => ({
    ...l,
    line: null,
    change: 'ADDED',
    previousQuantity: 0,
    previousUnitPrice: null,
    priceReason: null,
    fulfilledQuantity: 0,
    figures: { subtotal: 0, discount: 0, tax: 0, total: 0 },
  });
  return [
    ...sellable.map((s) =>
      added({
        productId: s.variant.productId,
        variantId: s.variant.id,
        productTitle: s.variant.productTitle,
        variantTitle: s.variant.title,
        sku: s.variant.sku,
        custom: false,
        taxable: true,
        requiresShipping: true,
        quantity: s.quantity,
        unitPrice: Number(s.variant.price),
        field: at('addVariants', s.index),
        sold: s,
      }),
    ),
    ...changes.addCustomItems.map((c) =>
      added({
        productId: null,
        variantId: null,
        productTitle: c.title,
        variantTitle: 'Default',
        sku: null,
        custom: true,
        taxable: c.taxable,
        requiresShipping: c.requiresShipping,
        quantity: c.quantity,
        unitPrice: c.price,
        field: at('addCustomItems', c.index),
        sold: null,
      }),
    ),
  ];
}

/** The shipping line after the edit: the chosen rate (applying to the new subtotal), a custom one, or as it was. */
async function shippingOf(trx: Tx, order: LoadedOrder, changes: OrderEditChanges, subtotal: number) {
  const chosen = changes.shipping;
  if (!chosen) {
    if (!order.shippingName && !order.shippingRateId && !Number(order.shippingPrice)) return null;
    return {
      rateId: order.shippingRateId,
      name: order.shippingName ?? 'Shipping',
      price: Number(order.shippingPrice),
    };
  }
  if ('title' in chosen) return { rateId: null, name: chosen.title, price: chosen.price };
  const country = order.shippingAddress?.countryCode;
  if (!country)
    throw DomainError.one(
      'INVALID',
      'This order has no shipping address to ship with a rate; use a custom shipping line.',
      at('shipping', 'rateId'),
    );
  const match = (await applicableShippingRates(trx, country, subtotal)).find(
    (r) => r.rate.id === chosen.rateId,
  );
  if (!match)
    throw DomainError.one(
      'INVALID',
      `This shipping rate doesn't apply to orders to ${countryName(country)} of this subtotal.`,
      at('shipping', 'rateId'),
    );
  return { rateId: match.rate.id, name: match.rate.name, price: match.price };
}

/** The code after the edit and what it takes off: a new one checked as when placing, a kept one again. */
async function discountOf(
  trx: Tx,
  order: LoadedOrder,
  changes: OrderEditChanges,
  live: readonly PlannedLine[],
  shipping: { price: number } | null,
): Promise<{
  applied: { id: string | null; code: string } | null;
  input: OrderDiscountInput | null;
  minimumNotMet: string | null;
}> {
  const none = { applied: null, input: null, minimumNotMet: null };
  const wanted = changes.discount;
  if (wanted && wanted.code === null) return none;
  const facts = {
    lines: live.map((l) => ({
      productId: l.productId,
      subtotal: l.unitPrice * l.quantity,
      quantity: l.quantity,
    })),
    shippingPrice: shipping ? shipping.price : null,
    customerId: order.customerId,
    hasCustomer: order.customerId !== null,
  };
  const same = !wanted || wanted.code!.toLowerCase() === (order.discountCode ?? '').toLowerCase();
  if (same) {
    if (!order.discountCode) return none;
    const kept = order.discountId ? await keptDiscountCode(trx, order.discountId, facts) : null;
    if (!kept)
      throw DomainError.one(
        'DISCOUNT_NOT_APPLICABLE',
        `The code ${order.discountCode} no longer exists, so it can't be worked out again; remove it to edit the order.`,
        at('discount'),
      );
    const minimumNotMet = kept.minimumNotMet && !wanted?.minimumOverrideReason ? kept.minimumNotMet : null;
    return { applied: { id: order.discountId, code: kept.code }, input: kept.discount, minimumNotMet };
  }
  const result = await applyDiscountCode(trx, wanted.code!, facts);
  if (!result.ok) throw DomainError.one('DISCOUNT_NOT_APPLICABLE', result.message, at('discount', 'code'));
  return {
    applied: { id: result.discountId, code: result.code },
    input: result.discount,
    minimumNotMet: null,
  };
}

/** computeOrderTotals over every line the order keeps, at the order's own rate and tax setting. */
function totalsOf(
  order: LoadedOrder,
  live: readonly PlannedLine[],
  shippingPrice: number,
  discount: OrderDiscountInput | null,
): OrderTotals {
  try {
    return computeOrderTotals({
      currencyCode: order.currencyCode.trim(),
      lines: live.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity, taxable: l.taxable })),
      shippingPrice,
      discount,
      taxRate: order.taxRate,
      pricesIncludeTax: order.pricesIncludeTax,
    });
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    throw new DomainError(
      e.errors.map((u) => {
        const line = u.field?.[0] === 'lines' ? live[Number(u.field[1])] : undefined;
        return { ...u, field: line?.field ? [...line.field, ...u.field!.slice(2)] : ['changes'] };
      }),
    );
  }
}
