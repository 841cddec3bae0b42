import type { WebhookDeliveryStatus, WebhookSubscriptionStatus, WebhookTopic } from '@stockroom/domain';
import type {
  WebhookDeliveryAttemptRow,
  WebhookDeliveryRow,
  WebhookSubscriptionRow,
} from './webhooks.tables.js';

/** A webhook subscription as the API shows it (never its secret, which is answered once). */
export interface WebhookSubscription {
  id: string;
  topic: WebhookTopic;
  url: string;
  format: 'JSON';
  includeFields: string[];
  ownerStaffId: string | null;
  ownerTokenId: string | null;
  status: WebhookSubscriptionStatus;
  pausedReason: string | null;
  pausedAt: Date | null;
  failingSince: Date | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface WebhookDelivery {
  id: string;
  subscriptionId: string;
  eventId: string;
  topic: WebhookTopic;
  subjectType: string | null;
  subjectId: string | null;
  test: boolean;
  payloadBytes: number;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastLatencyMs: number | null;
  lastExcerpt: string | null;
  lastError: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

export interface WebhookDeliveryAttempt {
  id: string;
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  excerpt: string | null;
  error: string | null;
}

export const subscriptionOf = (r: WebhookSubscriptionRow): WebhookSubscription => ({
  id: r.id,
  topic: r.topic as WebhookTopic,
  url: r.url,
  format: r.format,
  includeFields: r.include_fields,
  ownerStaffId: r.owner_staff_id,
  ownerTokenId: r.owner_token_id,
  status: r.status,
  pausedReason: r.paused_reason,
  pausedAt: r.paused_at,
  failingSince: r.failing_since,
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const deliveryOf = (r: Omit<WebhookDeliveryRow, 'payload'>): WebhookDelivery => ({
  id: r.id,
  subscriptionId: r.subscription_id,
  eventId: r.event_id,
  topic: r.topic as WebhookTopic,
  subjectType: r.subject_type,
  subjectId: r.subject_id,
  test: r.test,
  payloadBytes: r.payload_bytes,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.status === 'PENDING' || r.status === 'RETRYING' ? r.next_attempt_at : null,
  lastAttemptAt: r.last_attempt_at,
  lastStatusCode: r.last_status_code,
  lastLatencyMs: r.last_latency_ms,
  lastExcerpt: r.last_excerpt,
  lastError: r.last_error,
  deliveredAt: r.delivered_at,
  createdAt: r.created_at,
});

export const attemptOf = (r: WebhookDeliveryAttemptRow): WebhookDeliveryAttempt => ({
  id: r.id,
  attemptedAt: r.attempted_at,
  statusCode: r.status_code,
  latencyMs: r.latency_ms,
  excerpt: r.excerpt,
  error: r.error,
});

/** Who a list or a command is for: staff with WEBHOOKS_MANAGE see all; a token only its own. */
export type WebhookScope = { all: true } | { tokenId: string };
