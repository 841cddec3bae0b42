import { DomainError, WEBHOOK_DELIVERY_RETENTION_DAYS } from '@stockroom/domain';
import type { Actor } from '../../actor.js';
import type { Executor, Tx } from '../../db/database.js';
import { uuidv7 } from '../../lib/uuid.js';
import { recordAudit } from '../audit/audit.service.js';
import * as deliveries from './delivery.repository.js';
import type { WebhookDelivery, WebhookScope, WebhookSubscription } from './webhook.model.js';
import { lockInScope } from './webhook.service.js';
import type { RenderedPayload } from './webhook-payload.js';

function mustBeActive(sub: WebhookSubscription): void {
  if (sub.status !== 'ACTIVE')
    throw DomainError.one(
      'INVALID_TRANSITION',
      'This webhook is paused: resume it first, then its deliveries are sent again.',
      ['id'],
    );
}

/**
 * webhookSubscriptionTest: a test delivery of a sample payload (read beforehand, outside this
 * transaction, as the owner), sent by the caller right after the commit and never retried.
 */
export async function testDeliveryCreate(
  trx: Tx,
  actor: Actor,
  scope: WebhookScope,
  id: string,
  sample: RenderedPayload & { subjectId: string | null },
  at: Date,
): Promise<WebhookDelivery> {
  const sub = await lockInScope(trx, scope, id);
  const [made] = await deliveries.insertDeliveries(trx, [
    {
      subscription_id: sub.id,
      event_id: uuidv7(),
      event_position: null,
      topic: sub.topic,
      subject_type: null,
      subject_id: sample.subjectId,
      test: true,
      payload: sample.body,
      payload_bytes: sample.bytes,
      created_at: at,
    },
  ]);
  await recordAudit(trx, actor, {
    action: 'webhook_subscription.test',
    subjectType: 'WebhookSubscription',
    subjectId: sub.id,
  });
  return made!;
}

/** A delivery whose subscription is in the caller's scope. */
async function deliveryInScope(db: Executor, scope: WebhookScope, id: string) {
  const found = await deliveries.findDelivery(db, id);
  if (!found) throw DomainError.one('INVALID', 'This webhook delivery does not exist.', ['id']);
  const sub = await lockInScope(db, scope, found.subscriptionId).catch(() => null);
  if (!sub) throw DomainError.one('INVALID', 'This webhook delivery does not exist.', ['id']);
  return { delivery: found, subscription: sub };
}

/**
 * webhookDeliveryRetry: sends a delivery again from now (a failed one, a delivered one as a replay,
 * or a waiting one sooner). A test delivery is not retried: test again instead.
 */
export async function webhookDeliveryRetry(
  trx: Tx,
  actor: Actor,
  scope: WebhookScope,
  id: string,
  now: Date,
): Promise<WebhookDelivery> {
  const { delivery, subscription } = await deliveryInScope(trx, scope, id);
  if (delivery.test)
    throw DomainError.one('INVALID', 'A test delivery is not sent again; use Test to send a new one.', [
      'id',
    ]);
  mustBeActive(subscription);
  const [moved] = await deliveries.requeue(trx, { ids: [delivery.id] }, now);
  await recordAudit(trx, actor, {
    action: 'webhook_delivery.retry',
    subjectType: 'WebhookSubscription',
    subjectId: subscription.id,
    changes: { status: { before: delivery.status, after: 'PENDING' } },
  });
  return moved!;
}

/** webhookDeliveriesRetryFailed: every FAILED delivery of a subscription is sent again, in order. */
export async function webhookDeliveriesRetryFailed(
  trx: Tx,
  actor: Actor,
  scope: WebhookScope,
  subscriptionId: string,
  now: Date,
): Promise<{ subscription: WebhookSubscription; count: number }> {
  const subscription = await lockInScope(trx, scope, subscriptionId);
  mustBeActive(subscription);
  const moved = await deliveries.requeue(trx, { subscriptionId, status: 'FAILED' }, now);
  await recordAudit(trx, actor, {
    action: 'webhook_delivery.retry_failed',
    subjectType: 'WebhookSubscription',
    subjectId: subscriptionId,
    changes: { deliveries: { before: null, after: moved.length } },
  });
  return { subscription, count: moved.length };
}

/** Retention (SPEC §10, app/maintenance.ts): finished deliveries older than 30 days go, with their attempts. */
export function pruneDeliveries(db: Executor, now: Date): Promise<number> {
  return deliveries.deleteDeliveriesBefore(
    db,
    new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_DAYS * 86_400_000),
  );
}
