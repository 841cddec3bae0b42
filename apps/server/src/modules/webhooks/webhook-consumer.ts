import { setImmediate as yieldToRequests } from 'node:timers/promises';
import {
  WEBHOOK_TOPIC_EVENT,
  WEBHOOK_TOPIC_PERMISSION,
  WEBHOOK_TOPICS,
  type WebhookTopic,
} from '@stockroom/domain';
import type { DB } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { DomainEvent } from '../events/events.model.js';
import type { EventConsumer } from '../events/relay.js';
import { fanOutDeliveries, type FanOut } from './delivery.repository.js';
import type { WebhookSubscription } from './webhook.model.js';
import { activeSubscriptions, pauseSubscription } from './webhook.repository.js';
import { ownerNow } from './webhook-owner.js';
import type { Viewer } from '../../actor.js';
import {
  finish,
  readerKey,
  readSubjects,
  TOPIC_SUBJECT,
  type OperationRunner,
  type ReadSubject,
} from './webhook-payload.js';

/** The topics each outbox event type feeds. */
const TOPICS_OF_EVENT = new Map<string, WebhookTopic[]>();
for (const topic of WEBHOOK_TOPICS) {
  const type = WEBHOOK_TOPIC_EVENT[topic];
  TOPICS_OF_EVENT.set(type, [...(TOPICS_OF_EVENT.get(type) ?? []), topic]);
}

/**
 * The relay's consumer for webhooks: each committed event becomes a delivery for every ACTIVE
 * subscription to its topic, with its payload read then as the subscription's owner (one read per
 * subject for all owners holding the same permissions; one INSERT for the batch's deliveries). The
 * event id is unique per subscription, so a batch the relay offers again makes no second delivery. An owner
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
      // Which subscription hears which event, and which read (permissions, kind) its payload needs.
      const pairs: { event: DomainEvent; sub: WebhookSubscription; readKey: string }[] = [];
      const reads = new Map<string, { viewer: Viewer; topic: WebhookTopic; ids: Set<string> }>();
      for (const event of relevant) {
        for (const sub of subscriptions) {
          if (WEBHOOK_TOPIC_EVENT[sub.topic] !== event.type || paused.has(sub.id)) continue;
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
          // about it, and every subscription whose owner holds the same permissions.
          const readKey = `${readerKey(owner.viewer)}|${event.subjectType}`;
          let read = reads.get(readKey);
          if (!read) reads.set(readKey, (read = { viewer: owner.viewer, topic: sub.topic, ids: new Set() }));
          read.ids.add(event.subjectId);
          pairs.push({ event, sub, readKey });
        }
      }
      const subjects = new Map<string, Map<string, ReadSubject>>();
      for (const [readKey, read] of reads) {
        // Requests first between reads (see webhook-sender: requests hold rows meanwhile).
        await yieldToRequests();
        subjects.set(readKey, await readSubjects(deps.run, read.viewer, read.topic, [...read.ids]));
      }
      // Each payload's JSON is written once (a read and a field choice) and sent to the database once.
      const fanOut: FanOut = { payloads: [], rows: [], at: now };
      const payloadOf = new Map<string, number>();
      for (const { event, sub, readKey } of pairs) {
        const bodyKey = `${readKey}|${sub.includeFields.join(',')}|${event.subjectId}`;
        let payload = payloadOf.get(bodyKey);
        if (payload === undefined) {
          const { object, problems } = subjects.get(readKey)!.get(event.subjectId)!;
          if (problems.length)
            log.warn(
              { subscriptionId: sub.id, eventId: event.id, problems },
              'webhook payload: fields left out',
            );
          payloadOf.set(bodyKey, (payload = fanOut.payloads.push(finish(object, sub.includeFields)) - 1));
        }
        fanOut.rows.push({
          subscriptionId: sub.id,
          eventId: event.id,
          eventPosition: event.position,
          topic: sub.topic,
          subjectType: event.subjectType,
          subjectId: event.subjectId,
          payload,
        });
      }
      if (await fanOutDeliveries(db, fanOut)) deps.queued();
    },
  };
}

function ownerKey(sub: WebhookSubscription): string {
  return sub.ownerTokenId ? `token:${sub.ownerTokenId}` : `staff:${sub.ownerStaffId}`;
}
