import { GraphQLError } from 'graphql';
import { encodeId, ID_PREFIXES, type NodeType, type Permission } from '@stockroom/domain';
import { auth } from '../../graphql/auth.js';
import { builder } from '../../graphql/builder.js';
import type { Ctx } from '../../graphql/context.js';
import type { DomainEvent, DomainEventType } from './events.model.js';
import type { LiveItem } from './live-hub.js';
import { LiveEventInterface, liveEvent, liveEvents, type LiveEventShape } from './live.schema.js';

/**
 * The store-wide stream behind screens that count rather than show one thing (Home's work queue,
 * issue #28 §3): every change to orders, products and stock, each delivered only to a subscriber
 * who may read its kind now (a role change applies from the next event).
 */
export const STORE_EVENT_PERMISSIONS: Partial<Record<DomainEventType, Permission>> = {
  'order.created': 'ORDERS_READ',
  'order.updated': 'ORDERS_READ',
  'order.paid': 'ORDERS_READ',
  'order.fulfilled': 'ORDERS_READ',
  'order.cancelled': 'ORDERS_READ',
  'refund.created': 'ORDERS_READ',
  // Drafts count on Home (open drafts): they move as staff make, change, delete and complete them.
  'draft_order.created': 'ORDERS_READ',
  'draft_order.updated': 'ORDERS_READ',
  'draft_order.deleted': 'ORDERS_READ',
  'draft_order.completed': 'ORDERS_READ',
  // Returns count on Home too (to receive, to settle: issue #31).
  'return.created': 'ORDERS_READ',
  'return.updated': 'ORDERS_READ',
  'return.received': 'ORDERS_READ',
  'return.settled': 'ORDERS_READ',
  'return.cancelled': 'ORDERS_READ',
  'return.closed': 'ORDERS_READ',
  'product.created': 'CATALOG_READ',
  'product.updated': 'CATALOG_READ',
  'product.deleted': 'CATALOG_READ',
  'inventory_level.updated': 'CATALOG_READ',
};

const READERS = [...new Set(Object.values(STORE_EVENT_PERMISSIONS))];

const StoreLiveEventRef = builder.objectRef<LiveEventShape>('StoreLiveEvent').implement({
  description:
    'A change to an order, a product or a stock level, named but not read: fetch what you show again.',
  interfaces: [LiveEventInterface],
  extensions: auth.authenticated,
  fields: (t) => ({
    subjectType: t.string({
      description: 'Order, DraftOrder, Return, Product or InventoryLevel.',
      resolve: (p) => p.event.subjectType,
    }),
    subjectId: t.id({
      description: 'The ID of what changed.',
      resolve: (p) =>
        p.event.subjectType in ID_PREFIXES
          ? encodeId(p.event.subjectType as NodeType, p.event.subjectId)
          : p.event.subjectId,
    }),
  }),
});

/** Whether the subscriber of `ctx`, as last looked up, may hear of this event. */
function mayHear(ctx: Ctx, event: DomainEvent): boolean {
  const permission = STORE_EVENT_PERMISSIONS[event.type];
  return Boolean(permission && ctx.viewer?.permissions.has(permission));
}

builder.subscriptionField('storeChanged', (t) =>
  t.field({
    type: StoreLiveEventRef,
    extensions: auth.authenticated,
    description:
      'Every committed change to orders, drafts and refunds (with ORDERS_READ) and to products and stock levels (with CATALOG_READ), without the object: for screens that count, such as Home.',
    subscribe: (_root, _args, ctx) => {
      if (!READERS.some((p) => ctx.viewer?.permissions.has(p)))
        throw new GraphQLError(
          'You may read neither orders nor the catalog, so there is nothing to stream. Ask a staff manager for ORDERS_READ or CATALOG_READ.',
          { extensions: { code: 'FORBIDDEN' } },
        );
      return liveEvents(ctx, (event) => mayHear(ctx, event));
    },
    resolve: (item: LiveItem, _args, ctx) => ({ event: liveEvent(item, ctx) }),
  }),
);
