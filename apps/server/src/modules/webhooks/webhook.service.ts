import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  DomainError,
  MAX_WEBHOOK_SUBSCRIPTIONS,
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_TOPIC_LABELS,
  WEBHOOK_TOPIC_PERMISSION,
  WEBHOOK_TOPICS,
  type UserError,
  type WebhookTopic,
} from '@stockroom/domain';
import type { Actor, Viewer } from '../../actor.js';
import type { Executor, Tx } from '../../db/database.js';
import { postAddressProblem, postUrlProblem } from '../../lib/outbound-post.js';
import { uuidv7 } from '../../lib/uuid.js';
import { HIDDEN, recordAudit } from '../audit/audit.service.js';
import type { WebhookScope, WebhookSubscription } from './webhook.model.js';
import * as repo from './webhook.repository.js';
import { payloadFields } from './webhook-payload.js';
import { WEBHOOK_WHY, type PostSettings } from './webhook-sender.js';

/** Secrets start with this, so one found in a log is recognised for what it is. */
const SECRET_PREFIX = 'whsec_';
const MAX_INCLUDE_FIELDS = 50;

const newSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

export interface SubscriptionInputRaw {
  topic?: string | null;
  url?: string | null;
  includeFields?: readonly string[] | null;
}

function isTopic(v: string): v is WebhookTopic {
  return (WEBHOOK_TOPICS as readonly string[]).includes(v);
}

/**
 * The input's problems, all at once: a known topic the owner may read, a URL we may post to (https
 * unless allowed, not private unless allow-listed, checked against what it resolves to now), fields
 * the topic's payload has. Answers the trimmed values.
 */
async function checkInput(
  viewer: Viewer,
  raw: SubscriptionInputRaw,
  settings: PostSettings,
  current: WebhookSubscription | null,
): Promise<{ topic: WebhookTopic; url: string; includeFields: string[] }> {
  const errors: UserError[] = [];
  const topicText = raw.topic?.trim().toUpperCase() ?? current?.topic ?? '';
  const topic = isTopic(topicText) ? topicText : null;
  if (!topicText)
    errors.push({ code: 'REQUIRED', message: 'Choose what to hear about.', field: ['input', 'topic'] });
  else if (!topic)
    errors.push({
      code: 'INVALID',
      message: `"${topicText.slice(0, 100)}" is no topic. Use one of: ${WEBHOOK_TOPICS.join(', ')}.`,
      field: ['input', 'topic'],
    });
  else if (!viewer.permissions.has(WEBHOOK_TOPIC_PERMISSION[topic]))
    errors.push({
      code: 'INVALID',
      message: `“${WEBHOOK_TOPIC_LABELS[topic]}” needs ${WEBHOOK_TOPIC_PERMISSION[topic]}, which ${viewer.token ? 'this token does' : 'you do'} not hold: its deliveries could not be read.`,
      field: ['input', 'topic'],
    });
  const url = raw.url?.trim() ?? current?.url ?? '';
  if (!url)
    errors.push({ code: 'REQUIRED', message: 'Give the address to send to.', field: ['input', 'url'] });
  else if (url.length > MAX_WEBHOOK_URL_LENGTH)
    errors.push({
      code: 'TOO_LONG',
      message: `Use an address of at most ${MAX_WEBHOOK_URL_LENGTH.toLocaleString('en-US')} characters.`,
      field: ['input', 'url'],
    });
  else {
    const problem =
      postUrlProblem(url, settings.allowHttp) ??
      (raw.url != null ? await postAddressProblem(url, { allow: settings.allow, why: WEBHOOK_WHY }) : null);
    if (problem) errors.push({ code: 'INVALID', message: problem, field: ['input', 'url'] });
  }
  const includeFields = [
    ...new Set((raw.includeFields ?? current?.includeFields ?? []).map((f) => f.trim())),
  ].filter(Boolean);
  if (includeFields.length > MAX_INCLUDE_FIELDS)
    errors.push({
      code: 'TOO_LONG',
      message: `Name at most ${MAX_INCLUDE_FIELDS} fields.`,
      field: ['input', 'includeFields'],
    });
  else if (topic) {
    const known = payloadFields(topic);
    const unknown = includeFields.filter((f) => !known.includes(f));
    if (unknown.length)
      errors.push({
        code: 'INVALID',
        message: `${unknown.map((f) => `"${f.slice(0, 60)}"`).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not a field of this topic's payload. Its fields: ${known.join(', ')}.`,
        field: ['input', 'includeFields'],
      });
  }
  if (errors.length) throw new DomainError(errors);
  return { topic: topic!, url, includeFields };
}

/**
 * webhookSubscriptionCreate: a subscription owned by the caller (the token, or the staff member),
 * at most 50 per store. Answers its secret, this once.
 */
export async function webhookSubscriptionCreate(
  trx: Tx,
  actor: Actor & { viewer: Viewer },
  raw: SubscriptionInputRaw,
  settings: PostSettings,
): Promise<{ subscription: WebhookSubscription; secret: string }> {
  const input = await checkInput(actor.viewer, raw, settings, null);
  // One count at a time, so two creates racing for the 50th place give one success.
  await sql`select pg_advisory_xact_lock(hashtext('webhook_subscriptions'))`.execute(trx);
  if ((await repo.countSubscriptions(trx)) >= MAX_WEBHOOK_SUBSCRIPTIONS)
    throw DomainError.one(
      'LIMIT_EXCEEDED',
      `A store can have at most ${MAX_WEBHOOK_SUBSCRIPTIONS} webhook subscriptions; delete one you no longer use first.`,
      null,
    );
  const secret = newSecret();
  const token = actor.viewer.token;
  const subscription = await repo.insertSubscription(trx, {
    id: uuidv7(),
    topic: input.topic,
    url: input.url,
    include_fields: input.includeFields,
    secret,
    owner_staff_id: token ? null : actor.viewer.staffId,
    owner_token_id: token ? token.id : null,
  });
  await recordAudit(trx, actor, {
    action: 'webhook_subscription.create',
    subjectType: 'WebhookSubscription',
    subjectId: subscription.id,
    changes: {
      topic: { before: null, after: input.topic },
      url: { before: null, after: input.url },
      include_fields: { before: null, after: input.includeFields },
    },
  });
  return { subscription, secret };
}

export async function lockInScope(trx: Executor, scope: WebhookScope, id: string) {
  const found = await repo.lockSubscription(trx, id, scope);
  if (!found) throw DomainError.one('INVALID', 'This webhook subscription does not exist.', ['id']);
  return found;
}

export interface SubscriptionUpdateRaw extends SubscriptionInputRaw {
  status?: 'ACTIVE' | 'PAUSED' | null;
  rotateSecret?: boolean | null;
  version?: number | null;
}

/**
 * webhookSubscriptionUpdate: topic, URL, fields; `status: PAUSED` pauses it (the reason names who),
 * `ACTIVE` resumes a paused one; `rotateSecret` answers a new secret once (the old one stops at once).
 */
export async function webhookSubscriptionUpdate(
  trx: Tx,
  actor: Actor & { viewer: Viewer },
  scope: WebhookScope,
  id: string,
  raw: SubscriptionUpdateRaw,
  settings: PostSettings,
): Promise<{ subscription: WebhookSubscription; secret: string | null }> {
  const before = await lockInScope(trx, scope, id);
  if (raw.version != null && raw.version !== before.version)
    throw DomainError.one('STALE_VERSION', 'Someone else changed this webhook since you opened it.', [
      'version',
    ]);
  const input = await checkInput(actor.viewer, raw, settings, before);
  const patch: repo.SubscriptionPatch = {};
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  if (input.topic !== before.topic) {
    patch.topic = input.topic;
    changes['topic'] = { before: before.topic, after: input.topic };
  }
  if (input.url !== before.url) {
    patch.url = input.url;
    changes['url'] = { before: before.url, after: input.url };
  }
  if (input.includeFields.join(',') !== before.includeFields.join(',')) {
    patch.include_fields = input.includeFields;
    changes['include_fields'] = { before: before.includeFields, after: input.includeFields };
  }
  if (raw.status && raw.status !== before.status) {
    const at = new Date();
    patch.status = raw.status;
    patch.paused_reason =
      raw.status === 'PAUSED'
        ? `Paused ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC by ${actor.viewer.token ? `API token ${actor.viewer.token.name}` : actor.viewer.name || actor.viewer.email}.`
        : null;
    patch.paused_at = raw.status === 'PAUSED' ? at : null;
    if (raw.status === 'ACTIVE') patch.failing_since = null;
    changes['status'] = { before: before.status, after: raw.status };
  }
  const secret = raw.rotateSecret ? newSecret() : null;
  if (secret) {
    patch.secret = secret;
    changes['secret'] = { before: HIDDEN, after: HIDDEN };
  }
  if (!Object.keys(changes).length) return { subscription: before, secret: null };
  const subscription = await repo.updateSubscription(trx, id, patch);
  await recordAudit(trx, actor, {
    action: 'webhook_subscription.update',
    subjectType: 'WebhookSubscription',
    subjectId: id,
    changes,
  });
  return { subscription, secret };
}

/** webhookSubscriptionDelete: the subscription and its deliveries go. */
export async function webhookSubscriptionDelete(
  trx: Tx,
  actor: Actor,
  scope: WebhookScope,
  id: string,
): Promise<WebhookSubscription> {
  const before = await lockInScope(trx, scope, id);
  await repo.deleteSubscription(trx, id);
  await recordAudit(trx, actor, {
    action: 'webhook_subscription.delete',
    subjectType: 'WebhookSubscription',
    subjectId: id,
    changes: { topic: { before: before.topic, after: null }, url: { before: before.url, after: null } },
  });
  return before;
}

export { findSubscriptions, pageSubscriptions, countSubscriptionsMatching } from './webhook.repository.js';
