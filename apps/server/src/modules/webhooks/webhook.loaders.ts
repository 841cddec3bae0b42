import DataLoader from 'dataloader';
import type { Executor } from '../../db/database.js';
import { lastDeliveries } from './delivery.repository.js';
import type { WebhookDelivery } from './webhook.model.js';
import { ownerNames } from './webhook.repository.js';

declare module '../../graphql/context.js' {
  interface Loaders extends ReturnType<typeof createWebhookLoaders> {}
}

/** This module's batch loaders, made fresh for every request: one query per relation per request. */
export function createWebhookLoaders(db: Executor) {
  return {
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
