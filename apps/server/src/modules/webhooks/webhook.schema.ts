import {
  decodeIdOf,
  DomainError,
  encodeId,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_SUBSCRIPTION_STATUSES,
  WEBHOOK_TOPIC_LABELS,
  WEBHOOK_TOPICS,
  type NodeType,
  type UserError,
} from '@stockroom/domain';
import type { Viewer } from '../../actor.js';
import { auth } from '../../graphql/auth.js';
import {
  builder,
  countWhenAsked,
  emptyConnection,
  toConnection,
  UserErrorRef,
} from '../../graphql/builder.js';
import type { Ctx } from '../../graphql/context.js';
import { forbidden } from '../../graphql/errors.js';
import { listBound } from '../../graphql/cost.js';
import type {
  WebhookDelivery,
  WebhookDeliveryAttempt,
  WebhookScope,
  WebhookSubscription,
} from './webhook.model.js';
import { SHOWN_ATTEMPTS } from './webhook.loaders.js';
import { TOPIC_SUBJECT } from './webhook-payload.js';
import { countDeliveries, findDelivery, pageDeliveries } from './delivery.repository.js';
import { deliverySearchCondition, subscriptionSearchCondition } from './webhook-search.js';
import { countSubscriptionsMatching, findSubscriptions, pageSubscriptions } from './webhook.service.js';

/**
 * Who may see which subscriptions: staff with WEBHOOKS_MANAGE all of them; an API token the ones it
 * owns (it needs no WEBHOOKS_MANAGE: it subscribes with its own read permissions). Null: neither.
 */
export function scopeOf(viewer: Viewer | null): WebhookScope | null {
  if (!viewer) return null;
  if (viewer.token) return { tokenId: viewer.token.id };
  return viewer.permissions.has('WEBHOOKS_MANAGE') ? { all: true } : null;
}

/** The caller's scope, or FORBIDDEN naming WEBHOOKS_MANAGE. */
export function requireScope(ctx: Ctx): WebhookScope {
  const scope = scopeOf(ctx.viewer);
  if (!scope) throw forbidden('WEBHOOKS_MANAGE');
  return scope;
}

const inScope = (scope: WebhookScope | null, sub: WebhookSubscription) =>
  scope !== null && ('all' in scope || sub.ownerTokenId === scope.tokenId);

export const WebhookTopicEnum = builder.enumType('WebhookTopic', {
  values: Object.fromEntries(
    WEBHOOK_TOPICS.map((t) => [t, { description: WEBHOOK_TOPIC_LABELS[t] }]),
  ) as Record<(typeof WEBHOOK_TOPICS)[number], { description: string }>,
});
const WebhookSubscriptionStatusEnum = builder.enumType('WebhookSubscriptionStatus', {
  values: WEBHOOK_SUBSCRIPTION_STATUSES,
});
const WebhookDeliveryStatusEnum = builder.enumType('WebhookDeliveryStatus', {
  values: WEBHOOK_DELIVERY_STATUSES,
});
export const WebhookFormatEnum = builder.enumType('WebhookFormat', { values: ['JSON'] as const });

const WebhookOwnerRef = builder
  .objectRef<{ type: 'STAFF' | 'API_TOKEN'; key: string }>('WebhookOwner')
  .implement({
    description: 'Whose subscription it is: its payloads carry what this owner may read.',
    extensions: auth.authenticated,
    fields: (t) => ({
      type: t.string({ description: 'STAFF or API_TOKEN', resolve: (o) => o.type }),
      name: t.string({
        nullable: true,
        description: 'The staff member’s name, or the token’s.',
        resolve: (o, _a, ctx) => ctx.loaders.webhookOwnerName.load(o.key),
      }),
    }),
  });

const WebhookDeliveryAttemptRef = builder
  .objectRef<WebhookDeliveryAttempt>('WebhookDeliveryAttempt')
  .implement({
    description: 'One try at sending a delivery: when, what the receiver answered, how long it took.',
    extensions: auth.authenticated,
    fields: (t) => ({
      at: t.field({ type: 'DateTime', resolve: (a) => a.attemptedAt }),
      statusCode: t.exposeInt('statusCode', {
        nullable: true,
        description: 'The HTTP status the receiver answered; null when it did not answer.',
      }),
      error: t.exposeString('error', {
        nullable: true,
        description:
          'Why it failed, in words (a status other than 2xx, a timeout, a refused address); null when it succeeded.',
      }),
      latencyMs: t.exposeInt('latencyMs', { description: 'How long it took, in milliseconds.' }),
      responseExcerpt: t.exposeString('excerpt', {
        nullable: true,
        description: 'The first 1 kB of the answer.',
      }),
    }),
  });

export const WebhookDeliveryRef = builder.objectRef<WebhookDelivery>('WebhookDelivery');
builder.node(WebhookDeliveryRef, {
  description: 'One event sent (or to be sent) to one subscription, with its latest attempt.',
  extensions: auth.authenticated,
  id: { resolve: (d) => d.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'eventId' in o && 'payloadBytes' in o,
  // node(id): a delivery of a subscription the caller may see (its attempts, opened on its own).
  loadOne: async (id, ctx) => {
    const delivery = await findDelivery(ctx.services.db, id);
    if (!delivery) return null;
    const [sub] = await findSubscriptions(ctx.services.db, [delivery.subscriptionId]);
    return sub && inScope(scopeOf(ctx.viewer), sub) ? delivery : null;
  },
  fields: (t) => ({
    eventId: t.exposeString('eventId', {
      description: 'Sent as X-Stockroom-Event-Id: the same event is never delivered twice under another id.',
    }),
    topic: t.field({ type: WebhookTopicEnum, resolve: (d) => d.topic }),
    test: t.exposeBoolean('test', { description: 'A test sent with webhookSubscriptionTest.' }),
    subjectId: t.id({
      nullable: true,
      description: 'The object it is about (an Order, a Product …).',
      resolve: (d) => (d.subjectId ? encodeId(TOPIC_SUBJECT[d.topic] as NodeType, d.subjectId) : null),
    }),
    status: t.field({ type: WebhookDeliveryStatusEnum, resolve: (d) => d.status }),
    attemptCount: t.exposeInt('attempts', { description: 'How many times it was tried.' }),
    attempts: t.field({
      type: [WebhookDeliveryAttemptRef],
      extensions: listBound({ max: SHOWN_ATTEMPTS }),
      description: `Its attempts, newest first (the last ${SHOWN_ATTEMPTS}; attemptCount counts them all).`,
      resolve: (d, _a, ctx) => ctx.loaders.webhookDeliveryAttempts.load(d.id),
    }),
    nextAttemptAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it is tried next, while it waits.',
      resolve: (d) => d.nextAttemptAt,
    }),
    lastAttemptAt: t.field({ type: 'DateTime', nullable: true, resolve: (d) => d.lastAttemptAt }),
    statusCode: t.exposeInt('lastStatusCode', {
      nullable: true,
      description: 'The HTTP status of the last attempt; null when there was no answer.',
    }),
    latencyMs: t.exposeInt('lastLatencyMs', {
      nullable: true,
      description: 'How long the last attempt took.',
    }),
    responseExcerpt: t.exposeString('lastExcerpt', {
      nullable: true,
      description: 'The first 1 kB of the last answer.',
    }),
    error: t.exposeString('lastError', {
      nullable: true,
      description: 'Why the last attempt failed, in words.',
    }),
    payloadBytes: t.exposeInt('payloadBytes'),
    deliveredAt: t.field({ type: 'DateTime', nullable: true, resolve: (d) => d.deliveredAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (d) => d.createdAt }),
  }),
});

export const WebhookSubscriptionRef = builder.objectRef<WebhookSubscription>('WebhookSubscription');
builder.node(WebhookSubscriptionRef, {
  description:
    'Where the store POSTs what happened (a topic) as JSON, signed with the subscription’s secret (X-Stockroom-Hmac-Sha256).',
  extensions: auth.authenticated,
  id: { resolve: (s) => s.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'topic' in o && 'includeFields' in o,
  loadOne: async (id, ctx) => {
    const [sub] = await findSubscriptions(ctx.services.db, [id]);
    return sub && inScope(scopeOf(ctx.viewer), sub) ? sub : null;
  },
  fields: (t) => ({
    topic: t.field({ type: WebhookTopicEnum, resolve: (s) => s.topic }),
    topicLabel: t.string({
      description: 'The topic in words.',
      resolve: (s) => WEBHOOK_TOPIC_LABELS[s.topic],
    }),
    url: t.exposeString('url'),
    format: t.field({ type: WebhookFormatEnum, resolve: (s) => s.format }),
    includeFields: t.exposeStringList('includeFields', {
      extensions: listBound({ max: 50 }),
      description: 'The payload’s top-level fields it keeps (id always); empty: all.',
    }),
    status: t.field({ type: WebhookSubscriptionStatusEnum, resolve: (s) => s.status }),
    pausedReason: t.exposeString('pausedReason', {
      nullable: true,
      description: 'Why it is paused, in words.',
    }),
    pausedAt: t.field({ type: 'DateTime', nullable: true, resolve: (s) => s.pausedAt }),
    failingSince: t.field({
      type: 'DateTime',
      nullable: true,
      description:
        'Its deliveries have failed since then (48 hours of it pauses it); null while they arrive.',
      resolve: (s) => s.failingSince,
    }),
    owner: t.field({
      type: WebhookOwnerRef,
      resolve: (s) =>
        s.ownerTokenId
          ? { type: 'API_TOKEN' as const, key: `token:${s.ownerTokenId}` }
          : { type: 'STAFF' as const, key: `staff:${s.ownerStaffId}` },
    }),
    lastDelivery: t.field({
      type: WebhookDeliveryRef,
      nullable: true,
      resolve: (s, _a, ctx) => ctx.loaders.lastWebhookDelivery.load(s.id),
    }),
    version: t.exposeInt('version'),
    createdAt: t.field({ type: 'DateTime', resolve: (s) => s.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (s) => s.updatedAt }),
  }),
});

builder.queryFields((t) => ({
  webhookSubscriptions: t.connection(
    {
      type: WebhookSubscriptionRef,
      description:
        'Webhook subscriptions, newest first: all of them for staff with WEBHOOKS_MANAGE, its own for an API token. Words match the URL; topic:, status:, url:.',
      extensions: auth.authenticated,
      args: { query: t.arg.string() },
      resolve: async (_r, args, ctx, info) => {
        const scope = requireScope(ctx);
        const search = subscriptionSearchCondition(args.query);
        if ('errors' in search) return emptyConnection(search.errors) as never;
        const db = ctx.services.db;
        const count = countWhenAsked(info, () => countSubscriptionsMatching(db, scope, search.condition));
        return toConnection(await pageSubscriptions(db, scope, search.condition, args), count);
      },
    },
    { name: 'WebhookSubscriptionConnection' },
    { name: 'WebhookSubscriptionEdge' },
  ),
  webhookDeliveries: t.connection(
    {
      type: WebhookDeliveryRef,
      description:
        'A subscription’s deliveries, newest first (kept 30 days): status:failed, status:retrying, topic:, test:true, attempts:>3, status_code:500, created_at:>-1d; words match the answer or the error.',
      extensions: auth.authenticated,
      args: { subscriptionId: t.arg.id({ required: true }), query: t.arg.string() },
      resolve: async (_r, args, ctx, info) => {
        const scope = requireScope(ctx);
        const id = decodeIdOf('WebhookSubscription', String(args.subscriptionId));
        const [sub] = id ? await findSubscriptions(ctx.services.db, [id]) : [];
        if (!sub || !inScope(scope, sub))
          return emptyConnection([
            {
              code: 'INVALID',
              message: 'This webhook subscription does not exist.',
              field: ['subscriptionId'],
            },
          ]) as never;
        const search = deliverySearchCondition(args.query);
        if ('errors' in search) return emptyConnection(search.errors) as never;
        const db = ctx.services.db;
        const count = countWhenAsked(info, () => countDeliveries(db, sub.id, search.condition));
        return toConnection(await pageDeliveries(db, sub.id, search.condition, args), count);
      },
    },
    { name: 'WebhookDeliveryConnection' },
    { name: 'WebhookDeliveryEdge' },
  ),
}));

export const WebhookSubscriptionPayload = builder
  .objectRef<{
    webhookSubscription?: WebhookSubscription | null;
    secret?: string | null;
    userErrors: UserError[];
  }>('WebhookSubscriptionPayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      webhookSubscription: t.field({
        type: WebhookSubscriptionRef,
        nullable: true,
        resolve: (p) => p.webhookSubscription ?? null,
      }),
      secret: t.string({
        nullable: true,
        description:
          'The signing secret, answered once (at creation, and by an update with rotateSecret): keep it; it is never shown again.',
        resolve: (p) => p.secret ?? null,
      }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

export const WebhookDeliveryPayload = builder
  .objectRef<{ delivery?: WebhookDelivery | null; userErrors: UserError[] }>('WebhookDeliveryPayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      delivery: t.field({ type: WebhookDeliveryRef, nullable: true, resolve: (p) => p.delivery ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

/** A subscription id of the caller's, decoded; a DomainError in words otherwise. */
export function subscriptionIdOf(id: unknown, field = 'id'): string {
  const uuid = decodeIdOf('WebhookSubscription', String(id));
  if (!uuid) throw DomainError.one('INVALID', 'This webhook subscription does not exist.', [field]);
  return uuid;
}
