import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import {
  cappedCount,
  mapPage,
  sortedPage,
  type Count,
  type Page,
  type PageArgs,
} from '../../lib/pagination.js';
import { subscriptionOf, type WebhookScope, type WebhookSubscription } from './webhook.model.js';
import type { WebhookSubscriptionTable } from './webhooks.tables.js';

/** Subscriptions, newest first (webhook_subscriptions_created_idx; a token's: _token_idx). */
const NEWEST = { expression: 'w.created_at', cast: 'timestamptz', descending: true } as const;

export async function insertSubscription(
  db: Executor,
  values: Pick<
    WebhookSubscriptionTable,
    'id' | 'topic' | 'url' | 'secret' | 'owner_staff_id' | 'owner_token_id'
  > & { include_fields: string[] },
): Promise<WebhookSubscription> {
  const row = await db
    .insertInto('webhook_subscriptions')
    .values({ ...values, include_fields: JSON.stringify(values.include_fields) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return subscriptionOf(row);
}

/** The store's subscriptions (SPEC §10: at most 50). */
export async function countSubscriptions(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('webhook_subscriptions')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One subscription within a scope, locked for the command's change; with its secret. */
export async function lockSubscription(
  db: Executor,
  id: string,
  scope: WebhookScope,
): Promise<(WebhookSubscription & { secret: string }) | null> {
  let q = db.selectFrom('webhook_subscriptions').selectAll().where('id', '=', id);
  if ('tokenId' in scope) q = q.where('owner_token_id', '=', scope.tokenId);
  const row = await q.forUpdate().executeTakeFirst();
  return row ? { ...subscriptionOf(row), secret: row.secret } : null;
}

export async function findSubscriptions(
  db: Executor,
  ids: readonly string[],
): Promise<WebhookSubscription[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('webhook_subscriptions').selectAll().where('id', 'in', ids).execute();
  return rows.map(subscriptionOf);
}

export interface SubscriptionPatch {
  topic?: string;
  url?: string;
  secret?: string;
  status?: 'ACTIVE' | 'PAUSED';
  paused_reason?: string | null;
  paused_at?: Date | null;
  failing_since?: Date | null;
  include_fields?: string[];
}

/** A change someone made (or the sender's pause): bumps the version. */
export async function updateSubscription(
  db: Executor,
  id: string,
  patch: SubscriptionPatch,
): Promise<WebhookSubscription> {
  const { include_fields, ...rest } = patch;
  const row = await db
    .updateTable('webhook_subscriptions')
    .set({
      ...rest,
      ...(include_fields ? { include_fields: JSON.stringify(include_fields) } : {}),
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return subscriptionOf(row);
}

export async function deleteSubscription(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
}

/** Pauses an active subscription with a reason (the sender and the relay consumer); answers whether it did. */
export async function pauseSubscription(
  db: Executor,
  id: string,
  reason: string,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_subscriptions')
    .set({
      status: 'PAUSED',
      paused_reason: reason,
      paused_at: at,
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The first failure since the last success, for the list's "failing since". */
export async function markFailing(db: Executor, id: string, since: Date | null): Promise<void> {
  let q = db.updateTable('webhook_subscriptions').set({ failing_since: since }).where('id', '=', id);
  q = since ? q.where('failing_since', 'is', null) : q.where('failing_since', 'is not', null);
  await q.execute();
}

/** Active subscriptions to these topics (the relay consumer: webhook_subscriptions_active_topic_idx). */
export async function activeSubscriptions(
  db: Executor,
  topics: readonly string[],
): Promise<WebhookSubscription[]> {
  if (!topics.length) return [];
  const rows = await db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('status', '=', 'ACTIVE')
    .where('topic', 'in', topics)
    .execute();
  return rows.map(subscriptionOf);
}

function listQuery(db: Executor, scope: WebhookScope, condition: RawBuilder<boolean> | null) {
  let q = db.selectFrom('webhook_subscriptions as w').selectAll('w');
  if ('tokenId' in scope) q = q.where('w.owner_token_id', '=', scope.tokenId);
  return condition ? q.where(condition) : q;
}

export async function pageSubscriptions(
  db: Executor,
  scope: WebhookScope,
  condition: RawBuilder<boolean> | null,
  args: PageArgs,
): Promise<Page<WebhookSubscription>> {
  return mapPage(
    await sortedPage(listQuery(db, scope, condition), NEWEST, 'w.id', false, args),
    subscriptionOf,
  );
}

export function countSubscriptionsMatching(
  db: Executor,
  scope: WebhookScope,
  condition: RawBuilder<boolean> | null,
): Promise<Count> {
  return cappedCount(db, listQuery(db, scope, condition));
}

/** Owners' names (a staff member's name or email; a token's name), by staff id and by token id. */
export async function ownerNames(
  db: Executor,
  staffIds: readonly string[],
  tokenIds: readonly string[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (staffIds.length)
    for (const s of await db
      .selectFrom('staff')
      .select(['id', 'name', 'email'])
      .where('id', 'in', staffIds)
      .execute())
      names.set(s.id, s.name || s.email);
  if (tokenIds.length)
    for (const t of await db
      .selectFrom('api_tokens')
      .select(['id', 'name'])
      .where('id', 'in', tokenIds)
      .execute())
      names.set(t.id, t.name);
  return names;
}
