import { builder } from '../../graphql/builder.js';
import { listBound } from '../../graphql/cost.js';
import { AuditEventRef } from '../audit/audit.schema.js';
import { latestEventsAbout } from '../audit/audit.service.js';
import { ProductRef } from './product.schema.js';

// The catalog adds its products' history itself: the audit module, below it, knows no product.
/** How many of a product's newest events its `events` list holds: the resolver's limit and its bound. */
const LATEST_EVENTS = 50;

builder.objectField(ProductRef, 'events', (t) =>
  t.field({
    extensions: listBound({ max: LATEST_EVENTS }),
    type: [AuditEventRef],
    description: 'What happened to this product (the audit log), newest first; the last 50.',
    resolve: (p, _a, ctx) => latestEventsAbout(ctx.services.db, 'Product', p.id, LATEST_EVENTS),
  }),
);
