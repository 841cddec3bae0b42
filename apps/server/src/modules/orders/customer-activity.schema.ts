import { encodeId, type CustomerActivityKind } from '@stockroom/domain';
import { auth } from '../../graphql/auth.js';
import { builder } from '../../graphql/builder.js';
import { MoneyRef } from '../catalog/product.schema.js';
import { CustomerRef } from '../customers/customer.schema.js';
import { customerOrderActivity, type CustomerOrderActivity } from './customer-activity.repository.js';
import { money } from './order-view.schema.js';

const CustomerOrderActivityKind = builder.enumType('CustomerOrderActivityKind', {
  values: {
    ORDER_PLACED: { description: 'The customer placed the order (amount: its total as placed).' },
    REFUND: {
      description:
        'A refund on one of their orders (amount: what was refunded); a return’s refund is told by RETURN_SETTLED.',
    },
    RETURN_REQUESTED: { description: 'A return was taken (units: asked back; amount: 0).' },
    RETURN_RECEIVED: {
      description: 'Units of a return arrived, at its last receipt (units: received so far; amount: 0).',
    },
    RETURN_SETTLED: { description: 'A return’s money was settled (amount: what was refunded, maybe 0).' },
    RETURN_CANCELLED: { description: 'A return was cancelled (amount: 0).' },
  } as const satisfies Record<CustomerActivityKind, { description: string }>,
});

const CustomerOrderActivityRef = builder.objectRef<CustomerOrderActivity>('CustomerOrderActivity').implement({
  description:
    'An order the customer placed, a refund on one of their orders or a step of a return, for their timeline.',
  extensions: auth.permission('ORDERS_READ'),
  fields: (t) => ({
    kind: t.field({ type: CustomerOrderActivityKind, resolve: (a) => a.kind }),
    orderId: t.id({ resolve: (a) => encodeId('Order', a.orderId) }),
    orderName: t.string({
      resolve: async (a, _a, ctx) => `${(await ctx.loaders.shop()).orderNumberPrefix}${a.orderNumber}`,
    }),
    returnName: t.string({
      nullable: true,
      description: 'The return’s name (#1021-R1) for RETURN_* entries; null otherwise.',
      resolve: async (a, _a, ctx) =>
        a.returnNumber === null
          ? null
          : `${(await ctx.loaders.shop()).orderNumberPrefix}${a.orderNumber}-R${a.returnNumber}`,
    }),
    units: t.int({
      nullable: true,
      description:
        'Units asked back (RETURN_REQUESTED) or received so far (RETURN_RECEIVED); null otherwise.',
      resolve: (a) => a.units,
    }),
    amount: t.field({ type: MoneyRef, resolve: (a, _a, ctx) => money(ctx, a.amount) }),
    createdAt: t.field({ type: 'DateTime', resolve: (a) => a.createdAt }),
  }),
});

builder.objectField(CustomerRef, 'orderActivity', (t) =>
  t.field({
    type: [CustomerOrderActivityRef],
    description:
      "The customer's orders placed, refunds given and returns' steps, newest first (the last 100); empty without ORDERS_READ.",
    resolve: (c, _a, ctx) =>
      ctx.viewer?.permissions.has('ORDERS_READ') ? customerOrderActivity(ctx.services.db, c.id, 100) : [],
  }),
);
