import { listBound } from '../../graphql/cost.js';
import {
  checkOrderAction,
  decodeIdOf,
  FULFILLMENT_STATUSES,
  ORDER_SOURCES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  refundable,
  refundOffered,
  unfulfilledQuantity,
  type OrderAction,
  type UserError,
} from '@stockroom/domain';
import type { AddressJson } from '../../db/columns.js';
import type { Order } from './order.model.js';
import { auth } from '../../graphql/auth.js';
import { builder, UserErrorRef } from '../../graphql/builder.js';
import { MoneyRef, VariantRef } from '../catalog/product.schema.js';
import { CustomerRef } from '../customers/customer.schema.js';
import { FulfillmentRef, OrderLineRef, OrderRef, OrderTransactionRef } from './order.refs.js';
import { capturableFor } from './order-payment.service.js';
import { orderForAction, payableTotal } from './order-lock.service.js';
import { orderTimeline } from './order-timeline.js';
import {
  money,
  OrderAddressRef,
  OrderCustomerRef,
  OrderShippingLineRef,
  OrderTimelineEntryRef,
} from './order-view.schema.js';

const read = auth.permission('ORDERS_READ');

/** SPEC §7.2 page size: the most a plain list argument `first` may ask for. */
export const MAX_FIRST = 250;
const firstOf = (n: number | null | undefined, fallback: number) =>
  Math.min(MAX_FIRST, Math.max(0, n ?? fallback));
/**
 * The default `first` of the plain lists below: their argument's default, which the cost engine
 * charges (graphql/cost.ts, `byFirst`), and the resolver's when `first: null` is passed.
 */
const FIRST = { timeline: 50, customerOrders: 10, openOrderLines: 20 } as const;

export const OrderStatusEnum = builder.enumType('OrderStatus', { values: ORDER_STATUSES });
export const OrderPaymentStatusEnum = builder.enumType('OrderPaymentStatus', { values: PAYMENT_STATUSES });
export const OrderFulfillmentStatusEnum = builder.enumType('OrderFulfillmentStatus', {
  values: FULFILLMENT_STATUSES,
});
export const OrderSourceEnum = builder.enumType('OrderSource', { values: ORDER_SOURCES });

const ACTIONS = {
  cancel: 'CANCEL',
  close: 'CLOSE',
  reopen: 'REOPEN',
  fulfill: 'FULFILL',
  markPaid: 'MARK_PAID',
  capture: 'CAPTURE',
  void: 'VOID',
  refund: 'REFUND',
  edit: 'EDIT',
} as const satisfies Record<OrderAction, string>;
export const OrderActionEnum = builder.enumType('OrderAction', { values: Object.values(ACTIONS) });

const address = (a: AddressJson | null) => (a && Object.values(a).some(Boolean) ? a : null);

builder.node(OrderRef, {
  description: 'An order placed by a customer (or for them), with its lines, payments and shipments.',
  extensions: read,
  id: { resolve: (o) => o.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'paymentStatus' in o,
  loadOne: (id, ctx) => ctx.loaders.orderById.load(id),
  fields: (t) => {
    const amount = (pick: (o: Order) => number, description?: string) =>
      t.field({ type: MoneyRef, description, resolve: (o, _a, ctx) => money(ctx, pick(o)) });
    return {
      number: t.exposeInt('number'),
      name: t.string({
        description: 'The store prefix and number, e.g. "#1001".',
        resolve: async (o, _a, ctx) => `${(await ctx.loaders.shop()).orderNumberPrefix}${o.number}`,
      }),
      status: t.field({ type: OrderStatusEnum, resolve: (o) => o.status }),
      paymentStatus: t.field({
        type: OrderPaymentStatusEnum,
        resolve: (o) => orderForAction(o).paymentStatus,
      }),
      fulfillmentStatus: t.field({
        type: OrderFulfillmentStatusEnum,
        resolve: (o) => orderForAction(o).fulfillmentStatus,
      }),
      availableActions: t.field({
        type: [OrderActionEnum],
        description: 'What may be done to the order now (the same rules the server applies).',
        resolve: async (o, _a, ctx) => {
          const state = orderForAction(o);
          const allowed = (Object.keys(ACTIONS) as OrderAction[]).filter((a) => !checkOrderAction(state, a));
          const capturable = allowed.includes('capture')
            ? capturableFor(o, await ctx.loaders.transactionsByOrderId.load(o.id))
            : 0;
          // Units refunded before shipping leave nothing to ship, though the status stays UNFULFILLED
          // (it never claims a shipment): then Fulfill is not offered. Only a refunded order can be so.
          const nothingToShip =
            allowed.includes('fulfill') && o.totalRefunded > 0
              ? (await ctx.loaders.linesByOrderId.load(o.id)).every((l) => unfulfilledQuantity(l) === 0)
              : false;
          // Issue #26 §1.2: Refund only when it can give money back or put shipped units back in
          // stock (money left is tested first: it spares reading the lines).
          const canRefund =
            allowed.includes('refund') &&
            (refundable(o.totalPaid, o.totalRefunded) > 0 ||
              refundOffered(
                { captured: o.totalPaid, refunded: o.totalRefunded },
                (await ctx.loaders.linesByOrderId.load(o.id)).map((l) => ({
                  ...l,
                  tracksStock: l.variantId !== null && l.locationId !== null,
                })),
              ));
          return allowed
            .filter(
              (a) =>
                (a !== 'capture' || capturable > 0) &&
                (a !== 'fulfill' || !nothingToShip) &&
                (a !== 'refund' || canRefund),
            )
            .map((a) => ACTIONS[a]);
        },
      }),
      email: t.exposeString('email', { nullable: true }),
      phone: t.exposeString('phone', { nullable: true }),
      customerName: t.exposeString('customerName', { nullable: true }),
      customer: t.field({
        type: OrderCustomerRef,
        nullable: true,
        resolve: (o, _a, ctx) => (o.customerId ? ctx.loaders.customerById.load(o.customerId) : null),
      }),
      currencyCode: t.string({ resolve: (o) => o.currencyCode.trim() }),
      subtotal: amount((o) => o.subtotal, 'Σ line subtotals, before discounts.'),
      shippingTotal: amount((o) => o.shippingTotal, 'Shipping after any free-shipping discount.'),
      taxTotal: amount((o) => o.taxTotal),
      discountTotal: amount((o) => o.discountTotal),
      total: amount((o) => o.total),
      totalPaid: amount((o) => o.totalPaid, 'Captured and sold, before refunds.'),
      totalRefunded: amount((o) => o.totalRefunded),
      exchangeCredit: amount(
        (o) => o.exchangeCredit,
        'Credit of returns applied to the items their exchanges added to this order: no money moved for it, so the customer pays total − exchangeCredit.',
      ),
      outstanding: amount(
        (o) => (o.status === 'CANCELLED' ? 0 : Math.max(0, payableTotal(o) - Number(o.totalPaid))),
        'What is still owed: total − exchangeCredit − totalPaid, never below 0; 0 once cancelled.',
      ),
      totalCapturable: t.field({
        type: MoneyRef,
        description:
          'Authorized and not yet captured or voided, at most what is still owed (an edit may have lowered the total).',
        resolve: async (o, _a, ctx) =>
          money(ctx, capturableFor(o, await ctx.loaders.transactionsByOrderId.load(o.id))),
      }),
      itemsCount: t.exposeInt('itemsCount'),
      pricesIncludeTax: t.exposeBoolean('pricesIncludeTax'),
      lines: t.field({
        // SPEC §5 allows 500, but charging every order that would make a page of 50 orders with
        // their lines cost 25,000 and refuse the order list; most orders hold a few lines. An order
        // with more is charged what it returned in actualQueryCost.
        extensions: listBound({ max: 20 }),
        type: [OrderLineRef],
        description: 'In the order placed (at most 500).',
        resolve: (o, _a, ctx) => ctx.loaders.linesByOrderId.load(o.id),
      }),
      shippingAddress: t.field({
        type: OrderAddressRef,
        nullable: true,
        resolve: (o) => address(o.shippingAddress),
      }),
      billingAddress: t.field({
        type: OrderAddressRef,
        nullable: true,
        resolve: (o) => address(o.billingAddress),
      }),
      shippingLine: t.field({
        type: OrderShippingLineRef,
        nullable: true,
        resolve: (o) => (o.shippingName !== null || o.shippingRateId !== null ? o : null),
      }),
      discountCode: t.exposeString('discountCode', { nullable: true }),
      transactions: t.field({
        // an authorization, its captures, voids and refunds
        extensions: listBound({ max: 20 }),
        type: [OrderTransactionRef],
        description: 'Oldest first.',
        resolve: (o, _a, ctx) => ctx.loaders.transactionsByOrderId.load(o.id),
      }),
      fulfillments: t.field({
        extensions: listBound({ max: 10 }),
        type: [FulfillmentRef],
        description: 'In the order they were made, cancelled ones included.',
        resolve: (o, _a, ctx) => ctx.loaders.fulfillmentsByOrderId.load(o.id),
      }),
      tags: t.exposeStringList('tags'),
      note: t.exposeString('note', { nullable: true }),
      source: t.field({ type: OrderSourceEnum, resolve: (o) => o.source }),
      cancelledAt: t.field({ type: 'DateTime', nullable: true, resolve: (o) => o.cancelledAt }),
      cancelReason: t.exposeString('cancelReason', { nullable: true }),
      closedAt: t.field({ type: 'DateTime', nullable: true, resolve: (o) => o.closedAt }),
      createdAt: t.field({ type: 'DateTime', resolve: (o) => o.createdAt }),
      updatedAt: t.field({ type: 'DateTime', resolve: (o) => o.updatedAt }),
      version: t.exposeInt('version'),
      timeline: t.field({
        extensions: listBound({ max: MAX_FIRST, byFirst: true }),
        type: [OrderTimelineEntryRef],
        description: `Newest first: what was done to the order and staff comments (at most ${MAX_FIRST}).`,
        args: { first: t.arg.int({ defaultValue: FIRST.timeline }) },
        resolve: (o, args, ctx) => orderTimeline(ctx.services.db, o, firstOf(args.first, FIRST.timeline)),
      }),
    };
  },
});

export const OrderPayload = builder
  .objectRef<{ order?: Order | null; userErrors: UserError[] }>('OrderPayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      order: t.field({ type: OrderRef, nullable: true, resolve: (p) => p.order ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

builder.queryFields((t) => ({
  order: t.field({
    type: OrderRef,
    nullable: true,
    extensions: read,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => {
      const uuid = decodeIdOf('Order', String(args.id));
      return uuid ? ctx.loaders.orderById.load(uuid) : null;
    },
  }),
}));

builder.objectField(CustomerRef, 'orders', (t) =>
  t.field({
    extensions: listBound({ max: MAX_FIRST, byFirst: true }),
    type: [OrderRef],
    description: `The customer's orders, newest first (at most ${MAX_FIRST}); empty without ORDERS_READ.`,
    args: { first: t.arg.int({ defaultValue: FIRST.customerOrders }) },
    resolve: async (c, args, ctx) => {
      if (!ctx.viewer?.permissions.has('ORDERS_READ')) return [];
      const orders = await ctx.loaders
        .ordersByCustomerId(firstOf(args.first, FIRST.customerOrders))
        .load(c.id);
      for (const o of orders) ctx.loaders.orderById.prime(o.id, o);
      return orders;
    },
  }),
);

builder.objectField(VariantRef, 'openOrderLines', (t) =>
  t.field({
    extensions: listBound({ max: MAX_FIRST, byFirst: true }),
    type: [OrderLineRef],
    description: `Lines of open orders with units still to ship (what holds its committed stock), newest order first (at most ${MAX_FIRST}); empty without ORDERS_READ.`,
    args: { first: t.arg.int({ defaultValue: FIRST.openOrderLines }) },
    resolve: (v, args, ctx) =>
      ctx.viewer?.permissions.has('ORDERS_READ')
        ? ctx.loaders.openLinesByVariantId(firstOf(args.first, FIRST.openOrderLines)).load(v.id)
        : [],
  }),
);
