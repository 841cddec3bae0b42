import type { ColumnType, Selectable } from 'kysely';
import type { WebhookDeliveryStatus, WebhookSubscriptionStatus } from '@stockroom/domain';
import type { Json, Timestamp } from '../../db/columns.js';

/** A column the database fills when an insert leaves it out. */
type ColumnDefault<T> = ColumnType<T, T | undefined, T>;

export interface WebhookSubscriptionTable {
  id: string;
  topic: string;
  url: string;
  format: ColumnDefault<'JSON'>;
  /** Top-level fields of the payload to keep (the id always stays); empty: all. */
  include_fields: Json<string[]>;
  secret: string;
  owner_staff_id: string | null;
  owner_token_id: string | null;
  status: ColumnDefault<WebhookSubscriptionStatus>;
  paused_reason: string | null;
  paused_at: Timestamp | null;
  /** When its deliveries started failing (the first failure since the last success); null while fine. */
  failing_since: Timestamp | null;
  version: ColumnDefault<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookDeliveryTable {
  id: string;
  subscription_id: string;
  event_id: string;
  /** The event's commit position: the order of a subject's deliveries (null for a test). */
  event_position: number | null;
  topic: string;
  subject_type: string | null;
  subject_id: string | null;
  test: ColumnDefault<boolean>;
  /** The body as sent (rendered when the event was relayed). */
  payload: string;
  payload_bytes: number;
  status: ColumnDefault<WebhookDeliveryStatus>;
  attempts: ColumnDefault<number>;
  next_attempt_at: Timestamp;
  /** A sender took it until then (another instance may take it after). */
  locked_until: Timestamp | null;
  /** The first failed attempt since it was (re)queued: 48 hours after, it is given up. */
  failing_since: Timestamp | null;
  last_attempt_at: Timestamp | null;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_excerpt: string | null;
  last_error: string | null;
  delivered_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookDeliveryAttemptTable {
  id: string;
  delivery_id: string;
  attempted_at: Timestamp;
  status_code: number | null;
  latency_ms: number;
  excerpt: string | null;
  error: string | null;
}

/** This module's tables, as Kysely sees them. */
export interface WebhookTables {
  webhook_subscriptions: WebhookSubscriptionTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptTable;
}

export type WebhookSubscriptionRow = Selectable<WebhookSubscriptionTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;
export type WebhookDeliveryAttemptRow = Selectable<WebhookDeliveryAttemptTable>;
