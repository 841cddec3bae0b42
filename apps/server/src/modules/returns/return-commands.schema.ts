import { MAX_LINE_QUANTITY, RETURN_LIMITS, type UserError } from '@stockroom/domain';
import { auth } from '../../graphql/auth.js';
import { builder, command, UserErrorRef } from '../../graphql/builder.js';
import type { Ctx } from '../../graphql/context.js';
import type { Order } from '../orders/order.model.js';
import { OrderRef } from '../orders/order.refs.js';
import type { Return } from './return.model.js';
import { ReturnDispositionEnum, ReturnReasonEnum, ReturnRef } from './return.schema.js';
import { returnCancel, returnClose, returnCreate, returnOpen } from './return.service.js';
import { returnReceive } from './return-receive.service.js';
import { returnSettle } from './return-settle.service.js';
import { findOrder } from '../orders/order-reads.service.js';
import { queueOrderEmail } from '../notifications/notifications.service.js';

const write = auth.permission('RETURNS_WRITE');

type ReturnPayloadShape = { return?: Return | null; order?: Order | null; userErrors: UserError[] };

const ReturnPayload = builder.objectRef<ReturnPayloadShape>('ReturnPayload').implement({
  description: 'A return after a command, with its order (returnable quantities, payment) as they are now.',
  extensions: auth.public,
  fields: (t) => ({
    return: t.field({ type: ReturnRef, nullable: true, resolve: (p) => p.return ?? null }),
    order: t.field({ type: OrderRef, nullable: true, resolve: (p) => p.order ?? null }),
    userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
  }),
});

const ReturnLineInput = builder.inputType('ReturnLineInput', {
  fields: (t) => ({
    orderLineId: t.id({ required: true }),
    quantity: t.int({ required: true, description: '1 … the line’s returnableQuantity.' }),
    reason: t.field({ type: ReturnReasonEnum, required: true }),
    note: t.string({ description: `At most ${RETURN_LIMITS.note} characters.` }),
  }),
});

const ReturnExchangeLineInput = builder.inputType('ReturnExchangeLineInput', {
  description:
    'A new item the customer takes instead of money: added to the order, taxed at today’s rate for its shipping address, its stock committed as an order’s.',
  fields: (t) => ({
    variantId: t.id({ required: true }),
    quantity: t.int({
      required: true,
      description: `1 … ${MAX_LINE_QUANTITY.toLocaleString('en-US')}.`,
    }),
    price: t.string({
      description: 'Unit price, a decimal in the order currency; default the variant’s price today.',
    }),
    priceOverrideReason: t.string({
      description: `Why the price differs from today’s; required then. At most ${RETURN_LIMITS.note} characters.`,
    }),
  }),
});

const ReturnCreateInput = builder.inputType('ReturnCreateInput', {
  fields: (t) => ({
    orderId: t.id({ required: true }),
    lines: t.field({
      type: [ReturnLineInput],
      required: true,
      description: `1 … ${RETURN_LIMITS.lines} lines.`,
    }),
    exchangeLines: t.field({
      type: [ReturnExchangeLineInput],
      description: `New items instead of money (an exchange); returned and exchanged lines together at most ${RETURN_LIMITS.lines}.`,
    }),
    returnShippingFee: t.string({
      description: 'A flat fee for the return label, a decimal in the order currency.',
    }),
    restockingFeePercent: t.int({ description: 'Whole percent of the credited merchandise, 0 … 100.' }),
    note: t.string({ description: `At most ${RETURN_LIMITS.note} characters.` }),
    idempotencyKey: t.string({ description: 'A repeat with the same key answers the first return.' }),
    notifyCustomer: t.boolean({
      defaultValue: true,
      description:
        'Email the customer that the return has started (what comes back, any exchange items), when the order has an email — default true.',
    }),
  }),
});

const ReturnReceiveLineInput = builder.inputType('ReturnReceiveLineInput', {
  fields: (t) => ({
    returnLineId: t.id({ required: true }),
    quantity: t.int({ required: true, description: '1 … the units of the line still expected.' }),
    disposition: t.field({ type: ReturnDispositionEnum, required: true }),
    locationId: t.id({
      description:
        'Where restocked or damaged units go; default where the line shipped from. Ignored for MISSING.',
    }),
  }),
});

const ReturnSettleRefundInput = builder.inputType('ReturnSettleRefundInput', {
  fields: (t) => ({
    amount: t.string({
      description:
        'Money back; default the suggested refund. Lower it to give back less; never more than is owed.',
    }),
    refundShipping: t.boolean({
      defaultValue: false,
      description: 'Give back the original shipping (only when every unit of the order comes back).',
    }),
    reason: t.string({ description: 'Shown on the refund; default "Return #1021-R1".' }),
  }),
});

/** The payload of a return command: the return and its order, read fresh after the change. */
async function payloadOf(ctx: Ctx, ret: Return, trx: Parameters<typeof findOrder>[0]) {
  const order = await findOrder(trx, ret.orderId);
  const { orderById, linesByOrderId, transactionsByOrderId, refundsByOrderId } = ctx.loaders;
  if (order) orderById.clear(order.id).prime(order.id, order);
  for (const loader of [linesByOrderId, transactionsByOrderId, refundsByOrderId]) loader.clear(ret.orderId);
  ctx.loaders.returnsByOrderId.clear(ret.orderId);
  ctx.loaders.returnById.clear(ret.id).prime(ret.id, ret);
  ctx.loaders.returnLinesByReturnId.clear(ret.id);
  ctx.loaders.returnReceiptsByReturnId.clear(ret.id);
  ctx.loaders.unitsOnReturnsByOrderLineId.clearAll();
  ctx.loaders.damagedByLevel.clearAll();
  return { return: ret, order };
}

const lifecycle = (
  description: string,
  run: (trx: Parameters<typeof returnOpen>[0], ctx: Ctx, id: string) => Promise<Return>,
) =>
  builder.mutationField(description.split(':')[0]!, (t) =>
    t.field({
      type: ReturnPayload,
      description: description.split(':').slice(1).join(':').trim(),
      extensions: write,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) =>
        command(ctx, async (trx) => payloadOf(ctx, await run(trx, ctx, String(args.id)), trx)),
    }),
  );

lifecycle('returnOpen: REQUESTED → OPEN: a label was sent or the parcel is expected.', (trx, ctx, id) =>
  returnOpen(trx, ctx, id),
);
lifecycle(
  'returnCancel: Calls off a return while nothing of it is received or settled; its units can be returned again. Items its exchange added come off the order (stock released) unless they shipped.',
  (trx, ctx, id) => returnCancel(trx, ctx, id),
);
lifecycle(
  'returnClose: Ends a settled return that has received units; units never received come off it.',
  (trx, ctx, id) => returnClose(trx, ctx, id),
);

builder.mutationFields((t) => ({
  returnCreate: t.field({
    type: ReturnPayload,
    description:
      'Takes a return of shipped units of an order (REQUESTED); with exchangeLines, the new items are added to the order at once (stock committed, to ship through the normal fulfillment) and the expected credit is applied to them.',
    extensions: write,
    args: { input: t.arg({ type: ReturnCreateInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      command(ctx, async (trx) => {
        const { notifyCustomer, ...rest } = input;
        const ret = await returnCreate(trx, ctx, {
          ...rest,
          orderId: String(input.orderId),
          lines: input.lines.map((l) => ({ ...l, orderLineId: String(l.orderLineId) })),
          exchangeLines: input.exchangeLines?.map((l) => ({ ...l, variantId: String(l.variantId) })) ?? null,
        });
        // A repeat of the same key answers the first return and finds its message already queued.
        if (notifyCustomer !== false)
          await queueOrderEmail(trx, ctx, { kind: 'RETURN_CREATED', orderId: ret.orderId, returnId: ret.id });
        return payloadOf(ctx, ret, trx);
      }),
  }),
  returnReceive: t.field({
    type: ReturnPayload,
    description:
      'Records units that arrived: RESTOCK (on hand at the location), DAMAGED (kept aside, never sellable) or MISSING (nothing moves).',
    extensions: write,
    args: {
      id: t.arg.id({ required: true }),
      lines: t.arg({ type: [ReturnReceiveLineInput], required: true }),
      idempotencyKey: t.arg.string({ description: 'A repeat with the same key is one receipt.' }),
    },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        const ret = await returnReceive(trx, ctx, {
          id: String(args.id),
          lines: args.lines.map((l) => ({
            ...l,
            returnLineId: String(l.returnLineId),
            locationId: l.locationId == null ? null : String(l.locationId),
          })),
          idempotencyKey: args.idempotencyKey,
        });
        return payloadOf(ctx, ret, trx);
      }),
  }),
  returnSettle: t.field({
    type: ReturnPayload,
    description:
      'Settles the money: the credit less fees goes back through a refund of the order (never more than captured); units refunded before come back without money.',
    extensions: write,
    args: {
      id: t.arg.id({ required: true }),
      refund: t.arg({ type: ReturnSettleRefundInput }),
      idempotencyKey: t.arg.string({ description: 'A repeat with the same key is one settlement.' }),
    },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        const ret = await returnSettle(trx, ctx, {
          id: String(args.id),
          refund: args.refund,
          idempotencyKey: args.idempotencyKey,
        });
        return payloadOf(ctx, ret, trx);
      }),
  }),
}));
