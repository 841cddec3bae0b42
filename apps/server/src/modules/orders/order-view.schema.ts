import { listBound } from '../../graphql/cost.js';
import {
  countryName,
  encodeId,
  FULFILLMENT_RECORD_STATUSES,
  TRANSACTION_KINDS,
  TRANSACTION_STATUSES,
  unfulfilledQuantity,
  type OrderTimelineKind,
} from '@stockroom/domain';
import type { AddressJson } from '../../db/columns.js';
import type { Customer } from '../customers/customer.model.js';
import type { FulfillmentLine, Order } from './order.model.js';
import type { Ctx } from '../../graphql/context.js';
import { auth } from '../../graphql/auth.js';
import { builder } from '../../graphql/builder.js';
import { MoneyRef, ProductRef, VariantRef, type MoneyValue } from '../catalog/product.schema.js';
import { mediaFileName } from '../catalog/media.service.js';
import { LocationRef } from '../inventory/inventory.schema.js';
import { CustomerStateEnum } from '../customers/customer.schema.js';
import {
  FulfillmentRef,
  OrderCommentRef,
  OrderLineRef,
  OrderRef,
  OrderTransactionRef,
} from './order.refs.js';
import type { OrderTimelineEntry } from './order-timeline.js';

/** The parts of an order (SPEC §3 Order, Transaction, Fulfillment), readable with ORDERS_READ. */
const read = auth.permission('ORDERS_READ');

/** The store's currency: an order's amounts are in it (the currency cannot change once orders exist). */
export async function money(ctx: Ctx, minor: number): Promise<MoneyValue> {
  return { minor, currencyCode: (await ctx.loaders.shop()).currencyCode };
}

export const TransactionKindEnum = builder.enumType('TransactionKind', { values: TRANSACTION_KINDS });
export const TransactionStatusEnum = builder.enumType('TransactionStatus', { values: TRANSACTION_STATUSES });
export const FulfillmentStatusEnum = builder.enumType('FulfillmentStatus', {
  values: FULFILLMENT_RECORD_STATUSES,
});

builder.node(OrderLineRef, {
  description: 'A line of an order: a snapshot of what was sold, kept when the product changes or goes.',
  extensions: read,
  id: { resolve: (l) => l.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'fulfilledQuantity' in o,
  loadOne: (id, ctx) => ctx.loaders.orderLineById.load(id),
  fields: (t) => ({
    order: t.field({
      type: OrderRef,
      resolve: async (l, _a, ctx) => (await ctx.loaders.orderById.load(l.orderId))!,
    }),
    productTitle: t.exposeString('productTitle'),
    variantTitle: t.exposeString('variantTitle'),
    sku: t.exposeString('sku', { nullable: true }),
    variant: t.field({
      type: VariantRef,
      nullable: true,
      description: 'Null once deleted, or without CATALOG_READ.',
      resolve: (l, _a, ctx) =>
        l.variantId && ctx.viewer?.permissions.has('CATALOG_READ')
          ? ctx.loaders.variantById.load(l.variantId)
          : null,
    }),
    product: t.field({
      type: ProductRef,
      nullable: true,
      description: 'Null once deleted, or without CATALOG_READ.',
      resolve: (l, _a, ctx) =>
        l.productId && ctx.viewer?.permissions.has('CATALOG_READ')
          ? ctx.loaders.productById.load(l.productId)
          : null,
    }),
    productId: t.id({
      nullable: true,
      description:
        "The product's id, as `product { id }` gives it, without reading the product: null once deleted, or without CATALOG_READ.",
      resolve: (l, _a, ctx) =>
        l.productId && ctx.viewer?.permissions.has('CATALOG_READ') ? encodeId('Product', l.productId) : null,
    }),
    variantId: t.id({
      nullable: true,
      description:
        "The variant's id, as `variant { id }` gives it, without reading the variant: null once deleted, or without CATALOG_READ.",
      resolve: (l, _a, ctx) =>
        l.variantId && ctx.viewer?.permissions.has('CATALOG_READ')
          ? encodeId('ProductVariant', l.variantId)
          : null,
    }),
    imageUrl: t.string({
      nullable: true,
      description: "A 64 px thumbnail of the product's first image, while the product exists.",
      resolve: async (l, _a, ctx) => {
        if (!l.productId) return null;
        const first = (await ctx.loaders.mediaByProductId.load(l.productId))[0];
        return first ? `/media/${mediaFileName(first, 64)}` : null;
      },
    }),
    unitPrice: t.field({ type: MoneyRef, resolve: (l, _a, ctx) => money(ctx, l.unitPrice) }),
    taxable: t.exposeBoolean('taxable'),
    custom: t.exposeBoolean('custom', { description: 'An item not in the catalog, added to a draft.' }),
    originalUnitPrice: t.field({
      type: MoneyRef,
      nullable: true,
      description: 'The catalog price, when staff sold it at another price; null otherwise.',
      resolve: (l, _a, ctx) => (l.originalUnitPrice === null ? null : money(ctx, l.originalUnitPrice)),
    }),
    priceOverrideReason: t.exposeString('priceOverrideReason', { nullable: true }),
    quantity: t.exposeInt('quantity'),
    subtotal: t.field({ type: MoneyRef, resolve: (l, _a, ctx) => money(ctx, l.unitPrice * l.quantity) }),
    discount: t.field({ type: MoneyRef, resolve: (l, _a, ctx) => money(ctx, l.discount) }),
    tax: t.field({
      type: MoneyRef,
      description: "Included in the price when the order's prices include tax.",
      resolve: (l, _a, ctx) => money(ctx, l.tax),
    }),
    total: t.field({
      type: MoneyRef,
      description: 'subtotal − discount, plus tax unless prices include it.',
      resolve: async (l, _a, ctx) => {
        const order = await ctx.loaders.orderById.load(l.orderId);
        const net = l.unitPrice * l.quantity - l.discount;
        return money(ctx, order?.pricesIncludeTax ? net : net + l.tax);
      },
    }),
    fulfilledQuantity: t.exposeInt('fulfilledQuantity'),
    refundedQuantity: t.exposeInt('refundedQuantity'),
    requiresShipping: t.exposeBoolean('requiresShipping', {
      description:
        'False for a custom item that is not shipped (a gift card, a service): no packing slip lists it.',
    }),
    unfulfilledQuantity: t.int({
      resolve: (l) =>
        unfulfilledQuantity({
          quantity: l.quantity,
          fulfilledQuantity: l.fulfilledQuantity,
          refundedQuantity: l.refundedQuantity,
        }),
    }),
    location: t.field({
      type: LocationRef,
      nullable: true,
      description: 'Where its stock is committed; null when the variant does not track stock.',
      resolve: (l, _a, ctx) => (l.locationId ? ctx.loaders.locationById.load(l.locationId) : null),
    }),
  }),
});

builder.node(OrderTransactionRef, {
  description: 'Money moved for an order (gateway "manual" in this project).',
  extensions: read,
  id: { resolve: (x) => x.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'gateway' in o && 'kind' in o,
  loadOne: (id, ctx) => ctx.loaders.transactionById.load(id),
  fields: (t) => ({
    kind: t.field({ type: TransactionKindEnum, resolve: (x) => x.kind }),
    status: t.field({ type: TransactionStatusEnum, resolve: (x) => x.status }),
    amount: t.field({ type: MoneyRef, resolve: (x, _a, ctx) => money(ctx, x.amount) }),
    gateway: t.exposeString('gateway'),
    reference: t.exposeString('reference', { nullable: true }),
    actorName: t.exposeString('actorName', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (x) => x.createdAt }),
  }),
});

const FulfillmentLineRef = builder
  .objectRef<FulfillmentLine & { orderId: string }>('FulfillmentLine')
  .implement({
    extensions: read,
    fields: (t) => ({
      line: t.field({
        type: OrderLineRef,
        // Through the order's lines, which the order's page has loaded already.
        resolve: async (fl, _a, ctx) =>
          (await ctx.loaders.linesByOrderId.load(fl.orderId)).find((l) => l.id === fl.orderLineId) ??
          (await ctx.loaders.orderLineById.load(fl.orderLineId))!,
      }),
      quantity: t.exposeInt('quantity'),
    }),
  });

builder.node(FulfillmentRef, {
  description: 'A shipment of some of an order’s items from one location.',
  extensions: read,
  id: { resolve: (f) => f.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'trackingNumber' in o,
  loadOne: (id, ctx) => ctx.loaders.fulfillmentById.load(id),
  fields: (t) => ({
    name: t.string({
      description: 'The order name and its position, e.g. "#1001-F2".',
      resolve: async (f, _a, ctx) => {
        const [order, shop] = await Promise.all([ctx.loaders.orderById.load(f.orderId), ctx.loaders.shop()]);
        return `${shop.orderNumberPrefix}${order?.number ?? ''}-F${f.position}`;
      },
    }),
    status: t.field({ type: FulfillmentStatusEnum, resolve: (f) => f.status }),
    location: t.field({
      type: LocationRef,
      resolve: async (f, _a, ctx) => (await ctx.loaders.locationById.load(f.locationId))!,
    }),
    carrier: t.exposeString('carrier', { nullable: true }),
    trackingNumber: t.exposeString('trackingNumber', { nullable: true }),
    trackingUrl: t.exposeString('trackingUrl', { nullable: true }),
    lines: t.field({
      // together at most the order's lines; most shipments hold a few
      extensions: listBound({ max: 50 }),
      type: [FulfillmentLineRef],
      resolve: async (f, _a, ctx) =>
        (await ctx.loaders.fulfillmentLinesByFulfillmentId.load(f.id)).map((fl) => ({
          ...fl,
          orderId: f.orderId,
        })),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (f) => f.createdAt }),
    cancelledAt: t.field({ type: 'DateTime', nullable: true, resolve: (f) => f.cancelledAt }),
  }),
});

OrderCommentRef.implement({
  description: 'A staff comment on an order’s timeline.',
  extensions: read,
  fields: (t) => ({
    body: t.exposeString('body'),
    staffName: t.exposeString('staffName', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.createdAt }),
  }),
});

export const OrderCustomerRef = builder.objectRef<Customer>('OrderCustomer').implement({
  description: 'The customer of an order, as much as reading the order allows.',
  extensions: read,
  fields: (t) => ({
    id: t.id({ resolve: (c) => encodeId('Customer', c.id) }),
    displayName: t.string({
      resolve: (c) =>
        c.state === 'ERASED'
          ? 'Erased customer'
          : [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email,
    }),
    email: t.string({ nullable: true, resolve: (c) => (c.state === 'ERASED' ? null : c.email) }),
    ordersCount: t.exposeInt('ordersCount'),
    totalSpent: t.field({ type: MoneyRef, resolve: (c, _a, ctx) => money(ctx, c.totalSpent) }),
    state: t.field({ type: CustomerStateEnum, resolve: (c) => c.state }),
  }),
});

export const OrderAddressRef = builder.objectRef<AddressJson>('OrderAddress').implement({
  description: 'An address as copied onto the order.',
  extensions: read,
  fields: (t) => {
    const text = (key: keyof AddressJson) => t.string({ nullable: true, resolve: (a) => a[key] ?? null });
    return {
      firstName: text('firstName'),
      lastName: text('lastName'),
      company: text('company'),
      line1: text('line1'),
      line2: text('line2'),
      city: text('city'),
      region: text('region'),
      postalCode: text('postalCode'),
      countryCode: text('countryCode'),
      countryName: t.string({
        nullable: true,
        resolve: (a) => (a.countryCode ? countryName(a.countryCode) : null),
      }),
      phone: text('phone'),
    };
  },
});

export const OrderShippingLineRef = builder.objectRef<Order>('OrderShippingLine').implement({
  description: 'The shipping rate chosen for the order, as it was then.',
  extensions: read,
  fields: (t) => ({
    name: t.string({ resolve: (o) => o.shippingName ?? 'Shipping' }),
    price: t.field({
      type: MoneyRef,
      description: 'Before any discount.',
      resolve: (o, _a, ctx) => money(ctx, o.shippingPrice),
    }),
    discount: t.field({
      type: MoneyRef,
      resolve: (o, _a, ctx) => money(ctx, Math.max(0, o.shippingPrice - o.shippingTotal)),
    }),
    tax: t.field({ type: MoneyRef, resolve: (o, _a, ctx) => money(ctx, o.shippingTax) }),
  }),
});

const OrderTimelineKindEnum = builder.enumType('OrderTimelineKind', {
  values: {
    EVENT: { description: 'Something done to the order (from the audit log).' },
    COMMENT: { description: 'A staff comment.' },
    ORDER_EDITED: {
      description: 'An edit of its lines, prices, shipping or discount (orderEdit), with the reason.',
    },
  } as const satisfies Record<OrderTimelineKind, { description: string }>,
});

export const OrderTimelineEntryRef = builder.objectRef<OrderTimelineEntry>('OrderTimelineEntry').implement({
  extensions: read,
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.field({ type: OrderTimelineKindEnum, resolve: (e) => e.kind }),
    message: t.exposeString('message', { description: 'In plain words, e.g. "Marked as paid: $12.00".' }),
    actorName: t.exposeString('actorName', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (e) => e.createdAt }),
  }),
});
