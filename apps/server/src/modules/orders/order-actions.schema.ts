import { listBound } from '../../graphql/cost.js';
import { decodeIdOf, type UserError } from '@stockroom/domain';
import type { Ctx } from '../../graphql/context.js';
import type { Tx } from '../../db/database.js';
import type { Fulfillment, Order } from './order.model.js';
import { auth, check } from '../../graphql/auth.js';
import { builder, command, UserErrorRef } from '../../graphql/builder.js';
import { DomainError } from '@stockroom/domain';
import { AddressInput } from '../settings/settings.schema.js';
import { FulfillmentRef, OrderRef } from './order.refs.js';
import { OrderPayload } from './order.schema.js';
import { fulfillmentCancel } from './fulfillment-cancel.service.js';
import { MAX_BULK_ORDERS, ordersBulkFulfill, ordersBulkUpdate } from './order-bulk.service.js';
import { orderCommentAdd, orderUpdate } from './order-edit.service.js';
import { orderFulfill } from './order-fulfillment.service.js';
import { queueOrderEmail } from '../notifications/notifications.service.js';
import { orderCapture, orderMarkAsPaid, orderVoid } from './order-payment.service.js';
import { orderCancel, orderClose, orderReopen } from './order-lifecycle.service.js';

const write = auth.permission('ORDERS_WRITE');
const refundsWrite = auth.permission('REFUNDS_WRITE');

/** An order's API id as its uuid; an id of no order is a userError on the argument, like other modules. */
function orderUuid(id: string | number, field: string[] = ['id']): string {
  const uuid = decodeIdOf('Order', String(id));
  if (!uuid) throw DomainError.one('INVALID', 'This order does not exist.', field);
  return uuid;
}

/** Later reads in the same request (another field of the mutation, say) see the order as the command left it. */
function fresh(ctx: Ctx, orders: Order[]): void {
  const { orderById, linesByOrderId, transactionsByOrderId, fulfillmentsByOrderId } = ctx.loaders;
  for (const o of orders) {
    orderById.clear(o.id).prime(o.id, o);
    for (const loader of [linesByOrderId, transactionsByOrderId, fulfillmentsByOrderId]) loader.clear(o.id);
  }
}

/** A command that leaves one order changed: its payload, with the order fresh for the rest of the request. */
function one(ctx: Ctx, work: (trx: Tx) => Promise<Order>) {
  return command(ctx, async (trx) => {
    const order = await work(trx);
    fresh(ctx, [order]);
    return { order };
  });
}

const OrderFulfillPayload = builder
  .objectRef<{ order?: Order | null; fulfillment?: Fulfillment | null; userErrors: UserError[] }>(
    'OrderFulfillPayload',
  )
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      order: t.field({ type: OrderRef, nullable: true, resolve: (p) => p.order ?? null }),
      fulfillment: t.field({ type: FulfillmentRef, nullable: true, resolve: (p) => p.fulfillment ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const OrdersBulkPayload = builder
  .objectRef<{ orders?: Order[]; userErrors: UserError[] }>('OrdersBulkPayload')
  .implement({
    description: 'All or nothing: when any order fails, none changed and userErrors name each failing one.',
    extensions: auth.public,
    fields: (t) => ({
      orders: t.field({
        extensions: listBound({ max: MAX_BULK_ORDERS, byInput: ['ids'] }),
        type: [OrderRef],
        resolve: (p) => p.orders ?? [],
      }),
      userErrors: t.field({
        type: [UserErrorRef],
        description: 'Per failing order with field ["ids", index].',
        resolve: (p) => p.userErrors,
      }),
    }),
  });

const OrderFulfillLineInput = builder.inputType('OrderFulfillLineInput', {
  fields: (t) => ({
    lineId: t.id({ required: true }),
    quantity: t.int({ required: true, description: '1 … the units of the line still to ship.' }),
  }),
});

const OrderFulfillInput = builder.inputType('OrderFulfillInput', {
  fields: (t) => ({
    orderId: t.id({ required: true }),
    locationId: t.id({
      description: 'Where the parcel leaves from; default: where the items are reserved.',
    }),
    lines: t.field({
      type: [OrderFulfillLineInput],
      description: 'Default: every unit still to ship.',
    }),
    carrier: t.string({
      description: 'UPS, USPS, FedEx, DHL and Royal Mail get a tracking link by themselves.',
    }),
    trackingNumber: t.string(),
    trackingUrl: t.string({ description: 'Overrides the link made for a known carrier.' }),
    idempotencyKey: t.string({
      description:
        'Made once per shipment by the caller: a retry with the same key ships nothing more and answers the first shipment.',
    }),
    notifyCustomer: t.boolean({
      defaultValue: true,
      description: 'Email the customer a shipping confirmation (when the order has an email) — default true.',
    }),
  }),
});

const OrderUpdateInput = builder.inputType('OrderUpdateInput', {
  description: 'Fields left out keep their values; null clears. Addresses only while nothing has shipped.',
  fields: (t) => ({
    email: t.string(),
    phone: t.string({ description: 'E.164, e.g. +15550100199; spaces and dashes are fine.' }),
    shippingAddress: t.field({ type: AddressInput }),
    billingAddress: t.field({ type: AddressInput }),
    tags: t.stringList(),
    note: t.string(),
    version: t.int({
      description: 'The version you saw; STALE_VERSION when someone changed the order since.',
    }),
  }),
});

builder.mutationFields((t) => ({
  orderMarkAsPaid: t.field({
    type: OrderPayload,
    description: 'Records money received outside a gateway (cash, bank transfer) for all that is still owed.',
    extensions: write,
    args: { id: t.arg.id({ required: true }), reference: t.arg.string() },
    resolve: (_r, args, ctx) =>
      one(ctx, (trx) => orderMarkAsPaid(trx, ctx, { id: orderUuid(args.id), reference: args.reference })),
  }),
  orderCapture: t.field({
    type: OrderPayload,
    description:
      'Captures authorized money: `amount` (a decimal in the order currency) or, left out, all still authorized. A retry with the same idempotencyKey captures nothing more.',
    extensions: write,
    args: {
      id: t.arg.id({ required: true }),
      amount: t.arg.string(),
      idempotencyKey: t.arg.string(),
    },
    resolve: (_r, args, ctx) =>
      one(ctx, (trx) =>
        orderCapture(trx, ctx, {
          id: orderUuid(args.id),
          amount: args.amount,
          idempotencyKey: args.idempotencyKey,
        }),
      ),
  }),
  orderVoid: t.field({
    type: OrderPayload,
    description: 'Releases an authorization nothing was captured from.',
    extensions: refundsWrite,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => one(ctx, (trx) => orderVoid(trx, ctx, { id: orderUuid(args.id) })),
  }),
  orderFulfill: t.field({
    type: OrderFulfillPayload,
    description: 'Ships items of an order from one location; stock reserved elsewhere moves there first.',
    extensions: write,
    args: { input: t.arg({ type: OrderFulfillInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        const { input } = args;
        const done = await orderFulfill(trx, ctx, {
          orderId: String(input.orderId),
          locationId: input.locationId == null ? null : String(input.locationId),
          lines: input.lines?.map((l) => ({ lineId: String(l.lineId), quantity: l.quantity })) ?? null,
          carrier: input.carrier,
          trackingNumber: input.trackingNumber,
          trackingUrl: input.trackingUrl,
          idempotencyKey: input.idempotencyKey,
        });
        if (input.notifyCustomer !== false)
          await queueOrderEmail(trx, ctx, {
            kind: 'SHIPPING_CONFIRMATION',
            orderId: done.order.id,
            fulfillmentId: done.fulfillment.id,
          });
        fresh(ctx, [done.order]);
        return done;
      }),
  }),
  fulfillmentCancel: t.field({
    type: OrderPayload,
    description:
      'Undoes a shipment: its units are unfulfilled again and their stock back, reserved for the order.',
    extensions: write,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      one(ctx, async (trx) => (await fulfillmentCancel(trx, ctx, String(args.id))).order),
  }),
  orderCancel: t.field({
    type: OrderPayload,
    description:
      'Cancels an order with nothing fulfilled: releases its stock, voids what is authorized, and with refund: true (needs REFUNDS_WRITE) refunds what was paid.',
    extensions: write,
    args: {
      id: t.arg.id({ required: true }),
      reason: t.arg.string(),
      refund: t.arg.boolean({ defaultValue: false }),
      notifyCustomer: t.arg.boolean({
        defaultValue: true,
        description: 'Email the customer that the order was cancelled (when it has an email) — default true.',
      }),
    },
    resolve: (_r, args, ctx) => {
      // Giving money back is a refund, whoever may cancel: the same permission as orderRefund.
      if (args.refund) check({ permission: 'REFUNDS_WRITE' }, null, ctx);
      return one(ctx, async (trx) => {
        const order = await orderCancel(trx, ctx, {
          id: orderUuid(args.id),
          reason: args.reason,
          refund: args.refund,
        });
        if (args.notifyCustomer !== false)
          await queueOrderEmail(trx, ctx, { kind: 'ORDER_CANCELLED', orderId: order.id });
        return order;
      });
    },
  }),
  orderClose: t.field({
    type: OrderPayload,
    description: 'Archives a finished order.',
    extensions: write,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => one(ctx, (trx) => orderClose(trx, ctx, { id: orderUuid(args.id) })),
  }),
  orderReopen: t.field({
    type: OrderPayload,
    description: 'Unarchives a closed order.',
    extensions: write,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => one(ctx, (trx) => orderReopen(trx, ctx, { id: orderUuid(args.id) })),
  }),
  orderUpdate: t.field({
    type: OrderPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: OrderUpdateInput, required: true }) },
    resolve: (_r, args, ctx) => one(ctx, (trx) => orderUpdate(trx, ctx, orderUuid(args.id), args.input)),
  }),
  orderCommentAdd: t.field({
    type: OrderPayload,
    description: "A staff comment on the order's timeline (1–5,000 characters).",
    extensions: write,
    args: { id: t.arg.id({ required: true }), body: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      one(
        ctx,
        async (trx) => (await orderCommentAdd(trx, ctx, { id: orderUuid(args.id), body: args.body })).order,
      ),
  }),
  ordersBulkUpdate: t.field({
    type: OrdersBulkPayload,
    description: 'Adds or removes tags and/or closes up to 250 orders, all or none.',
    extensions: write,
    args: {
      ids: t.arg.idList({ required: true }),
      addTags: t.arg.stringList(),
      removeTags: t.arg.stringList(),
      close: t.arg.boolean(),
    },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        const orders = await ordersBulkUpdate(trx, ctx, { ...args, ids: args.ids.map(String) });
        fresh(ctx, orders);
        return { orders };
      }),
  }),
  ordersBulkFulfill: t.field({
    type: OrdersBulkPayload,
    description: 'Fulfills everything still unshipped of up to 250 orders from one location, all or none.',
    extensions: write,
    args: { ids: t.arg.idList({ required: true }), locationId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        const orders = await ordersBulkFulfill(trx, ctx, {
          ids: args.ids.map(String),
          locationId: String(args.locationId),
        });
        fresh(ctx, orders);
        return { orders };
      }),
  }),
}));
