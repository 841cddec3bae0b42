import type { UserError } from '@stockroom/domain';
import { auth } from '../../graphql/auth.js';
import { builder, command, UserErrorRef } from '../../graphql/builder.js';
import { JobRef } from '../jobs/job.schema.js';
import type { Job } from '../jobs/jobs.model.js';
import { customersBulkUpdate } from './customer-bulk.service.js';

/* customersBulkUpdate (issue #34): tags added to or removed from a selection or a whole search. */

const CustomerBulkActionInput = builder.inputType('CustomerBulkActionInput', {
  description: 'Exactly one of the two.',
  fields: (t) => ({
    addTags: t.stringList({ description: 'Tags each customer gets (kept once, whatever their case).' }),
    removeTags: t.stringList({ description: 'Tags taken off each customer (any case).' }),
  }),
});

const CustomersBulkUpdatePayload = builder
  .objectRef<{ changedCount: number; job?: Job | null; userErrors: UserError[] }>(
    'CustomersBulkUpdatePayload',
  )
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      changedCount: t.exposeInt('changedCount', {
        description: 'How many customers changed (0 when a job does it).',
      }),
      job: t.field({
        type: JobRef,
        nullable: true,
        description: 'Over 1,000 customers: the BULK_EDIT_CUSTOMERS job making the change in the background.',
        resolve: (p) => p.job ?? null,
      }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

builder.mutationField('customersBulkUpdate', (t) =>
  t.field({
    type: CustomersBulkUpdatePayload,
    description:
      'Adds or removes tags on the given customers, or on every customer a search finds (at most 10,000; over 1,000 as a job).',
    extensions: auth.permission('CUSTOMERS_WRITE'),
    args: {
      ids: t.arg.idList(),
      query: t.arg.string({ description: 'Instead of ids: every customer this search finds.' }),
      action: t.arg({ type: CustomerBulkActionInput, required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const result = await command(
        ctx,
        (trx) =>
          customersBulkUpdate(
            trx,
            ctx,
            { ids: args.ids?.map(String) ?? null, query: args.query ?? null },
            args.action,
            ctx.services.jobs,
          ),
        { changedCount: 0, job: null },
      );
      if (result.job) ctx.services.jobs.wake();
      return result;
    },
  }),
);
