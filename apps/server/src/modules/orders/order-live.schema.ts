import { decodeIdOf } from '@stockroom/domain';
import { auth } from '../../graphql/auth.js';
import { builder } from '../../graphql/builder.js';
import {
  notAnIdOf,
  LiveEventInterface,
  liveEvent,
  liveEvents,
  type LiveEventShape,
} from '../events/live.schema.js';
import { readOnce, type LiveItem } from '../events/live-hub.js';
import { OrderRef } from './order.refs.js';

/** The events about one order that `orderUpdated` delivers (its creation is `orderCreated`). */
const ORDER_CHANGES = new Set([
  'order.updated',
  'order.edited',
  'order.paid',
  'order.fulfilled',
  'order.cancelled',
  'refund.created',
]);

const read = auth.permission('ORDERS_READ');

const OrderLiveEventRef = builder.objectRef<LiveEventShape>('OrderLiveEvent').implement({
  description: 'A change to an order, with the order as you may read it now.',
  interfaces: [LiveEventInterface],
  extensions: read,
  fields: (t) => ({
    order: t.field({
      type: OrderRef,
      nullable: true,
      description: 'The order now, read with your permissions; null if it is gone.',
      resolve: (p, _a, ctx) =>
        readOnce(p.event, 'order', () => ctx.loaders.orderById.load(p.event.subjectId)),
    }),
  }),
});

builder.subscriptionFields((t) => ({
  orderCreated: t.field({
    type: OrderLiveEventRef,
    extensions: read,
    description: 'Every new order (placed, imported or completed from a draft), as it commits.',
    subscribe: (_root, _args, ctx) => liveEvents(ctx, (e) => e.type === 'order.created'),
    resolve: (item: LiveItem, _args, ctx) => ({ event: liveEvent(item, ctx) }),
  }),
  orderUpdated: t.field({
    type: OrderLiveEventRef,
    extensions: read,
    description: 'Changes to one order: edits, comments, payment, fulfillment, refunds, cancellation.',
    args: { id: t.arg.id({ required: true }) },
    subscribe: (_root, args, ctx) => {
      const uuid = decodeIdOf('Order', String(args.id));
      if (!uuid) throw notAnIdOf('an order');
      return liveEvents(
        ctx,
        (e) => e.subjectType === 'Order' && e.subjectId === uuid && ORDER_CHANGES.has(e.type),
      );
    },
    resolve: (item: LiveItem, _args, ctx) => ({ event: liveEvent(item, ctx) }),
  }),
}));
