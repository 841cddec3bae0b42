import { auth } from '../../graphql/auth.js';
import { builder, command } from '../../graphql/builder.js';
import { CustomerPayload } from '../customers/customer.schema.js';
import { customerUuid } from '../customers/customer.service.js';
import { customerEraseWithOrders } from './customer-erase.service.js';

// The erasure reaches the orders' copies of the person, so the command lives above both modules.
builder.mutationField('customerErase', (t) =>
  t.field({
    type: CustomerPayload,
    description:
      "Erases the customer's personal data everywhere; irreversible. `confirmation` must be the customer's email.",
    extensions: auth.permission('CUSTOMERS_ERASE'),
    args: { id: t.arg.id({ required: true }), confirmation: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        customer: await customerEraseWithOrders(trx, ctx, customerUuid(args.id), args.confirmation),
      })),
  }),
);
