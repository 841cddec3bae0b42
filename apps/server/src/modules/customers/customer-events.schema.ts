import { builder } from '../../graphql/builder.js';
import { AuditEventRef } from '../audit/audit.schema.js';
import { latestEventsAbout } from '../audit/audit.service.js';
import { CustomerRef } from './customer.schema.js';

// The customers module adds its customers' history itself: the audit module, below it, knows no customer.
builder.objectField(CustomerRef, 'events', (t) =>
  t.field({
    type: [AuditEventRef],
    description: 'What happened to this customer (the audit log), newest first; the last 100.',
    resolve: (c, _a, ctx) => latestEventsAbout(ctx.services.db, 'Customer', c.id, 100),
  }),
);
