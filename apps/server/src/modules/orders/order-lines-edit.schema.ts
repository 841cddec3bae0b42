import { queueOrderEditedEmail } from '../notifications/order-edited-email.service.js';
import { decodeIdOf, DomainError, type UserError } from '@stockroom/domain';
import type { Order } from './order.model.js';
import type { Ctx } from '../../graphql/context.js';
import { listBound } from '../../graphql/cost.js';
import { auth } from '../../graphql/auth.js';
import { builder, command, payload, UserErrorRef } from '../../graphql/builder.js';
import { MoneyRef, VariantRef } from '../catalog/product.schema.js';
import { LocationRef } from '../inventory/inventory.schema.js';
import { OrderLineRef, OrderRef } from './order.refs.js';
import { money, OrderShippingLineRef } from './order-view.schema.js';
import { findOrder, linesOfOrders } from './order.repository.js';
import { orderForAction } from './order-lock.service.js';
import type { OrderEditChangesRaw } from './order-lines-edit-input.js';
import { planOrderEdit } from './order-lines-edit-plan.service.js';
import { orderLinesEdit } from './order-lines-edit-apply.service.js';
import { EDIT_LINE_CHANGES, type EditCalculation } from './order-lines-edit-words.js';

/** Issue #32: orderEditCalculate and orderEdit (both ORDERS_WRITE: it is staff editing). */
const write = auth.permission('ORDERS_WRITE');

const OrderEditAddVariantInput = builder.inputType('OrderEditAddVariantInput', {
  fields: (t) => ({
    variantId: t.id({ required: true }),
    quantity: t.int({ required: true, description: '1 … 100,000.' }),
  }),
});

const OrderEditAddCustomItemInput = builder.inputType('OrderEditAddCustomItemInput', {
  fields: (t) => ({
    title: t.string({ required: true }),
    price: t.string({ required: true, description: 'A decimal in the order currency, e.g. "12.50".' }),
    quantity: t.int({ required: true }),
    taxable: t.boolean({ defaultValue: true }),
    requiresShipping: t.boolean({ defaultValue: true }),
  }),
});

const OrderEditSetQuantityInput = builder.inputType('OrderEditSetQuantityInput', {
  fields: (t) => ({
    orderLineId: t.id({ required: true }),
    quantity: t.int({
      required: true,
      description: '0 removes the line; never below what shipped, was refunded or returned.',
    }),
  }),
});

const OrderEditSetPriceInput = builder.inputType('OrderEditSetPriceInput', {
  fields: (t) => ({
    orderLineId: t.id({ required: true }),
    price: t.string({ required: true, description: 'The new unit price, a decimal in the order currency.' }),
    reason: t.string({ required: true, description: '1 … 500 characters.' }),
  }),
});

const OrderEditShippingInput = builder.inputType('OrderEditShippingInput', {
  description: 'Exactly one of rateId, or customTitle with customPrice.',
  fields: (t) => ({
    rateId: t.id({ description: 'A rate applying to the shipping address and the edited subtotal.' }),
    customTitle: t.string(),
    customPrice: t.string(),
  }),
});

const OrderEditDiscountInput = builder.inputType('OrderEditDiscountInput', {
  fields: (t) => ({
    code: t.string({ description: 'A code to apply; null or "" removes the order’s code.' }),
    minimumOverrideReason: t.string({
      description: "Keeps the order's code although the edited order no longer reaches its minimum.",
    }),
  }),
});

const OrderEditChangesInput = builder.inputType('OrderEditChangesInput', {
  fields: (t) => ({
    addVariants: t.field({ type: [OrderEditAddVariantInput] }),
    addCustomItems: t.field({ type: [OrderEditAddCustomItemInput] }),
    setQuantities: t.field({ type: [OrderEditSetQuantityInput] }),
    setPrices: t.field({ type: [OrderEditSetPriceInput] }),
    shipping: t.field({ type: OrderEditShippingInput }),
    discount: t.field({ type: OrderEditDiscountInput }),
  }),
});

const OrderEditLineChangeEnum = builder.enumType('OrderEditLineChange', { values: EDIT_LINE_CHANGES });

type CalcLine = EditCalculation['lines'][number];
type Calc = EditCalculation & { orderId: string };

const OrderEditLineRef = builder.objectRef<CalcLine>('OrderEditLine').implement({
  extensions: write,
  fields: (t) => {
    const amount = (pick: (l: CalcLine) => number) =>
      t.field({ type: MoneyRef, resolve: (l, _a, ctx) => money(ctx, pick(l)) });
    return {
      orderLine: t.field({
        type: OrderLineRef,
        nullable: true,
        description: 'Null for added lines (and for a removed line once the edit is made).',
        resolve: (l, _a, ctx) => (l.orderLineId ? ctx.loaders.orderLineById.load(l.orderLineId) : null),
      }),
      change: t.field({ type: OrderEditLineChangeEnum, resolve: (l) => l.change }),
      productTitle: t.exposeString('productTitle'),
      variantTitle: t.exposeString('variantTitle'),
      sku: t.exposeString('sku', { nullable: true }),
      variant: t.field({
        type: VariantRef,
        nullable: true,
        description: 'Null for custom items, once deleted, or without CATALOG_READ.',
        resolve: (l, _a, ctx) =>
          l.variantId && ctx.viewer?.permissions.has('CATALOG_READ')
            ? ctx.loaders.variantById.load(l.variantId)
            : null,
      }),
      custom: t.exposeBoolean('custom'),
      quantity: t.exposeInt('quantity', { description: 'After the edit (0 when REMOVED).' }),
      previousQuantity: t.exposeInt('previousQuantity', { description: '0 when ADDED.' }),
      unitPrice: amount((l) => l.unitPrice),
      previousUnitPrice: t.field({
        type: MoneyRef,
        nullable: true,
        description: 'Set when the price changed.',
        resolve: (l, _a, ctx) => (l.previousUnitPrice === null ? null : money(ctx, l.previousUnitPrice)),
      }),
      fulfilledQuantity: t.exposeInt('fulfilledQuantity'),
      subtotal: amount((l) => l.subtotal),
      discount: amount((l) => l.discount),
      tax: amount((l) => l.tax),
      total: amount((l) => l.total),
    };
  },
});

const OrderEditStockChangeRef = builder
  .objectRef<EditCalculation['stockChanges'][number]>('OrderEditStockChange')
  .implement({
    extensions: write,
    fields: (t) => ({
      variant: t.field({
        type: VariantRef,
        nullable: true,
        resolve: (s, _a, ctx) =>
          s.variantId && ctx.viewer?.permissions.has('CATALOG_READ')
            ? ctx.loaders.variantById.load(s.variantId)
            : null,
      }),
      sku: t.exposeString('sku', { nullable: true }),
      title: t.exposeString('title', { description: 'e.g. "Linen Shirt — M".' }),
      location: t.field({
        type: LocationRef,
        resolve: async (s, _a, ctx) => (await ctx.loaders.locationById.load(s.locationId))!,
      }),
      quantity: t.exposeInt('quantity', {
        description: '> 0 commits (ORDER_COMMITTED), < 0 releases (ORDER_RELEASED).',
      }),
    }),
  });

/** The order's shipping line as the edit leaves it, in OrderShippingLine's shape. */
const shippingLineOf = (c: Calc) =>
  c.shipping
    ? ({
        shippingName: c.shipping.name,
        shippingPrice: c.shipping.price,
        shippingTotal: c.shipping.total,
        shippingTax: c.shipping.tax,
      } as Order)
    : null;

const OrderEditCalculationRef = builder.objectRef<Calc>('OrderEditCalculation').implement({
  description: 'The order as an edit leaves it, and what that does to stock and money.',
  extensions: write,
  fields: (t) => {
    const amount = (pick: (c: Calc) => number, description?: string) =>
      t.field({ type: MoneyRef, description, resolve: (c, _a, ctx) => money(ctx, pick(c)) });
    return {
      lines: t.field({
        // As Order.lines: most orders hold a few lines (at most 500); more are charged as returned.
        extensions: listBound({ max: 20 }),
        type: [OrderEditLineRef],
        resolve: (c) => c.lines,
      }),
      subtotal: amount((c) => c.subtotal),
      discountTotal: amount((c) => c.discountTotal),
      shippingTotal: amount((c) => c.shippingTotal),
      taxTotal: amount((c) => c.taxTotal),
      total: amount((c) => c.total),
      previousTotal: amount((c) => c.previousTotal),
      shippingLine: t.field({
        type: OrderShippingLineRef,
        nullable: true,
        resolve: (c) => shippingLineOf(c),
      }),
      discountCode: t.exposeString('discountCode', { nullable: true }),
      discountMinimumNotMet: t.exposeBoolean('discountMinimumNotMet', {
        description:
          "The kept code's minimum is no longer met: orderEdit needs minimumOverrideReason or the code removed.",
      }),
      stockChanges: t.field({
        // At most one per line, charged as the lines are.
        extensions: listBound({ max: 20 }),
        type: [OrderEditStockChangeRef],
        resolve: (c) => c.stockChanges,
      }),
      totalPaid: amount((c) => c.totalPaid, 'What was paid, as Order.totalPaid: captured and sold.'),
      outstanding: amount(
        (c) => c.outstanding,
        'Payable total − paid, never below 0: collected by capture or markAsPaid.',
      ),
      suggestedRefund: amount(
        (c) => c.suggestedRefund,
        'Paid − payable total, never below 0: never refunded automatically.',
      ),
      totalCapturable: amount(
        (c) => c.totalCapturable,
        'Authorized and not captured, at most what the new total still asks for.',
      ),
    };
  },
});

const OrderEditCalculatePayload = builder
  .objectRef<{ calculation?: Calc | null; userErrors: UserError[] }>('OrderEditCalculatePayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      calculation: t.field({
        type: OrderEditCalculationRef,
        nullable: true,
        resolve: (p) => p.calculation ?? null,
      }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const OrderEditInput = builder.inputType('OrderEditInput', {
  fields: (t) => ({
    orderId: t.id({ required: true }),
    expectedVersion: t.int({
      required: true,
      description: 'The version you saw; STALE_VERSION names who changed it since.',
    }),
    changes: t.field({ type: OrderEditChangesInput, required: true }),
    reason: t.string({ required: true, description: '1 … 500 characters; on the timeline.' }),
    notifyCustomer: t.boolean({
      defaultValue: false,
      description: 'Email the customer what changed (when the order has an email).',
    }),
    idempotencyKey: t.string({ description: 'A repeat with the same key answers the first edit.' }),
  }),
});

const OrderEditPayload = builder
  .objectRef<{ order?: Order | null; calculation?: Calc | null; userErrors: UserError[] }>('OrderEditPayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      order: t.field({ type: OrderRef, nullable: true, resolve: (p) => p.order ?? null }),
      calculation: t.field({
        type: OrderEditCalculationRef,
        nullable: true,
        resolve: (p) => p.calculation ?? null,
      }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

/** GraphQL input objects as the services take them: ids as strings. */
function changesOf(raw: Record<string, unknown>): OrderEditChangesRaw {
  return JSON.parse(JSON.stringify(raw)) as OrderEditChangesRaw;
}

function orderUuid(id: string | number): string {
  const uuid = decodeIdOf('Order', String(id));
  if (!uuid) throw DomainError.one('INVALID', 'This order does not exist.', ['orderId']);
  return uuid;
}

builder.queryFields((t) => ({
  orderEditCalculate: t.field({
    type: OrderEditCalculatePayload,
    description:
      'The order as these changes would leave it — lines, totals, the stock each change commits or releases, the payment delta — writing nothing.',
    extensions: write,
    args: {
      orderId: t.arg.id({ required: true }),
      changes: t.arg({ type: OrderEditChangesInput, required: true }),
    },
    resolve: (_r, args, ctx) =>
      payload(() =>
        ctx.services.db.transaction().execute(async (trx) => {
          const id = orderUuid(args.orderId);
          const order = await findOrder(trx, id);
          if (!order) throw DomainError.one('INVALID', 'This order does not exist.', ['orderId']);
          const lines = await linesOfOrders(trx, [id]);
          const plan = await planOrderEdit(
            trx,
            { ...order, ...orderForAction(order), lines },
            changesOf(args.changes),
            {
              preview: true,
            },
          );
          return { calculation: { ...plan.calculation, orderId: id } };
        }),
      ),
  }),
}));

builder.mutationFields((t) => ({
  orderEdit: t.field({
    type: OrderEditPayload,
    description:
      "Changes an open order's lines, prices, shipping or discount with a reason: stock committed or released, totals and payment status recomputed (money owed becomes outstanding; money over is a suggested refund, never refunded automatically).",
    extensions: write,
    args: { input: t.arg({ type: OrderEditInput, required: true }) },
    resolve: (_r, { input }, ctx: Ctx) =>
      command(ctx, async (trx) => {
        const done = await orderLinesEdit(trx, ctx, {
          orderId: orderUuid(input.orderId),
          expectedVersion: input.expectedVersion,
          changes: changesOf(input.changes),
          reason: input.reason,
          notifyCustomer: input.notifyCustomer,
          idempotencyKey: input.idempotencyKey,
        });
        // A repeated key answers the first edit, whose message (by its edit id) is already queued.
        if (input.notifyCustomer)
          await queueOrderEditedEmail(trx, ctx, {
            orderId: done.order.id,
            editId: done.editId,
            summary: done.summary,
          });
        const { orderById, linesByOrderId, transactionsByOrderId } = ctx.loaders;
        orderById.clear(done.order.id).prime(done.order.id, done.order);
        linesByOrderId.clear(done.order.id);
        transactionsByOrderId.clear(done.order.id);
        for (const l of done.calculation.lines)
          if (l.orderLineId) ctx.loaders.orderLineById.clear(l.orderLineId);
        return { order: done.order, calculation: { ...done.calculation, orderId: done.order.id } };
      }),
  }),
}));
