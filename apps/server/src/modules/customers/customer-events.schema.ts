import { builder } from '../../graphql/builder.js';
import { listBound } from '../../graphql/cost.js';
import { AuditEventRef } from '../audit/audit.schema.js';
import { latestEventsAbout } from '../audit/audit.service.js';
import { CustomerRef } from './customer.schema.js';

// The customers module adds its customers' history itself: the audit module, below it, knows no customer.
/** How many of a customer's newest events its `events` list holds: the resolver's limit and its bound. */
const LATEST_EVENTS = 100;

builder.objectField(CustomerRef, 'events', (t) =>
  t.field({
    extensions: listBound({ max: LATEST_EVENTS }),
    type: [AuditEventRef],
    description: 'What happened to this customer (the audit log), newest first; the last 100.',
    resolve: (c, _a, ctx) => latestEventsAbout(ctx.services.db, 'Customer', c.id, LATEST_EVENTS),
  }),
);
