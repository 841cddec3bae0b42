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
    REFUND: { description: 'A refund on one of their orders (amount: what was refunded).' },
  } as const satisfies Record<CustomerActivityKind, { description: string }>,
});

const CustomerOrderActivityRef = builder.objectRef<CustomerOrderActivity>('CustomerOrderActivity').implement({
  description: 'An order the customer placed or a refund on one of their orders, for their timeline.',
  extensions: auth.permission('ORDERS_READ'),
  fields: (t) => ({
    kind: t.field({ type: CustomerOrderActivityKind, resolve: (a) => a.kind }),
    orderId: t.id({ resolve: (a) => encodeId('Order', a.orderId) }),
    orderName: t.string({
      resolve: async (a, _a, ctx) => `${(await ctx.loaders.shop()).orderNumberPrefix}${a.orderNumber}`,
    }),
    amount: t.field({ type: MoneyRef, resolve: (a, _a, ctx) => money(ctx, a.amount) }),
    createdAt: t.field({ type: 'DateTime', resolve: (a) => a.createdAt }),
  }),
});

builder.objectField(CustomerRef, 'orderActivity', (t) =>
  t.field({
    type: [CustomerOrderActivityRef],
    description:
      "The customer's orders placed and refunds given, newest first (the last 100); empty without ORDERS_READ.",
    resolve: (c, _a, ctx) =>
      ctx.viewer?.permissions.has('ORDERS_READ') ? customerOrderActivity(ctx.services.db, c.id, 100) : [],
  }),
);
