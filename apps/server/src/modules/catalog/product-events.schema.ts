import { builder } from '../../graphql/builder.js';
import { AuditEventRef } from '../audit/audit.schema.js';
import { latestEventsAbout } from '../audit/audit.service.js';
import { ProductRef } from './product.schema.js';

// The catalog adds its products' history itself: the audit module, below it, knows no product.
builder.objectField(ProductRef, 'events', (t) =>
  t.field({
    type: [AuditEventRef],
    description: 'What happened to this product (the audit log), newest first; the last 50.',
    resolve: (p, _a, ctx) => latestEventsAbout(ctx.services.db, 'Product', p.id, 50),
  }),
);
