import DataLoader from 'dataloader';
import type { Executor } from '../../db/database.js';
import { attemptsOfDeliveries, lastDeliveries } from './delivery.repository.js';
import type { WebhookDelivery, WebhookDeliveryAttempt } from './webhook.model.js';
import { ownerNames } from './webhook.repository.js';

declare module '../../graphql/context.js' {
  interface Loaders extends ReturnType<typeof createWebhookLoaders> {}
}

/** This module's batch loaders, made fresh for every request: one query per relation per request. */
/** A delivery's attempts shown (newest first): the ones that matter; older ones are counted. */
export const SHOWN_ATTEMPTS = 50;

export function createWebhookLoaders(db: Executor) {
  return {
    /** A page of deliveries' attempts in one statement. */
    webhookDeliveryAttempts: new DataLoader<string, WebhookDeliveryAttempt[]>(async (ids) => {
      const found = await attemptsOfDeliveries(db, ids, SHOWN_ATTEMPTS);
      return ids.map((id) => found.get(id) ?? []);
    }),
    lastWebhookDelivery: new DataLoader<string, WebhookDelivery | null>(async (ids) => {
      const found = await lastDeliveries(db, ids);
      return ids.map((id) => found.get(id) ?? null);
    }),
    /** Keys are `staff:<id>` or `token:<id>`. */
    webhookOwnerName: new DataLoader<string, string | null>(async (keys) => {
      const staff = keys.filter((k) => k.startsWith('staff:')).map((k) => k.slice(6));
      const tokens = keys.filter((k) => k.startsWith('token:')).map((k) => k.slice(6));
      const names = await ownerNames(db, staff, tokens);
      return keys.map((k) => names.get(k.slice(6)) ?? null);
    }),
  };
}
