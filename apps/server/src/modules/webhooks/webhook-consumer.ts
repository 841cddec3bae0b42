import { setImmediate as yieldToRequests } from 'node:timers/promises';
import {
  WEBHOOK_TOPIC_ALSO,
  WEBHOOK_TOPIC_EVENT,
  WEBHOOK_TOPIC_PERMISSION,
  WEBHOOK_TOPICS,
  webhookTopicHears,
  type WebhookTopic,
} from '@stockroom/domain';
import type { DB } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { DomainEvent } from '../events/events.model.js';
import type { EventConsumer } from '../events/relay.js';
import { insertDeliveries, type NewDelivery } from './delivery.repository.js';
import type { WebhookSubscription } from './webhook.model.js';
import { activeSubscriptions, pauseSubscription } from './webhook.repository.js';
import { ownerNow } from './webhook-owner.js';
import type { Viewer } from '../../actor.js';
import {
  renderPayloads,
  TOPIC_SUBJECT,
  type OperationRunner,
  type RenderedPayload,
} from './webhook-payload.js';

/** The topics each outbox event type feeds. */
const TOPICS_OF_EVENT = new Map<string, WebhookTopic[]>();
for (const topic of WEBHOOK_TOPICS) {
  for (const type of [WEBHOOK_TOPIC_EVENT[topic], ...(WEBHOOK_TOPIC_ALSO[topic] ?? [])])
    TOPICS_OF_EVENT.set(type, [...(TOPICS_OF_EVENT.get(type) ?? []), topic]);
}

/**
 * The relay's consumer for webhooks: each committed event becomes a delivery for every ACTIVE
 * subscription to its topic, with its payload read then as the subscription's owner. The event id
 * is unique per subscription, so a batch the relay offers again makes no second delivery. An owner
 * who can no longer read the topic (token revoked, person deactivated, permission taken away)
 * pauses the subscription with that reason instead.
 */
export function webhookConsumer(deps: {
  db: DB;
  run: OperationRunner;
  clock: Clock;
  log: Logger;
  /** Told when deliveries were queued (the sender looks at once). */
  queued: () => void;
}): EventConsumer {
  const { db, log } = deps;
  return {
    name: 'webhooks',
    async handle(events: DomainEvent[]) {
      const relevant = events.filter((e) => TOPICS_OF_EVENT.has(e.type));
      if (!relevant.length) return;
      const topics = [...new Set(relevant.flatMap((e) => TOPICS_OF_EVENT.get(e.type)!))];
      const subscriptions = await activeSubscriptions(db, topics);
      if (!subscriptions.length) return;
      const owners = new Map<string, Awaited<ReturnType<typeof ownerNow>>>();
      const paused = new Set<string>();
      const now = deps.clock.now();
      // Which subscription hears which event, and what each (owner, kind, field choice) must read.
      const pairs: { event: DomainEvent; sub: WebhookSubscription; renderKey: string }[] = [];
      const reads = new Map<string, { viewer: Viewer; sub: WebhookSubscription; ids: Set<string> }>();
      for (const event of relevant) {
        for (const sub of subscriptions) {
          if (!webhookTopicHears(sub.topic, event.type) || paused.has(sub.id)) continue;
          if (event.subjectType !== TOPIC_SUBJECT[sub.topic]) continue;
          const key = `${ownerKey(sub)}|${WEBHOOK_TOPIC_PERMISSION[sub.topic]}`;
          let owner = owners.get(key);
          if (!owner) owners.set(key, (owner = await ownerNow(db, sub)));
          if ('reason' in owner) {
            paused.add(sub.id);
            await pauseSubscription(
              db,
              sub.id,
              `Paused ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC: ${owner.reason}`,
              now,
            );
            continue;
          }
          // The payload is the subject as it is now, so one read serves every event of the batch
          // about it, and every subscription sharing the owner and the field choice.
          const renderKey = `${ownerKey(sub)}|${event.subjectType}|${sub.includeFields.join(',')}`;
          let read = reads.get(renderKey);
          if (!read) reads.set(renderKey, (read = { viewer: owner.viewer, sub, ids: new Set() }));
          read.ids.add(event.subjectId);
          pairs.push({ event, sub, renderKey });
        }
      }
      const rendered = new Map<string, Map<string, RenderedPayload>>();
      for (const [renderKey, read] of reads) {
        // Requests first between reads (see webhook-sender: requests hold rows meanwhile).
        await yieldToRequests();
        rendered.set(
          renderKey,
          await renderPayloads(deps.run, read.viewer, read.sub.topic, [...read.ids], read.sub.includeFields),
        );
      }
      const rows: NewDelivery[] = [];
      const logged = new Set<string>();
      for (const { event, sub, renderKey } of pairs) {
        const { body, bytes, problems } = rendered.get(renderKey)!.get(event.subjectId)!;
        if (problems?.length && !logged.has(`${sub.id}|${event.subjectId}`)) {
          logged.add(`${sub.id}|${event.subjectId}`);
          log.warn(
            { subscriptionId: sub.id, eventId: event.id, problems },
            'webhook payload: fields left out',
          );
        }
        rows.push({
          subscription_id: sub.id,
          event_id: event.id,
          event_position: event.position,
          topic: sub.topic,
          subject_type: event.subjectType,
          subject_id: event.subjectId,
          payload: body,
          payload_bytes: bytes,
          created_at: now,
        });
      }
      for (let i = 0; i < rows.length; i += 200) await insertDeliveries(db, rows.slice(i, i + 200));
      if (rows.length) deps.queued();
    },
  };
}

function ownerKey(sub: WebhookSubscription): string {
  return sub.ownerTokenId ? `token:${sub.ownerTokenId}` : `staff:${sub.ownerStaffId}`;
}
