import { builder } from '../../graphql/builder.js';
import { DiscountRef } from '../discounts/discount.schema.js';
import { OrderRef } from './order.refs.js';

// The orders module names the discount an order used: discounts, below it, knows no order.
builder.objectField(OrderRef, 'discount', (t) =>
  t.field({
    type: DiscountRef,
    nullable: true,
    description: 'The discount behind discountCode, while it exists; null without DISCOUNTS_READ.',
    resolve: (o, _a, ctx) =>
      o.discountId && ctx.viewer?.permissions.has('DISCOUNTS_READ')
        ? ctx.loaders.discountById.load(o.discountId)
        : null,
  }),
);
