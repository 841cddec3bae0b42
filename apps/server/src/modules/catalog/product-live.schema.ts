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
import { ProductRef } from './product.schema.js';

const read = auth.permission('CATALOG_READ');

const ProductLiveEventRef = builder.objectRef<LiveEventShape>('ProductLiveEvent').implement({
  description: 'A change to a product, with the product as you may read it now.',
  interfaces: [LiveEventInterface],
  extensions: read,
  fields: (t) => ({
    product: t.field({
      type: ProductRef,
      nullable: true,
      description: 'The product now; null once it is deleted.',
      resolve: (p, _a, ctx) =>
        readOnce(p.event, 'product', () => ctx.loaders.productById.load(p.event.subjectId)),
    }),
  }),
});

builder.subscriptionField('productUpdated', (t) =>
  t.field({
    type: ProductLiveEventRef,
    extensions: read,
    description: 'Changes to one product (edits, media, deletion).',
    args: { id: t.arg.id({ required: true }) },
    subscribe: (_root, args, ctx) => {
      const uuid = decodeIdOf('Product', String(args.id));
      if (!uuid) throw notAnIdOf('a product');
      return liveEvents(
        ctx,
        (e) =>
          e.subjectType === 'Product' &&
          e.subjectId === uuid &&
          (e.type === 'product.updated' || e.type === 'product.deleted'),
      );
    },
    resolve: (item: LiveItem, _args, ctx) => ({ event: liveEvent(item, ctx) }),
  }),
);
