import { decodeIdOf, DomainError } from '@stockroom/domain';
import type { Viewer } from '../../actor.js';
import { auth } from '../../graphql/auth.js';
import { builder, command, UserErrorRef, payload } from '../../graphql/builder.js';
import type { Ctx } from '../../graphql/context.js';
import type { WebhookSubscription } from './webhook.model.js';
import { deliveryToSend, findDelivery } from './delivery.repository.js';
import {
  testDeliveryCreate,
  webhookDeliveriesRetryFailed,
  webhookDeliveryRetry,
} from './delivery.service.js';
import { ownerNow } from './webhook-owner.js';
import { samplePayload } from './webhook-payload.js';
import {
  findSubscriptions,
  webhookSubscriptionCreate,
  webhookSubscriptionDelete,
  webhookSubscriptionUpdate,
} from './webhook.service.js';
import {
  requireScope,
  subscriptionIdOf,
  WebhookDeliveryPayload,
  WebhookFormatEnum,
  WebhookSubscriptionPayload,
  WebhookSubscriptionRef,
} from './webhook.schema.js';

const WebhookSubscriptionInput = builder.inputType('WebhookSubscriptionInput', {
  fields: (t) => ({
    topic: t.string({
      required: true,
      description: 'What to hear about: a WebhookTopic value (ORDERS_CREATE, PRODUCTS_UPDATE, …).',
    }),
    url: t.string({
      required: true,
      description: 'Where to POST: https (http only where the server allows it), a public address.',
    }),
    format: t.field({ type: WebhookFormatEnum, defaultValue: 'JSON' }),
    includeFields: t.stringList({
      description: 'The payload’s top-level fields to send (id always comes); leave out for all.',
    }),
  }),
});

const WebhookSubscriptionUpdateInput = builder.inputType('WebhookSubscriptionUpdateInput', {
  fields: (t) => ({
    topic: t.string(),
    url: t.string(),
    includeFields: t.stringList(),
    status: t.string({ description: 'PAUSED to pause it; ACTIVE to resume a paused one.' }),
    rotateSecret: t.boolean({
      description: 'A new secret, answered once in `secret`; the old one stops at once.',
    }),
    version: t.int({ description: 'The version you read: STALE_VERSION if it changed since.' }),
  }),
});

const DeletePayload = builder
  .objectRef<{ deletedId?: string | null; userErrors: import('@stockroom/domain').UserError[] }>(
    'WebhookSubscriptionDeletePayload',
  )
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      deletedId: t.id({ nullable: true, resolve: (p) => p.deletedId ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const RetryFailedPayload = builder
  .objectRef<{
    webhookSubscription?: WebhookSubscription | null;
    count?: number | null;
    userErrors: import('@stockroom/domain').UserError[];
  }>('WebhookDeliveriesRetryFailedPayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      webhookSubscription: t.field({
        type: WebhookSubscriptionRef,
        nullable: true,
        resolve: (p) => p.webhookSubscription ?? null,
      }),
      count: t.int({
        nullable: true,
        description: 'How many failed deliveries go again.',
        resolve: (p) => p.count ?? null,
      }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const withViewer = (ctx: Ctx) => ctx as Ctx & { viewer: Viewer };

function statusOf(raw: string | null | undefined): 'ACTIVE' | 'PAUSED' | null {
  if (raw == null || raw === '') return null;
  const v = raw.trim().toUpperCase();
  if (v === 'ACTIVE' || v === 'PAUSED') return v;
  throw DomainError.one('INVALID', 'Status is ACTIVE (to resume) or PAUSED.', ['input', 'status']);
}

/** Sends a test delivery now, as the subscription's owner; answers it with its attempt. */
async function sendTest(ctx: Ctx, id: unknown) {
  const scope = requireScope(ctx);
  const { services } = ctx;
  const hooks = services.webhooks;
  return payload(async () => {
    const uuid = subscriptionIdOf(id);
    const [sub] = await findSubscriptions(services.db, [uuid]);
    if (!sub || ('tokenId' in scope && sub.ownerTokenId !== scope.tokenId))
      throw DomainError.one('INVALID', 'This webhook subscription does not exist.', ['id']);
    const owner = await ownerNow(services.db, sub);
    if ('reason' in owner) throw DomainError.one('INVALID', owner.reason, ['id']);
    // Read before the command's transaction: the embedded store has one connection.
    const sample = await samplePayload(hooks.run, owner.viewer, sub.topic, sub.includeFields);
    const made = await command(ctx, async (trx) => ({
      delivery: await testDeliveryCreate(trx, ctx, scope, uuid, sample, hooks.clock.now()),
    }));
    if (made.userErrors.length) throw new DomainError(made.userErrors);
    const toSend = await deliveryToSend(services.db, made.delivery.id);
    if (toSend) await hooks.sender.send(toSend);
    return { delivery: (await findDelivery(services.db, made.delivery.id)) ?? made.delivery };
  });
}

builder.mutationFields((t) => ({
  webhookSubscriptionCreate: t.field({
    type: WebhookSubscriptionPayload,
    description:
      'Subscribes a URL to a topic; owned by the caller (an API token, or a staff member with WEBHOOKS_MANAGE), whose read permissions decide what payloads carry. Answers the secret once. At most 50 per store.',
    extensions: auth.authenticated,
    args: { input: t.arg({ type: WebhookSubscriptionInput, required: true }) },
    resolve: (_r, args, ctx) => {
      requireScope(ctx);
      return command(ctx, async (trx) => {
        const made = await webhookSubscriptionCreate(
          trx,
          withViewer(ctx),
          args.input,
          ctx.services.webhooks.post,
        );
        return { webhookSubscription: made.subscription, secret: made.secret };
      });
    },
  }),
  webhookSubscriptionUpdate: t.field({
    type: WebhookSubscriptionPayload,
    description:
      'Changes a subscription: topic, url, includeFields; status PAUSED or ACTIVE (resume); rotateSecret answers a new secret once.',
    extensions: auth.authenticated,
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: WebhookSubscriptionUpdateInput, required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const scope = requireScope(ctx);
      const result = await command(ctx, async (trx) => {
        const changed = await webhookSubscriptionUpdate(
          trx,
          withViewer(ctx),
          scope,
          subscriptionIdOf(args.id),
          { ...args.input, status: statusOf(args.input.status) },
          ctx.services.webhooks.post,
        );
        return { webhookSubscription: changed.subscription, secret: changed.secret };
      });
      if (result.webhookSubscription?.status === 'ACTIVE') ctx.services.webhooks.sender.wake();
      return result;
    },
  }),
  webhookSubscriptionDelete: t.field({
    type: DeletePayload,
    description: 'Deletes a subscription and its deliveries.',
    extensions: auth.authenticated,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => {
      const scope = requireScope(ctx);
      return command(ctx, async (trx) => {
        await webhookSubscriptionDelete(trx, ctx, scope, subscriptionIdOf(args.id));
        return { deletedId: String(args.id) };
      });
    },
  }),
  webhookSubscriptionTest: t.field({
    type: WebhookDeliveryPayload,
    description:
      'Sends a sample payload of its topic now (the newest such object the owner may read) and answers the delivery with its attempt. Never retried.',
    extensions: auth.authenticated,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => sendTest(ctx, args.id),
  }),
  webhookDeliveryRetry: t.field({
    type: WebhookDeliveryPayload,
    description:
      'Sends a delivery again from now: a failed one, a delivered one (a replay), or a waiting one sooner.',
    extensions: auth.authenticated,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const scope = requireScope(ctx);
      const result = await command(ctx, async (trx) => {
        const id = decodeIdOf('WebhookDelivery', String(args.id));
        if (!id) throw DomainError.one('INVALID', 'This webhook delivery does not exist.', ['id']);
        return {
          delivery: await webhookDeliveryRetry(trx, ctx, scope, id, ctx.services.webhooks.clock.now()),
        };
      });
      if (result.delivery) ctx.services.webhooks.sender.wake();
      return result;
    },
  }),
  webhookDeliveriesRetryFailed: t.field({
    type: RetryFailedPayload,
    description:
      'Sends every FAILED delivery of a subscription again, in their order (replay after an outage).',
    extensions: auth.authenticated,
    args: { subscriptionId: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const scope = requireScope(ctx);
      const result = await command(ctx, async (trx) => {
        const done = await webhookDeliveriesRetryFailed(
          trx,
          ctx,
          scope,
          subscriptionIdOf(args.subscriptionId, 'subscriptionId'),
          ctx.services.webhooks.clock.now(),
        );
        return { webhookSubscription: done.subscription, count: done.count };
      });
      if (result.count) ctx.services.webhooks.sender.wake();
      return result;
    },
  }),
}));
