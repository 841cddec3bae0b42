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
import { LevelRef } from './inventory.schema.js';
import { findLevel } from './level.repository.js';

const read = auth.permission('CATALOG_READ');

const InventoryLiveEventRef = builder.objectRef<LiveEventShape>('InventoryLiveEvent').implement({
  description: "A change to a variant's stock at one location, with the level as it is now.",
  interfaces: [LiveEventInterface],
  extensions: read,
  fields: (t) => ({
    inventoryLevel: t.field({
      type: LevelRef,
      nullable: true,
      resolve: (p, _a, ctx) =>
        readOnce(p.event, 'level', () => findLevel(ctx.services.db, p.event.subjectId)),
    }),
  }),
});

builder.subscriptionField('inventoryChanged', (t) =>
  t.field({
    type: InventoryLiveEventRef,
    extensions: read,
    description:
      "Every change to one variant's stock, per location (adjustments, transfers, orders, returns).",
    args: { variantId: t.arg.id({ required: true }) },
    subscribe: (_root, args, ctx) => {
      const uuid = decodeIdOf('ProductVariant', String(args.variantId));
      if (!uuid) throw notAnIdOf('a product variant');
      return liveEvents(ctx, (e) => e.type === 'inventory_level.updated' && e.payload['variantId'] === uuid);
    },
    resolve: (item: LiveItem, _args, ctx) => ({ event: liveEvent(item, ctx) }),
  }),
);
