import {
  decodeIdOf,
  encodeId,
  RETURN_ACTIONS,
  RETURN_DISPOSITION_LABELS,
  RETURN_DISPOSITIONS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_STATUS_LABELS,
  RETURN_STATUSES,
  returnableQuantity,
  returnAvailableActions,
  type UserError,
} from '@stockroom/domain';
import { auth } from '../../graphql/auth.js';
import {
  builder,
  countWhenAsked,
  emptyConnection,
  toConnection,
  UserErrorRef,
} from '../../graphql/builder.js';
import type { Ctx } from '../../graphql/context.js';
import { listBound } from '../../graphql/cost.js';
import { MoneyRef } from '../catalog/product.schema.js';
import { LevelRef, LocationRef } from '../inventory/inventory.schema.js';
import { money } from '../orders/order-view.schema.js';
import { OrderLineRef, OrderRef } from '../orders/order.refs.js';
import { RefundRef } from '../orders/order-refund.schema.js';
import { receivedOf, type Return, type ReturnLine, type ReturnReceipt } from './return.model.js';
import { countReturns, pageReturns, returnSearchCondition } from './return-list.repository.js';
import { returnFacts } from './return.service.js';
import { planSettlement, type ReturnSettlementPlan } from './return-plan.service.js';

const read = auth.permission('ORDERS_READ');

export const ReturnStatusEnum = builder.enumType('ReturnStatus', {
  values: Object.fromEntries(
    RETURN_STATUSES.map((s) => [s, { description: RETURN_STATUS_LABELS[s] }]),
  ) as Record<(typeof RETURN_STATUSES)[number], { description: string }>,
});
export const ReturnReasonEnum = builder.enumType('ReturnReason', {
  values: Object.fromEntries(
    RETURN_REASONS.map((s) => [s, { description: RETURN_REASON_LABELS[s] }]),
  ) as Record<(typeof RETURN_REASONS)[number], { description: string }>,
});
export const ReturnDispositionEnum = builder.enumType('ReturnDisposition', {
  values: Object.fromEntries(
    RETURN_DISPOSITIONS.map((s) => [s, { description: RETURN_DISPOSITION_LABELS[s] }]),
  ) as Record<(typeof RETURN_DISPOSITIONS)[number], { description: string }>,
});
const ReturnActionEnum = builder.enumType('ReturnAction', { values: RETURN_ACTIONS });

/** "#1021-R2". */
async function nameOf(ctx: Ctx, r: Return): Promise<string> {
  const [shop, order] = await Promise.all([ctx.loaders.shop(), ctx.loaders.orderById.load(r.orderId)]);
  return `${shop.orderNumberPrefix}${order?.number ?? ''}-R${r.number}`;
}

export const ReturnLineRef = builder.objectRef<ReturnLine>('ReturnLine');
builder.node(ReturnLineRef, {
  description: 'Units of one order line asked back, with what became of those received.',
  extensions: read,
  id: { resolve: (l) => l.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'missingQuantity' in o,
  fields: (t) => ({
    orderLine: t.field({
      type: OrderLineRef,
      resolve: async (l, _a, ctx) => (await ctx.loaders.orderLineById.load(l.orderLineId))!,
    }),
    quantity: t.exposeInt('quantity', { description: 'Units asked back.' }),
    reason: t.field({ type: ReturnReasonEnum, resolve: (l) => l.reason }),
    note: t.exposeString('note', { nullable: true }),
    restockedQuantity: t.exposeInt('restockedQuantity'),
    damagedQuantity: t.exposeInt('damagedQuantity'),
    missingQuantity: t.exposeInt('missingQuantity'),
    receivedQuantity: t.int({
      description: 'Units whose fate is recorded: restocked + damaged + missing.',
      resolve: (l) => receivedOf(l),
    }),
    expectedQuantity: t.int({
      description: 'Units still to arrive.',
      resolve: (l) => l.quantity - receivedOf(l),
    }),
    creditedQuantity: t.exposeInt('creditedQuantity', {
      description: 'Units the settlement paid back (units refunded before come back without money).',
    }),
    credit: t.field({ type: MoneyRef, resolve: (l, _a, ctx) => money(ctx, Number(l.credit)) }),
  }),
});

const ReturnReceiptRef = builder.objectRef<ReturnReceipt>('ReturnReceipt').implement({
  description: 'Units received at once: scanned, counted, and put somewhere (or found missing).',
  extensions: read,
  fields: (t) => ({
    id: t.id({ resolve: (r) => encodeId('ReturnReceipt', r.id) }),
    line: t.field({
      type: ReturnLineRef,
      resolve: async (r, _a, ctx) =>
        (await ctx.loaders.returnLinesByReturnId.load(r.returnId)).find((l) => l.id === r.returnLineId)!,
    }),
    quantity: t.exposeInt('quantity'),
    disposition: t.field({ type: ReturnDispositionEnum, resolve: (r) => r.disposition }),
    location: t.field({
      type: LocationRef,
      nullable: true,
      description: 'Where restocked or damaged units went; null for missing units or items without stock.',
      resolve: (r, _a, ctx) => (r.locationId ? ctx.loaders.locationById.load(r.locationId) : null),
    }),
    staffName: t.exposeString('staffName', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
  }),
});

type Suggested = { plan: ReturnSettlementPlan | null; userErrors: UserError[] };

const ReturnSettlementRef = builder.objectRef<Suggested>('ReturnSettlement').implement({
  description:
    'What settling the return gives back now, computed as returnSettle will: the credit for the units that count (received and not missing, or still expected), less fees, plus original shipping when chosen, against the new items of an exchange.',
  extensions: read,
  fields: (t) => {
    const figure = (pick: (p: ReturnSettlementPlan) => number, description?: string) =>
      t.field({
        type: MoneyRef,
        description,
        resolve: (s, _a, ctx) => money(ctx, s.plan ? pick(s.plan) : 0),
      });
    return {
      credit: figure(
        (p) => p.figures.credit,
        'What the units are worth, as paid (unit net, odd cents on the last unit).',
      ),
      creditTax: figure((p) => p.figures.creditTax, 'The original tax of those units.'),
      restockingFee: figure((p) => p.figures.restockingFee),
      returnShippingFee: figure((p) => p.figures.returnShippingFee),
      fees: figure((p) => p.figures.fees, 'Fees taken: never more than the credit and shipping.'),
      shipping: figure((p) => p.figures.shipping, 'Original shipping given back.'),
      shippingRefundable: figure((p) => p.shippingLeft, 'Original shipping not yet refunded.'),
      canRefundShipping: t.boolean({
        description: 'Every unit of the order comes back with this return, so original shipping may go back.',
        resolve: (s) => s.plan?.everyUnitBack ?? false,
      }),
      refund: figure(
        (p) => p.figures.refund,
        'The refund suggested: what is owed, at most maximumRefundable.',
      ),
      maximumRefundable: figure((p) => p.figures.maximum, 'Captured − refunded.'),
      newItemsTotal: figure(
        (p) => p.figures.newItemsTotal,
        'The exchange’s new items as the customer pays for them: priced today (or overridden), with today’s tax unless prices include it.',
      ),
      newItemsTax: figure((p) => p.figures.newItemsTax, 'Tax of the new items, at today’s rate.'),
      difference: figure(
        (p) => p.figures.difference,
        'newItemsTotal − (credit + shipping − fees), signed: above 0 the customer owes it (see owed), below 0 it goes back to them (see refund).',
      ),
      owed: figure(
        (p) => p.figures.owed,
        'What the customer owes for the exchange: it stays outstanding on the order (PARTIALLY_PAID) until paid.',
      ),
      exchangeCredit: figure(
        (p) => p.figures.exchangeCredit,
        'Credit applied to the new items: min(credit + shipping − fees, newItemsTotal); no money moves for it.',
      ),
      creditedQuantity: t.int({
        description: 'Units paid back; the others were refunded before or credited by another return.',
        resolve: (s) => s.plan?.figures.lines.reduce((n, l) => n + l.creditedUnits, 0) ?? 0,
      }),
      userErrors: t.field({
        extensions: listBound({ max: 5 }),
        type: [UserErrorRef],
        resolve: (s) => s.userErrors,
      }),
    };
  },
});

export const ReturnRef = builder.objectRef<Return>('Return');
builder.node(ReturnRef, {
  description: 'A return of an order (issue #31): what comes back, what arrived, and the money.',
  extensions: read,
  id: { resolve: (r) => r.id },
  isTypeOf: (o) =>
    typeof o === 'object' && o !== null && 'restockingFeePercent' in o && 'receivedQuantity' in o,
  loadOne: (id, ctx) => ctx.loaders.returnById.load(id),
  fields: (t) => ({
    name: t.string({
      description: 'The order’s name and the return’s number: #1021-R2.',
      resolve: (r, _a, ctx) => nameOf(ctx, r),
    }),
    order: t.field({
      type: OrderRef,
      resolve: async (r, _a, ctx) => (await ctx.loaders.orderById.load(r.orderId))!,
    }),
    status: t.field({ type: ReturnStatusEnum, resolve: (r) => r.status }),
    quantity: t.exposeInt('quantity', { description: 'Units asked back, every line.' }),
    receivedQuantity: t.exposeInt('receivedQuantity', { description: 'Units whose fate is recorded.' }),
    lines: t.field({
      // RETURN_LIMITS.lines
      extensions: listBound({ max: 20 }),
      type: [ReturnLineRef],
      resolve: (r, _a, ctx) => ctx.loaders.returnLinesByReturnId.load(r.id),
    }),
    receipts: t.field({
      extensions: listBound({ max: 20 }),
      type: [ReturnReceiptRef],
      description: 'Oldest first.',
      resolve: (r, _a, ctx) => ctx.loaders.returnReceiptsByReturnId.load(r.id),
    }),
    returnShippingFee: t.field({
      type: MoneyRef,
      resolve: (r, _a, ctx) => money(ctx, Number(r.returnShippingFee)),
    }),
    exchangeLines: t.field({
      extensions: listBound({ max: 20 }),
      type: [OrderLineRef],
      description:
        'The order lines this return’s exchange added (the new items); empty without an exchange or once cancelled.',
      resolve: async (r, _a, ctx) =>
        (await ctx.loaders.linesByOrderId.load(r.orderId)).filter((l) => l.returnId === r.id),
    }),
    exchangeTotal: t.field({
      type: MoneyRef,
      description: 'What the new items cost the customer (with tax unless prices include it).',
      resolve: (r, _a, ctx) => money(ctx, Number(r.exchangeTotal)),
    }),
    exchangeCredit: t.field({
      type: MoneyRef,
      description:
        'Credit of this return applied to its new items (counted in Order.exchangeCredit): expected at creation, as received once settled.',
      resolve: (r, _a, ctx) => money(ctx, Number(r.exchangeCredit)),
    }),
    restockingFeePercent: t.exposeInt('restockingFeePercent'),
    note: t.exposeString('note', { nullable: true }),
    availableActions: t.field({
      type: [ReturnActionEnum],
      description: 'What the state allows now (the caller still needs RETURNS_WRITE).',
      resolve: (r) => returnAvailableActions(returnFacts(r)),
    }),
    suggestedSettlement: t.field({
      type: ReturnSettlementRef,
      nullable: true,
      description: 'The settlement as it would be made now; null once settled.',
      args: { refundShipping: t.arg.boolean({ defaultValue: false }) },
      resolve: async (r, args, ctx): Promise<Suggested | null> => {
        if (r.settledAt) return null;
        const db = ctx.services.db;
        const order = (await ctx.loaders.orderById.load(r.orderId))!;
        const lines = await ctx.loaders.linesByOrderId.load(r.orderId);
        const plan = await planSettlement(db, order, lines, r, Boolean(args.refundShipping));
        const userErrors: UserError[] =
          args.refundShipping && !plan.everyUnitBack
            ? [
                {
                  code: 'INVALID',
                  message: 'Original shipping goes back only when every unit of the order comes back.',
                  field: ['refundShipping'],
                },
              ]
            : [];
        return { plan, userErrors };
      },
    }),
    settledAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.settledAt }),
    credit: t.field({
      type: MoneyRef,
      nullable: true,
      description: 'What the settlement credited; null before it.',
      resolve: (r, _a, ctx) => (r.credit == null ? null : money(ctx, Number(r.credit))),
    }),
    fees: t.field({
      type: MoneyRef,
      nullable: true,
      resolve: (r, _a, ctx) => (r.fees == null ? null : money(ctx, Number(r.fees))),
    }),
    refund: t.field({
      type: RefundRef,
      nullable: true,
      description: 'The refund that paid the settlement; null when no money went back.',
      resolve: async (r, _a, ctx) =>
        r.refundId
          ? ((await ctx.loaders.refundsByOrderId.load(r.orderId)).find((f) => f.id === r.refundId) ?? null)
          : null,
    }),
    staffName: t.exposeString('staffName', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (r) => r.updatedAt }),
    openedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.openedAt }),
    closedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.closedAt }),
    cancelledAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.cancelledAt }),
    version: t.exposeInt('version'),
  }),
});

builder.objectFields(OrderRef, (t) => ({
  returns: t.field({
    // an order's returns: a few in practice
    extensions: listBound({ max: 5 }),
    type: [ReturnRef],
    description: 'Oldest first.',
    resolve: (o, _a, ctx) => ctx.loaders.returnsByOrderId.load(o.id),
  }),
}));

builder.objectFields(OrderLineRef, (t) => ({
  returnableQuantity: t.int({
    description:
      'Shipped units not on a return that is still going (a closed return keeps only what it received).',
    resolve: async (l, _a, ctx) =>
      returnableQuantity(l.fulfilledQuantity, await ctx.loaders.unitsOnReturnsByOrderLineId.load(l.id)),
  }),
  returnCreditedQuantity: t.exposeInt('returnCreditedQuantity', {
    description: 'Units paid back by returns’ settlements; a refund can’t pay for them again.',
  }),
}));

builder.objectFields(LevelRef, (t) => ({
  damaged: t.int({
    description: 'Returned units kept aside as damaged: not on hand, never sellable.',
    resolve: (l, _a, ctx) => ctx.loaders.damagedByLevel.load(`${l.variantId}:${l.locationId}`),
  }),
}));

const ReturnSortKey = builder.enumType('ReturnSortKey', { values: ['CREATED_AT'] as const });

builder.queryFields((t) => ({
  return: t.field({
    type: ReturnRef,
    nullable: true,
    extensions: read,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => {
      const id = decodeIdOf('Return', String(args.id));
      return id ? ctx.loaders.returnById.load(id) : null;
    },
  }),
  returns: t.connection(
    {
      type: ReturnRef,
      description:
        'Returns, newest first: status:, order: (number), reason:, created:, to_settle:true; a word is an order number or the start of the customer’s name or email.',
      extensions: read,
      args: {
        query: t.arg.string(),
        sortKey: t.arg({ type: ReturnSortKey, defaultValue: 'CREATED_AT' }),
        reverse: t.arg.boolean({ defaultValue: false }),
      },
      resolve: async (_r, args, ctx, info) => {
        const shop = await ctx.loaders.shop();
        const search = returnSearchCondition(args.query, shop.orderNumberPrefix);
        if ('errors' in search) return emptyConnection(search.errors) as never;
        const db = ctx.services.db;
        const count = countWhenAsked(info, () => countReturns(db, search.condition));
        return toConnection(await pageReturns(db, search.condition, Boolean(args.reverse), args), count);
      },
    },
    { name: 'ReturnConnection' },
    { name: 'ReturnEdge' },
  ),
}));
