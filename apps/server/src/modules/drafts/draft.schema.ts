import { listBound } from '../../graphql/cost.js';
import { decodeIdOf, DomainError, DRAFT_ORDER_STATUSES, encodeId, type UserError } from '@stockroom/domain';
import type { Ctx } from '../../graphql/context.js';
import type { Order } from '../orders/order.model.js';
import type { DraftOrder } from './draft.model.js';
import { auth } from '../../graphql/auth.js';
import {
  builder,
  command,
  countWhenAsked,
  emptyConnection,
  payload,
  toConnection,
  UserErrorRef,
  sortKeysEnum,
} from '../../graphql/builder.js';
import { AddressInput } from '../settings/settings.schema.js';
import { MoneyRef } from '../catalog/product.schema.js';
import { OrderRef } from '../orders/order.refs.js';
import { money, OrderAddressRef, OrderCustomerRef } from '../orders/order-view.schema.js';
import { countDrafts, DRAFT_SORTS, pageDrafts } from './draft.repository.js';
import { draftSearchCondition } from './draft-search.js';
import {
  CalculatedRef,
  DraftOrderLineRef,
  DraftOrderShippingLineRef,
  figuresOf,
} from './draft-figures.schema.js';
import {
  draftName,
  draftOrderCalculate,
  draftOrderComplete,
  draftOrderCreate,
  draftOrderDelete,
  draftOrderUpdate,
  type DraftFigures,
  type DraftOrderRaw,
} from './draft.service.js';
import { queueOrderEmail } from '../notifications/notifications.service.js';

const read = auth.permission('ORDERS_READ');
const write = auth.permission('ORDERS_WRITE');

export const DraftOrderRef = builder.objectRef<DraftOrder>('DraftOrder');

const DraftOrderStatusEnum = builder.enumType('DraftOrderStatus', { values: DRAFT_ORDER_STATUSES });
const DraftOrderSortKeys = sortKeysEnum(
  'DraftOrderSortKeys',
  DRAFT_SORTS,
  'UPDATED_AT, CREATED_AT, NUMBER and TOTAL list the largest first; CUSTOMER_NAME from A.',
);

builder.node(DraftOrderRef, {
  description: 'An order staff put together (by phone, email, wholesale) before it is placed.',
  extensions: read,
  id: { resolve: (d) => d.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'shippingTitle' in o,
  loadOne: (id, ctx) => ctx.loaders.draftById.load(id),
  fields: (t) => ({
    name: t.string({ description: '"#D12".', resolve: (d) => draftName(d) }),
    status: t.field({ type: DraftOrderStatusEnum, resolve: (d) => d.status }),
    customer: t.field({
      type: OrderCustomerRef,
      nullable: true,
      resolve: (d, _a, ctx) => (d.customerId ? ctx.loaders.customerById.load(d.customerId) : null),
    }),
    customerName: t.exposeString('customerName', { nullable: true }),
    email: t.exposeString('email', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
    shippingAddress: t.field({
      type: OrderAddressRef,
      nullable: true,
      resolve: (d) => d.shippingAddress,
    }),
    billingAddress: t.field({
      type: OrderAddressRef,
      nullable: true,
      resolve: (d) => d.billingAddress,
    }),
    lines: t.field({
      // like Order.lines
      extensions: listBound({ max: 20 }),
      type: [DraftOrderLineRef],
      resolve: (d, _a, ctx) => ctx.loaders.linesByDraftId.load(d.id),
    }),
    shippingLine: t.field({
      type: DraftOrderShippingLineRef,
      nullable: true,
      resolve: async (d, _a, ctx) => {
        if (!d.shippingRateId && !d.shippingTitle) return null;
        if (!d.shippingRateId) return { draft: d, price: Number(d.shippingPrice ?? 0) };
        const rate = (await figuresOf(ctx, d)).availableRates.find((r) => r.id === d.shippingRateId);
        return { draft: d, price: rate?.price ?? 0 };
      },
    }),
    note: t.exposeString('note', { nullable: true }),
    tags: t.exposeStringList('tags'),
    discountCode: t.exposeString('discountCode', { nullable: true }),
    itemsCount: t.exposeInt('itemsCount'),
    total: t.field({
      type: MoneyRef,
      description: 'At the last save (for lists); `calculated` has it as it would be now.',
      resolve: (d, _a, ctx) => money(ctx, d.total),
    }),
    calculated: t.field({ type: CalculatedRef, resolve: (d, _a, ctx) => figuresOf(ctx, d) }),
    order: t.field({
      type: OrderRef,
      nullable: true,
      resolve: (d, _a, ctx) => (d.orderId ? ctx.loaders.orderById.load(d.orderId) : null),
    }),
    completedAt: t.field({ type: 'DateTime', nullable: true, resolve: (d) => d.completedAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (d) => d.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (d) => d.updatedAt }),
    version: t.exposeInt('version'),
  }),
});

const DraftOrderLineInput = builder.inputType('DraftOrderLineInput', {
  description:
    'A catalog line (variantId, optionally a price with its reason) or a custom item (title and price).',
  fields: (t) => ({
    variantId: t.id(),
    title: t.string({ description: "A custom item's title, 1–255 characters." }),
    price: t.string({
      description: "A custom item's price, or a new price for a catalog item (needs a reason).",
    }),
    priceOverrideReason: t.string({ description: 'Why the catalog price is changed; shown on the order.' }),
    quantity: t.int({ required: true, description: '1 … 100,000.' }),
    taxable: t.boolean({ description: 'Custom items only; default true.' }),
  }),
});

const DraftOrderShippingInput = builder.inputType('DraftOrderShippingInput', {
  description: 'A rate that applies to the address and subtotal, or a custom line (title and price).',
  fields: (t) => ({
    shippingRateId: t.id(),
    title: t.string(),
    price: t.string(),
  }),
});

const DraftOrderInput = builder.inputType('DraftOrderInput', {
  description: 'Fields left out keep their values on update; lines, when given, replace all lines.',
  fields: (t) => ({
    customerId: t.id(),
    email: t.string(),
    phone: t.string({ description: 'E.164, e.g. +15550100199.' }),
    shippingAddress: t.field({ type: AddressInput }),
    billingAddress: t.field({ type: AddressInput }),
    lines: t.field({ type: [DraftOrderLineInput], description: 'At most 500; a variant at most once.' }),
    shipping: t.field({ type: DraftOrderShippingInput, description: 'null removes the shipping line.' }),
    note: t.string(),
    tags: t.stringList(),
    discountCode: t.string({ description: 'One code per order; null or "" removes it.' }),
  }),
});

type DraftInputArg = {
  customerId?: string | number | null;
  lines?: { variantId?: string | number | null }[] | null;
  shipping?: { shippingRateId?: string | number | null } | null;
};

/** The input with its ids as strings, as the service takes it. */
function rawOf<T extends DraftInputArg>(input: T): DraftOrderRaw {
  return {
    ...(input as DraftOrderRaw),
    ...(input.customerId !== undefined
      ? { customerId: input.customerId == null ? null : String(input.customerId) }
      : {}),
    ...(input.lines !== undefined
      ? {
          lines: (input.lines ?? []).map((l) => ({
            ...(l as NonNullable<DraftOrderRaw['lines']>[number]),
            variantId: l.variantId == null ? null : String(l.variantId),
          })),
        }
      : {}),
    ...(input.shipping
      ? {
          shipping: {
            ...(input.shipping as NonNullable<DraftOrderRaw['shipping']>),
            shippingRateId:
              input.shipping.shippingRateId == null ? null : String(input.shipping.shippingRateId),
          },
        }
      : {}),
  };
}

function draftUuid(id: string | number): string {
  const uuid = decodeIdOf('DraftOrder', String(id));
  if (!uuid) throw DomainError.one('INVALID', 'This draft order does not exist.', ['id']);
  return uuid;
}

const DraftOrderPayload = builder
  .objectRef<{ draftOrder?: DraftOrder | null; userErrors: UserError[] }>('DraftOrderPayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      draftOrder: t.field({ type: DraftOrderRef, nullable: true, resolve: (p) => p.draftOrder ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const DraftOrderDeletePayload = builder
  .objectRef<{ deletedId?: string | null; userErrors: UserError[] }>('DraftOrderDeletePayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      deletedId: t.id({
        nullable: true,
        resolve: (p) => (p.deletedId ? encodeId('DraftOrder', p.deletedId) : null),
      }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const DraftOrderCalculatePayload = builder
  .objectRef<{ calculated?: DraftFigures | null; userErrors: UserError[] }>('DraftOrderCalculatePayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      calculated: t.field({ type: CalculatedRef, nullable: true, resolve: (p) => p.calculated ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const DraftOrderCompletePayload = builder
  .objectRef<{ draftOrder?: DraftOrder | null; order?: Order | null; userErrors: UserError[] }>(
    'DraftOrderCompletePayload',
  )
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      draftOrder: t.field({ type: DraftOrderRef, nullable: true, resolve: (p) => p.draftOrder ?? null }),
      order: t.field({ type: OrderRef, nullable: true, resolve: (p) => p.order ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

/** Later reads in the request see the draft as the command left it. */
function fresh(ctx: Ctx, draft: DraftOrder) {
  ctx.loaders.draftById.clear(draft.id).prime(draft.id, draft);
  ctx.loaders.linesByDraftId.clear(draft.id);
}

builder.queryFields((t) => ({
  draftOrders: t.connection(
    {
      type: DraftOrderRef,
      description:
        'Draft orders matching a search: free words over the name (#D12) and the customer’s name and email; status:, customer_id:, created_at:, updated_at:.',
      extensions: read,
      args: {
        query: t.arg.string(),
        sortKey: t.arg({ type: DraftOrderSortKeys, defaultValue: 'UPDATED_AT' }),
        reverse: t.arg.boolean({ defaultValue: false }),
      },
      resolve: async (_r, args, ctx, info) => {
        const search = draftSearchCondition(args.query);
        if ('errors' in search) return emptyConnection(search.errors) as never;
        const db = ctx.services.db;
        const count = countWhenAsked(info, () => countDrafts(db, search.condition));
        const page = await pageDrafts(
          db,
          search.condition,
          args.sortKey ?? 'UPDATED_AT',
          Boolean(args.reverse),
          args,
        );
        for (const row of page.rows) ctx.loaders.draftById.prime(row.id, row);
        return toConnection(page, count);
      },
    },
    { name: 'DraftOrderConnection' },
    { name: 'DraftOrderEdge' },
  ),
  draftOrder: t.field({
    type: DraftOrderRef,
    nullable: true,
    extensions: read,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => {
      const uuid = decodeIdOf('DraftOrder', String(args.id));
      return uuid ? ctx.loaders.draftById.load(uuid) : null;
    },
  }),
}));

builder.mutationFields((t) => ({
  draftOrderCreate: t.field({
    type: DraftOrderPayload,
    description: 'Saves a new draft; it reserves no stock.',
    extensions: write,
    args: { input: t.arg({ type: DraftOrderInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        const draftOrder = await draftOrderCreate(trx, ctx, rawOf(args.input));
        fresh(ctx, draftOrder);
        return { draftOrder };
      }),
  }),
  draftOrderUpdate: t.field({
    type: DraftOrderPayload,
    description: 'Changes an open draft; STALE_VERSION when someone saved it since `version`.',
    extensions: write,
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: DraftOrderInput, required: true }),
      version: t.arg.int(),
    },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        const draftOrder = await draftOrderUpdate(trx, ctx, {
          id: draftUuid(args.id),
          raw: rawOf(args.input),
          version: args.version,
        });
        fresh(ctx, draftOrder);
        return { draftOrder };
      }),
  }),
  draftOrderDelete: t.field({
    type: DraftOrderDeletePayload,
    description: 'Deletes an open draft.',
    extensions: write,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({ deletedId: await draftOrderDelete(trx, ctx, draftUuid(args.id)) })),
  }),
  draftOrderCalculate: t.field({
    type: DraftOrderCalculatePayload,
    description: 'The totals, tax and applicable shipping rates of a draft as edited; writes nothing.',
    extensions: write,
    args: { input: t.arg({ type: DraftOrderInput, required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => ({ calculated: await draftOrderCalculate(ctx.services.db, rawOf(args.input)) })),
  }),
  draftOrderComplete: t.field({
    type: DraftOrderCompletePayload,
    description:
      'Places the draft as an order: prices recalculated and frozen, stock committed, payment pending or (markAsPaid) recorded.',
    extensions: write,
    args: {
      id: t.arg.id({ required: true }),
      markAsPaid: t.arg.boolean({ defaultValue: false }),
      idempotencyKey: t.arg.string({ description: 'A repeat with the same key answers the first order.' }),
      notifyCustomer: t.arg.boolean({
        defaultValue: true,
        description: 'Email the customer an order confirmation (when the order has an email) — default true.',
      }),
    },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        const done = await draftOrderComplete(trx, ctx, {
          id: draftUuid(args.id),
          markAsPaid: args.markAsPaid,
          idempotencyKey: args.idempotencyKey,
        });
        if (args.notifyCustomer !== false)
          await queueOrderEmail(trx, ctx, { kind: 'ORDER_CONFIRMATION', orderId: done.order.id });
        fresh(ctx, done.draft);
        ctx.loaders.orderById.clear(done.order.id).prime(done.order.id, done.order);
        return { draftOrder: done.draft, order: done.order };
      }),
  }),
}));
