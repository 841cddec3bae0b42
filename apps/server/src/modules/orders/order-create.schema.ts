import { auth } from '../../graphql/auth.js';
import { builder, command } from '../../graphql/builder.js';
import { AddressInput } from '../settings/settings.schema.js';
import { orderCreate } from './order-create.service.js';
import { OrderPayload } from './order.schema.js';
import { TransactionKindEnum } from './order-view.schema.js';
import { queueOrderEmail } from '../notifications/notifications.service.js';

const OrderLineInput = builder.inputType('OrderLineInput', {
  fields: (t) => ({
    variantId: t.id({ required: true }),
    quantity: t.int({ required: true, description: '1 … 100,000.' }),
  }),
});

const OrderPaymentInput = builder.inputType('OrderPaymentInput', {
  description: 'How the new order is paid: AUTHORIZATION holds the total, SALE takes it.',
  fields: (t) => ({
    kind: t.field({ type: TransactionKindEnum, required: true, description: 'AUTHORIZATION or SALE.' }),
    gateway: t.string({ defaultValue: 'manual' }),
    reference: t.string(),
  }),
});

const OrderCreateInput = builder.inputType('OrderCreateInput', {
  fields: (t) => ({
    lines: t.field({ type: [OrderLineInput], required: true, description: 'At most 500; one per variant.' }),
    customerId: t.id({ description: 'An existing customer; else the email finds or makes one.' }),
    email: t.string(),
    phone: t.string({ description: 'E.164, e.g. +15550100199.' }),
    shippingAddress: t.field({ type: AddressInput }),
    billingAddress: t.field({ type: AddressInput }),
    shippingRateId: t.id({
      description: 'One of the rates that apply to the shipping address and subtotal.',
    }),
    payment: t.field({ type: OrderPaymentInput }),
    note: t.string(),
    tags: t.stringList(),
    discountCode: t.string({
      description: 'One code; DISCOUNT_NOT_APPLICABLE says why when it does not apply to this order.',
    }),
    idempotencyKey: t.string({ description: 'A repeat with the same key answers the first order.' }),
    notifyCustomer: t.boolean({
      defaultValue: true,
      description: 'Email the customer an order confirmation (when the order has an email) — default true.',
    }),
  }),
});

builder.mutationFields((t) => ({
  orderCreate: t.field({
    type: OrderPayload,
    description:
      'Places an order as a storefront or integration would: prices, tax and shipping are frozen, stock is committed.',
    extensions: auth.permission('ORDERS_WRITE'),
    args: { input: t.arg({ type: OrderCreateInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const { notifyCustomer, ...input } = args.input;
      const payload = await command(ctx, async (trx) => {
        const order = await orderCreate(trx, ctx, {
          ...input,
          customerId: input.customerId == null ? null : String(input.customerId),
          shippingRateId: input.shippingRateId == null ? null : String(input.shippingRateId),
          lines: input.lines.map((l) => ({ variantId: String(l.variantId), quantity: l.quantity })),
        });
        if (notifyCustomer !== false)
          await queueOrderEmail(trx, ctx, { kind: 'ORDER_CONFIRMATION', orderId: order.id });
        return { order };
      });
      if (payload.order) ctx.loaders.orderById.clear(payload.order.id).prime(payload.order.id, payload.order);
      return payload;
    },
  }),
}));
