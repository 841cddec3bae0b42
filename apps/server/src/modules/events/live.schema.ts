import { GraphQLError } from 'graphql';
import { decodeId, encodeId, type Permission } from '@stockroom/domain';
import { auth } from '../../graphql/auth.js';
import { forbidden } from '../../graphql/errors.js';
import { builder } from '../../graphql/builder.js';
import type { Ctx } from '../../graphql/context.js';
import type { DomainEvent } from './events.model.js';
import type { LiveEnd, LiveItem, PresenceEntry, PresenceItem } from './live-hub.js';

/**
 * Subscriptions (SPEC §7.1, issue #28 §3) stream over server-sent events on /graphql. Each is a
 * query that stays open: its field checks the permission when it opens, and every event it
 * delivers is read afresh with the subscriber's own permissions (field-level checks apply per
 * event). A stream ends with an error saying why: the session ended, live updates are paused, the
 * server is restarting. Limits: see live-hub.ts.
 */
builder.subscriptionType({
  description:
    'Live updates, streamed over server-sent events on /graphql (graphql-sse, distinct connections).',
});

function refuse(code: string, message: string): never {
  throw new GraphQLError(message, {
    extensions: { code, http: { status: code === 'TOO_MANY_STREAMS' ? 429 : 503 } },
  });
}

function ended(end: LiveEnd): never {
  throw new GraphQLError(end.message, { extensions: { code: end.code } });
}

/** Why a subscription may not open for this request, or nothing. */
function preconditions(ctx: Ctx): void {
  // An EventSource-style request a page of another site could make carries no CSRF header: a
  // stream, like a mutation, needs it (or an API token).
  if (!ctx.sameOriginProof)
    throw new GraphQLError('Refused: a live stream must carry the x-stockroom-csrf header.', {
      extensions: { code: 'CSRF_HEADER_MISSING', http: { status: 403 } },
    });
}

/** The refusal of an ID argument that names no such kind of thing. */
export function notAnIdOf(noun: string): GraphQLError {
  return new GraphQLError(`This is not the ID of ${noun}.`, { extensions: { code: 'BAD_REQUEST' } });
}

/** Opens a stream of the committed events `matches` accepts, for the subscriber of `ctx`. */
export function liveEvents(ctx: Ctx, matches: (event: DomainEvent) => boolean): AsyncIterable<LiveItem> {
  preconditions(ctx);
  const opened = ctx.services.live.open({
    viewer: ctx.viewer!,
    matches,
    revalidate: ctx.revalidateViewer ?? (() => Promise.resolve(ctx.viewer)),
    onViewer: (viewer) => {
      ctx.viewer = viewer;
    },
  });
  if ('refused' in opened) refuse(opened.refused.code, opened.refused.message);
  return opened.stream;
}

/** The event of one delivered item (fresh loaders for it), or the error that ends the stream. */
export function liveEvent(item: LiveItem, ctx: Ctx): DomainEvent {
  if (item.kind === 'end') ended(item);
  ctx.renewLoaders?.();
  return item.event;
}

/** What every live event says besides its object: which event, what kind, who, when. */
export interface LiveEventShape {
  event: DomainEvent;
}

export const LiveEventInterface = builder.interfaceRef<LiveEventShape>('LiveEvent').implement({
  description: 'A change someone committed, as a live stream delivers it.',
  extensions: auth.authenticated,
  fields: (t) => ({
    eventId: t.id({
      description:
        'The domain event id: the same event may arrive twice (at least once); drop repeats by it.',
      resolve: (p) => p.event.id,
    }),
    type: t.string({
      description: 'e.g. order.created, order.updated, order.paid.',
      resolve: (p) => p.event.type,
    }),
    actorName: t.string({
      nullable: true,
      description: 'Who made the change (a staff member, or "API token <name>"); null for the system.',
      resolve: (p) => p.event.actor.name,
    }),
    byYou: t.boolean({
      description: 'True when the change was made in your own name (any of your sessions).',
      resolve: (p, _a, ctx) => p.event.actor.type === 'staff' && p.event.actor.id === ctx.viewer?.staffId,
    }),
    occurredAt: t.field({ type: 'DateTime', resolve: (p) => p.event.createdAt }),
    version: t.int({
      nullable: true,
      description: "The subject's version after the change (null when it has none or was deleted).",
      resolve: (p) => p.event.version,
    }),
  }),
});

export const PresenceViewerRef = builder.objectRef<PresenceEntry>('PresenceViewer').implement({
  description: 'Someone else who has the same order or product open.',
  extensions: auth.authenticated,
  fields: (t) => ({
    staffId: t.id({ resolve: (p) => encodeId('Staff', p.staffId) }),
    name: t.exposeString('name'),
    since: t.field({ type: 'DateTime', resolve: (p) => p.since }),
  }),
});

builder.subscriptionField('presence', (t) =>
  t.field({
    type: [PresenceViewerRef],
    extensions: auth.authenticated,
    description:
      'Who else has this order or product open (not you), updated as people come and go; you count as present while the stream is open.',
    args: { subjectId: t.arg.id({ required: true }) },
    subscribe: (_root, args, ctx) => {
      preconditions(ctx);
      const subject = decodeId(String(args.subjectId));
      const needs: Partial<Record<string, Permission>> = { Order: 'ORDERS_READ', Product: 'CATALOG_READ' };
      const permission = subject ? needs[subject.type] : undefined;
      if (!subject || !permission)
        throw new GraphQLError('Presence is kept for an order or a product: pass its ID.', {
          extensions: { code: 'BAD_REQUEST' },
        });
      if (!ctx.viewer?.permissions.has(permission)) throw forbidden(permission);
      const opened = ctx.services.live.presence(
        {
          viewer: ctx.viewer,
          revalidate: ctx.revalidateViewer ?? (() => Promise.resolve(ctx.viewer)),
          onViewer: (viewer) => {
            ctx.viewer = viewer;
          },
        },
        subject.uuid,
      );
      if ('refused' in opened) refuse(opened.refused.code, opened.refused.message);
      return opened.stream;
    },
    resolve: (item: PresenceItem) => {
      if (item.kind === 'end') ended(item);
      return item.viewers;
    },
  }),
);
