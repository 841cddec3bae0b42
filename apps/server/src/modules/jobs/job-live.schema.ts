import { decodeIdOf } from '@stockroom/domain';
import { GraphQLError } from 'graphql';
import { auth } from '../../graphql/auth.js';
import { builder } from '../../graphql/builder.js';
import {
  notAnIdOf,
  LiveEventInterface,
  liveEvent,
  liveEvents,
  type LiveEventShape,
} from '../events/live.schema.js';
import type { LiveItem } from '../events/live-hub.js';
import { JobRef } from './job.schema.js';
import { jobFor } from './job.service.js';

const JobLiveEventRef = builder.objectRef<LiveEventShape>('JobLiveEvent').implement({
  description: 'A job moved on (queued, a step done, finished, cancelled), with the job as it is now.',
  interfaces: [LiveEventInterface],
  extensions: auth.authenticated,
  fields: (t) => ({
    job: t.field({
      type: JobRef,
      nullable: true,
      description: 'The job now; null if you may no longer read it.',
      resolve: (p, _a, ctx) => (ctx.viewer ? jobFor(ctx.services.db, ctx.viewer, p.event.subjectId) : null),
    }),
  }),
});

builder.subscriptionFields((t) => ({
  jobUpdated: t.field({
    type: JobLiveEventRef,
    extensions: auth.authenticated,
    description:
      "One job's progress and status as each step commits (who may read the job: its starter, and whoever holds the permissions its kind needs).",
    args: { id: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const uuid = decodeIdOf('Job', String(args.id));
      if (!uuid) throw notAnIdOf('a job');
      // A job you may not read is answered as one that does not exist (as `job(id)` answers null).
      if (!ctx.viewer || !(await jobFor(ctx.services.db, ctx.viewer, uuid)))
        throw new GraphQLError('There is no such job, or you may not follow it.', {
          extensions: { code: 'NOT_FOUND' },
        });
      return liveEvents(ctx, (e) => e.type === 'job.updated' && e.subjectId === uuid);
    },
    resolve: (item: LiveItem, _args, ctx) => ({ event: liveEvent(item, ctx) }),
  }),
}));
