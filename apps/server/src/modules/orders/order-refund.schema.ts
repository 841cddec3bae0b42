import { listBound } from '../../graphql/cost.js';
import { decodeIdOf, DomainError, encodeId, type UserError } from '@stockroom/domain';
import type { Order } from './order.model.js';
import type { RefundLine, Refund } from './order.model.js';
import type { RefundPlan } from './refund-plan.service.js';
import { auth } from '../../graphql/auth.js';
import { builder, command, UserErrorRef } from '../../graphql/builder.js';
import { MoneyRef } from '../catalog/product.schema.js';
import { LocationRef } from '../inventory/inventory.schema.js';
import { OrderLineRef, OrderRef, OrderTransactionRef } from './order.refs.js';
import { money } from './order-view.schema.js';
import { orderRefund, suggestOrderRefund } from './order-refund.service.js';
import { queueOrderEmail } from '../notifications/notifications.service.js';
import { REFUND_LINES_MAX } from './refund-plan.service.js';

const read = auth.permission('ORDERS_READ');

const lineOf = async (ctx: Parameters<typeof money>[0], orderId: string, lineId: string) =>
  (await ctx.loaders.linesByOrderId.load(orderId)).find((l) => l.id === lineId) ??
  (await ctx.loaders.orderLineById.load(lineId))!;

const RefundLineRef = builder.objectRef<RefundLine & { orderId: string }>('RefundLine').implement({
  extensions: read,
  fields: (t) => ({
    line: t.field({
      type: OrderLineRef,
      resolve: (rl, _a, ctx) => lineOf(ctx, rl.orderId, rl.orderLineId),
    }),
    quantity: t.exposeInt('quantity'),
    restock: t.exposeBoolean('restock', {
      description: 'Some units went back to stock (restockedQuantity > 0).',
    }),
    restockedQuantity: t.exposeInt('restockedQuantity', {
      description:
        'Units that went back to stock through this refund: shipped units restocked on hand, or units still reserved for the order released. Each is a movement in the stock history.',
    }),
    location: t.field({
      type: LocationRef,
      nullable: true,
      description: 'Where the units went back to stock; null when none did.',
      resolve: (rl, _a, ctx) => (rl.locationId ? ctx.loaders.locationById.load(rl.locationId) : null),
    }),
  }),
});

export const RefundRef = builder.objectRef<Refund>('Refund').implement({
  description: 'Money and items given back on an order.',
  extensions: read,
  fields: (t) => ({
    id: t.id({ resolve: (r) => encodeId('Refund', r.id) }),
    amount: t.field({ type: MoneyRef, resolve: (r, _a, ctx) => money(ctx, r.amount) }),
    shipping: t.field({
      type: MoneyRef,
      description: 'The part of the amount that refunds shipping.',
      resolve: (r, _a, ctx) => money(ctx, r.shippingAmount),
    }),
    reason: t.exposeString('reason', { nullable: true }),
    staffName: t.string({
      nullable: true,
      description: "Who made the refund: the staff member's name, or the API token's.",
      resolve: (r) => r.staffName,
    }),
    transaction: t.field({
      type: OrderTransactionRef,
      nullable: true,
      description: 'The REFUND transaction; null when no money moved (items only).',
      resolve: (r, _a, ctx) => (r.transactionId ? ctx.loaders.transactionById.load(r.transactionId) : null),
    }),
    lines: t.field({
      // together at most the order's lines
      extensions: listBound({ max: 20 }),
      type: [RefundLineRef],
      resolve: async (r, _a, ctx) =>
        (await ctx.loaders.refundLinesByRefundId.load(r.id)).map((rl) => ({ ...rl, orderId: r.orderId })),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
  }),
});

const OrderRefundLineInput = builder.inputType('OrderRefundLineInput', {
  fields: (t) => ({
    lineId: t.id({ required: true }),
    quantity: t.int({ required: true, description: '1 … the units of the line not yet refunded.' }),
    restock: t.boolean({
      defaultValue: false,
      description:
        "Put shipped units back on hand. Units not yet shipped are always released from their reservation (a cancelled order's were released by the cancel); restock with nothing shipped and nothing reserved is refused.",
    }),
    locationId: t.id({ description: 'Where restocked units go; default where the line shipped from.' }),
  }),
});

type Suggestion = { plan: RefundPlan | null; order: Order; userErrors: UserError[] };

const SuggestedRefundLineRef = builder
  .objectRef<{
    order: Order;
    lineId: string;
    quantity: number;
    share: RefundPlan['figures']['lines'][number];
  }>('SuggestedRefundLine')
  .implement({
    extensions: read,
    fields: (t) => ({
      line: t.field({ type: OrderLineRef, resolve: (s, _a, ctx) => lineOf(ctx, s.order.id, s.lineId) }),
      quantity: t.exposeInt('quantity'),
      subtotal: t.field({ type: MoneyRef, resolve: (s, _a, ctx) => money(ctx, s.share.subtotal) }),
      discount: t.field({ type: MoneyRef, resolve: (s, _a, ctx) => money(ctx, s.share.discount) }),
      tax: t.field({ type: MoneyRef, resolve: (s, _a, ctx) => money(ctx, s.share.tax) }),
      amount: t.field({ type: MoneyRef, resolve: (s, _a, ctx) => money(ctx, s.share.amount) }),
    }),
  });

const SuggestedRefundRef = builder.objectRef<Suggestion>('SuggestedRefund').implement({
  description:
    'What a refund of these items and this shipping gives back, computed as orderRefund will. userErrors name what cannot be refunded.',
  extensions: read,
  fields: (t) => {
    const figure = (pick: (p: RefundPlan) => number, description?: string) =>
      t.field({
        type: MoneyRef,
        description,
        resolve: (s, _a, ctx) => money(ctx, s.plan ? pick(s.plan) : 0),
      });
    return {
      lines: t.field({
        // as many as the lines asked about
        extensions: listBound({ max: 20 }),
        type: [SuggestedRefundLineRef],
        resolve: (s) =>
          s.plan?.lines.map((p, i) => ({
            order: s.order,
            lineId: p.line.id,
            quantity: p.quantity,
            share: s.plan!.figures.lines[i]!,
          })) ?? [],
      }),
      subtotal: figure((p) => p.figures.subtotal),
      discount: figure((p) => p.figures.discount),
      tax: figure((p) => p.figures.tax),
      shipping: figure((p) => p.figures.shipping),
      total: figure((p) => p.figures.total, 'What these items and shipping cost the customer.'),
      amount: figure(
        (p) => p.figures.amount,
        'The total, at most maximumRefundable: what the refund gives unless lowered.',
      ),
      maximumRefundable: figure((p) => p.figures.maximum, 'Captured − refunded.'),
      shippingRefundable: figure(
        (p) => p.shippingLeft,
        'Shipping charged and not yet refunded, with its tax when prices exclude tax.',
      ),
      shippingTaxRefundable: figure(
        (p) => p.shippingTaxLeft,
        'The part of shippingRefundable that is shipping tax (0 when prices include tax).',
      ),
      unitsBackInStock: t.int({
        description:
          'Units this refund puts back in stock: shipped units restocked and units still reserved released. A refund with no money and no units back is refused.',
        resolve: (s) => s.plan?.unitsBack ?? 0,
      }),
      userErrors: t.field({
        extensions: listBound({ max: 20 }),
        type: [UserErrorRef],
        resolve: (s) => s.userErrors,
      }),
    };
  },
});

builder.objectFields(OrderRef, (t) => ({
  refunds: t.field({
    // each refund is also a REFUND transaction, counted among Order.transactions
    extensions: listBound({ max: 5 }),
    type: [RefundRef],
    description: 'Oldest first.',
    resolve: (o, _a, ctx) => ctx.loaders.refundsByOrderId.load(o.id),
  }),
  suggestedRefund: t.field({
    type: SuggestedRefundRef,
    description: 'The figures of a refund before it is made.',
    args: {
      lines: t.arg({ type: [OrderRefundLineInput] }),
      shipping: t.arg.string({ description: 'Shipping to refund, a decimal in the order currency.' }),
    },
    resolve: async (o, args, ctx): Promise<Suggestion> => {
      try {
        const plan = await suggestOrderRefund(ctx.services.db, o, {
          lines: args.lines?.map((l) => ({
            ...l,
            lineId: String(l.lineId),
            locationId: l.locationId == null ? null : String(l.locationId),
          })),
          shipping: args.shipping,
        });
        return { plan, order: o, userErrors: [] };
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        // Fields as the arguments name them: ["lines", "0", "quantity"].
        return {
          plan: null,
          order: o,
          userErrors: e.errors.map((u) => ({ ...u, field: u.field?.slice(1) ?? null })),
        };
      }
    },
  }),
}));

const OrderRefundInput = builder.inputType('OrderRefundInput', {
  fields: (t) => ({
    orderId: t.id({ required: true }),
    lines: t.field({
      type: [OrderRefundLineInput],
      description: `At most ${REFUND_LINES_MAX}; a line at most once.`,
    }),
    shipping: t.string({ description: 'Shipping to refund, up to what was charged and not yet refunded.' }),
    amount: t.string({
      description:
        'The money to give back; default the suggested amount. Lower it for a partial refund; never more than captured − refunded.',
    }),
    reason: t.string({ description: 'At most 500 characters.' }),
    idempotencyKey: t.string({ description: 'A repeat with the same key answers the first refund.' }),
    notifyCustomer: t.boolean({
      defaultValue: true,
      description: 'Email the customer about the refund (when the order has an email) — default true.',
    }),
  }),
});

const OrderRefundPayload = builder
  .objectRef<{ order?: Order | null; refund?: Refund | null; userErrors: UserError[] }>('OrderRefundPayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      order: t.field({ type: OrderRef, nullable: true, resolve: (p) => p.order ?? null }),
      refund: t.field({ type: RefundRef, nullable: true, resolve: (p) => p.refund ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

builder.mutationFields((t) => ({
  orderRefund: t.field({
    type: OrderRefundPayload,
    description:
      'Gives money and items back: restocks shipped units when asked, releases units not yet shipped, and records the REFUND.',
    extensions: auth.permission('REFUNDS_WRITE'),
    args: { input: t.arg({ type: OrderRefundInput, required: true }) },
    resolve: (_r, { input: { notifyCustomer, ...input } }, ctx) =>
      command(ctx, async (trx) => {
        const done = await orderRefund(trx, ctx, {
          ...input,
          orderId: String(input.orderId),
          lines: input.lines?.map((l) => ({
            ...l,
            lineId: String(l.lineId),
            locationId: l.locationId == null ? null : String(l.locationId),
          })),
        });
        if (notifyCustomer !== false)
          await queueOrderEmail(trx, ctx, {
            kind: 'REFUND_ISSUED',
            orderId: done.order.id,
            refundId: done.refund.id,
          });
        const { orderById, linesByOrderId, transactionsByOrderId, refundsByOrderId } = ctx.loaders;
        orderById.clear(done.order.id).prime(done.order.id, done.order);
        for (const loader of [linesByOrderId, transactionsByOrderId, refundsByOrderId])
          loader.clear(done.order.id);
        return done;
      }),
  }),
}));

/** A refund's API id as its uuid, for tests and links. */
export const refundUuid = (id: string) => decodeIdOf('Refund', id);
