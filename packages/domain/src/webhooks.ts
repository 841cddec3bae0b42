import type { Permission } from './permissions.js';

/**
 * Outgoing webhooks (issue #30, SPEC §10). A topic is what a subscription listens to; each comes
 * from one outbox event type (modules/events DOMAIN_EVENT_TYPES) and needs one read permission of
 * the subscription's owner (a token or a staff member with WEBHOOKS_MANAGE).
 */
export const WEBHOOK_TOPICS = [
  'ORDERS_CREATE',
  'ORDERS_PAID',
  'ORDERS_FULFILLED',
  'ORDERS_CANCELLED',
  'ORDERS_UPDATED',
  'REFUNDS_CREATE',
  'PRODUCTS_CREATE',
  'PRODUCTS_UPDATE',
  'PRODUCTS_DELETE',
  'INVENTORY_LEVELS_UPDATE',
  'CUSTOMERS_CREATE',
  'CUSTOMERS_UPDATE',
  'RETURNS_CREATE',
  'RETURNS_RECEIVE',
  'RETURNS_SETTLE',
  'RETURNS_CLOSE',
  'RETURNS_CANCEL',
] as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];

/** The outbox event each topic follows (the relay hands these to the webhook consumer). */
export const WEBHOOK_TOPIC_EVENT: Record<WebhookTopic, string> = {
  ORDERS_CREATE: 'order.created',
  ORDERS_PAID: 'order.paid',
  ORDERS_FULFILLED: 'order.fulfilled',
  ORDERS_CANCELLED: 'order.cancelled',
  ORDERS_UPDATED: 'order.updated',
  REFUNDS_CREATE: 'refund.created',
  PRODUCTS_CREATE: 'product.created',
  PRODUCTS_UPDATE: 'product.updated',
  PRODUCTS_DELETE: 'product.deleted',
  INVENTORY_LEVELS_UPDATE: 'inventory_level.updated',
  CUSTOMERS_CREATE: 'customer.created',
  CUSTOMERS_UPDATE: 'customer.updated',
  RETURNS_CREATE: 'return.created',
  RETURNS_RECEIVE: 'return.received',
  RETURNS_SETTLE: 'return.settled',
  RETURNS_CLOSE: 'return.closed',
  RETURNS_CANCEL: 'return.cancelled',
};

/**
 * Outbox events a topic hears besides its own: an order edit (issue #32, `order.edited`) is an
 * update of the order for subscribers.
 */
export const WEBHOOK_TOPIC_ALSO: Partial<Record<WebhookTopic, readonly string[]>> = {
  ORDERS_UPDATED: ['order.edited'],
};

/** Whether a subscription to this topic hears this outbox event type. */
export function webhookTopicHears(topic: WebhookTopic, eventType: string): boolean {
  return WEBHOOK_TOPIC_EVENT[topic] === eventType || (WEBHOOK_TOPIC_ALSO[topic] ?? []).includes(eventType);
}

/** What the owner must be able to read for a subscription to a topic to exist and deliver. */
export const WEBHOOK_TOPIC_PERMISSION: Record<WebhookTopic, Permission> = {
  ORDERS_CREATE: 'ORDERS_READ',
  ORDERS_PAID: 'ORDERS_READ',
  ORDERS_FULFILLED: 'ORDERS_READ',
  ORDERS_CANCELLED: 'ORDERS_READ',
  ORDERS_UPDATED: 'ORDERS_READ',
  REFUNDS_CREATE: 'ORDERS_READ',
  PRODUCTS_CREATE: 'CATALOG_READ',
  PRODUCTS_UPDATE: 'CATALOG_READ',
  PRODUCTS_DELETE: 'CATALOG_READ',
  INVENTORY_LEVELS_UPDATE: 'CATALOG_READ',
  CUSTOMERS_CREATE: 'CUSTOMERS_READ',
  CUSTOMERS_UPDATE: 'CUSTOMERS_READ',
  RETURNS_CREATE: 'ORDERS_READ',
  RETURNS_RECEIVE: 'ORDERS_READ',
  RETURNS_SETTLE: 'ORDERS_READ',
  RETURNS_CLOSE: 'ORDERS_READ',
  RETURNS_CANCEL: 'ORDERS_READ',
};

/** A topic in words, for people. */
export const WEBHOOK_TOPIC_LABELS: Record<WebhookTopic, string> = {
  ORDERS_CREATE: 'Order created',
  ORDERS_PAID: 'Order paid',
  ORDERS_FULFILLED: 'Order fulfilled',
  ORDERS_CANCELLED: 'Order cancelled',
  ORDERS_UPDATED: 'Order updated',
  REFUNDS_CREATE: 'Refund created',
  PRODUCTS_CREATE: 'Product created',
  PRODUCTS_UPDATE: 'Product updated',
  PRODUCTS_DELETE: 'Product deleted',
  INVENTORY_LEVELS_UPDATE: 'Stock level changed',
  CUSTOMERS_CREATE: 'Customer created',
  CUSTOMERS_UPDATE: 'Customer updated',
  RETURNS_CREATE: 'Return requested',
  RETURNS_RECEIVE: 'Return received',
  RETURNS_SETTLE: 'Return settled',
  RETURNS_CLOSE: 'Return closed',
  RETURNS_CANCEL: 'Return cancelled',
};

/** ACTIVE delivers; PAUSED (after 48 h of failures, or by staff) keeps its reason and delivers nothing. */
export const WEBHOOK_SUBSCRIPTION_STATUSES = ['ACTIVE', 'PAUSED'] as const;
export type WebhookSubscriptionStatus = (typeof WEBHOOK_SUBSCRIPTION_STATUSES)[number];

/** A delivery waits (PENDING), is retried (RETRYING), arrived (SUCCEEDED) or was given up (FAILED). */
export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'RETRYING', 'SUCCEEDED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** SPEC §10 limits. */
export const MAX_WEBHOOK_SUBSCRIPTIONS = 50;
export const WEBHOOK_TIMEOUT_MS = 5_000;
export const WEBHOOK_RETRY_HOURS = 48;
export const WEBHOOK_PAYLOAD_MAX_BYTES = 256 * 1024;
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 1024;
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** The headers every delivery carries. */
export const WEBHOOK_HEADERS = {
  topic: 'X-Stockroom-Topic',
  eventId: 'X-Stockroom-Event-Id',
  deliveredAt: 'X-Stockroom-Delivered-At',
  hmac: 'X-Stockroom-Hmac-Sha256',
} as const;
