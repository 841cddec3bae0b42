import { sql, type RawBuilder } from 'kysely';
import type { WebhookDeliveryStatus } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import { uuidv7 } from '../../lib/uuid.js';
import {
  cappedCount,
  mapPage,
  sortedPage,
  type Count,
  type Page,
  type PageArgs,
} from '../../lib/pagination.js';
import { attemptOf, deliveryOf, type WebhookDelivery, type WebhookDeliveryAttempt } from './webhook.model.js';
import type { WebhookDeliveryAttemptRow, WebhookDeliveryTable } from './webhooks.tables.js';

const NEWEST = { expression: 'd.created_at', cast: 'timestamptz', descending: true } as const;
/** Every column but the payload (lists never read it). */
const COLUMNS = [
  'd.id',
  'd.subscription_id',
  'd.event_id',
  'd.event_position',
  'd.topic',
  'd.subject_type',
  'd.subject_id',
  'd.test',
  'd.payload_bytes',
  'd.status',
  'd.attempts',
  'd.next_attempt_at',
  'd.locked_until',
  'd.failing_since',
  'd.last_attempt_at',
  'd.last_status_code',
  'd.last_latency_ms',
  'd.last_excerpt',
  'd.last_error',
  'd.delivered_at',
  'd.created_at',
  'd.updated_at',
] as const;

export type NewDelivery = Pick<
  WebhookDeliveryTable,
  | 'subscription_id'
  | 'event_id'
  | 'event_position'
  | 'topic'
  | 'subject_type'
  | 'subject_id'
  | 'payload'
  | 'payload_bytes'
> & { test?: boolean; created_at: Date };

/** How long the command that made a test delivery holds it (it sends it straight away). */
const TEST_LEASE_MS = 5 * 60_000;

/** Inserts deliveries; one already made for the same subscription and event is left as it is. */
export async function insertDeliveries(db: Executor, rows: NewDelivery[]): Promise<WebhookDelivery[]> {
  if (!rows.length) return [];
  const inserted = await db
    .insertInto('webhook_deliveries')
    .values(
      rows.map((r) => ({
        ...r,
        id: uuidv7(),
        next_attempt_at: r.created_at,
        // A test delivery is sent by its command at once: leased to it, the sender's loop leaves it
        // (it went out twice when the loop's poll came first).
        ...(r.test ? { locked_until: new Date(r.created_at.getTime() + TEST_LEASE_MS) } : {}),
      })),
    )
    .onConflict((oc) => oc.columns(['subscription_id', 'event_id']).doNothing())
    .returning(COLUMNS.map((c) => c.slice(2) as 'id'))
    .execute();
  return (inserted as never[]).map(deliveryOf);
}

/** A delivery taken by a sender: what to send, where, and how to sign it. */
export interface ClaimedDelivery {
  id: string;
  subscription_id: string;
  event_id: string;
  topic: string;
  payload: string;
  attempts: number;
  failing_since: Date | null;
  test: boolean;
  url: string;
  secret: string;
  /** Its subject and place in the outbox (claimDue: a chain is sent in this order). */
  subject_id?: string | null;
  event_position?: string | number | null;
}

/**
 * Takes deliveries due at `now` until `leaseUntil`, of active subscriptions and not taken by another
 * sender: up to `limit` chains, each the oldest waiting delivery of a subscription's subject (its
 * head) and up to `chain - 1` of the subject's next ones, in commit order, as far as each is due
 * and free. Only the taker of a head may send what follows it (no delivery of a subject is due
 * while an older one waits), so a product's updates go out one after the other in commit order
 * even when a round sends many of them. Heads another instance is taking are skipped. One
 * statement; answers the chains' deliveries in position order.
 */
export async function claimDue(
  db: Executor,
  now: Date,
  leaseUntil: Date,
  limit: number,
  chain = 1,
): Promise<ClaimedDelivery[]> {
  const { rows } = await sql<ClaimedDelivery>`
    with heads as (
      select d.id, d.subscription_id, d.subject_id, d.event_position from webhook_deliveries d
      join webhook_subscriptions s on s.id = d.subscription_id
      where d.status in ('PENDING', 'RETRYING')
        and d.next_attempt_at <= ${now}
        and (d.locked_until is null or d.locked_until <= ${now})
        and s.status = 'ACTIVE'
        and not (d.subject_id is not null and exists (
          select 1 from webhook_deliveries o
          where o.subscription_id = d.subscription_id and o.subject_id = d.subject_id
            and o.status in ('PENDING', 'RETRYING') and o.event_position < d.event_position
        ))
      order by d.next_attempt_at, d.event_position nulls first
      limit ${limit}
      for update of d skip locked
    ), next as (
      select f.id, bool_and(f.ready) over (partition by h.id order by f.event_position) as clear
      from heads h cross join lateral (
        select f.id, f.event_position,
          f.next_attempt_at <= ${now} and (f.locked_until is null or f.locked_until <= ${now}) as ready
        from webhook_deliveries f
        where f.subscription_id = h.subscription_id and f.subject_id = h.subject_id
          and f.status in ('PENDING', 'RETRYING') and f.event_position > h.event_position
        order by f.event_position
        limit ${Math.max(0, chain - 1)}
      ) f
      where h.subject_id is not null
    ), taken as (
      select id from heads union all select id from next where clear
    )
    update webhook_deliveries d set locked_until = ${leaseUntil}
    from taken, webhook_subscriptions s
    where d.id = taken.id and s.id = d.subscription_id
    returning d.id, d.subscription_id, d.event_id, d.topic, d.payload, d.attempts, d.failing_since,
      d.test, s.url, s.secret, d.subject_id, d.event_position`.execute(db);
  return rows.sort((a, b) => Number(a.event_position ?? 0) - Number(b.event_position ?? 0));
}

/** A test delivery's what-to-send, taken at once by the command that made it. */
export async function deliveryToSend(db: Executor, id: string): Promise<ClaimedDelivery | undefined> {
  const { rows } = await sql<ClaimedDelivery>`
    select d.id, d.subscription_id, d.event_id, d.topic, d.payload, d.attempts, d.failing_since, d.test,
      s.url, s.secret
    from webhook_deliveries d join webhook_subscriptions s on s.id = d.subscription_id
    where d.id = ${id}`.execute(db);
  return rows[0];
}

export interface AttemptOutcome {
  deliveryId: string;
  at: Date;
  statusCode: number | null;
  latencyMs: number;
  excerpt: string | null;
  error: string | null;
  /** What the delivery becomes, and when it is tried next (RETRYING). */
  status: WebhookDeliveryStatus;
  nextAttemptAt: Date | null;
  failingSince: Date | null;
}

/**
 * Logs a round's attempts and moves their deliveries on, in one statement however many there are
 * (so atomic without a transaction): also gives back `release`d deliveries (taken, not sent) and
 * marks the `healthy` subscriptions so (their latest attempt succeeded).
 */
export async function recordAttempts(
  db: Executor,
  outcomes: readonly AttemptOutcome[],
  more: { release?: readonly string[]; healthy?: readonly string[] } = {},
): Promise<void> {
  if (!outcomes.length) return;
  const values = sql.join(
    outcomes.map(
      (o) =>
        sql`(${uuidv7()}::uuid, ${o.deliveryId}::uuid, ${o.status}::text, ${o.at}::timestamptz,
          ${o.statusCode}::integer, ${o.latencyMs}::integer, ${o.excerpt}::text, ${o.error}::text,
          ${o.failingSince}::timestamptz, ${o.nextAttemptAt}::timestamptz)`,
    ),
  );
  await sql`
    with v(attempt_id, id, status, at, status_code, latency_ms, excerpt, error, failing_since, next_attempt_at)
      as (values ${values}),
    logged as (
      insert into webhook_delivery_attempts
        (id, delivery_id, attempted_at, status_code, latency_ms, excerpt, error)
      select attempt_id, id, at, status_code, latency_ms, excerpt, error from v
    ),
    released as (
      update webhook_deliveries set locked_until = null
      where id = any(${[...(more.release ?? [])]}::uuid[])
    ),
    healthy as (
      update webhook_subscriptions set failing_since = null
      where id = any(${[...(more.healthy ?? [])]}::uuid[]) and failing_since is not null
    )
    update webhook_deliveries d set
      status = v.status,
      attempts = d.attempts + 1,
      locked_until = null,
      last_attempt_at = v.at,
      last_status_code = v.status_code,
      last_latency_ms = v.latency_ms,
      last_excerpt = v.excerpt,
      last_error = v.error,
      failing_since = v.failing_since,
      next_attempt_at = coalesce(v.next_attempt_at, d.next_attempt_at),
      delivered_at = case when v.status = 'SUCCEEDED' then v.at else d.delivered_at end,
      updated_at = now()
    from v
    where d.id = v.id`.execute(db);
}

/** Puts deliveries back in the queue, due at `now` (a retry); answers those it moved. */
export async function requeue(
  db: Executor,
  where: { ids: readonly string[] } | { subscriptionId: string; status: WebhookDeliveryStatus },
  now: Date,
): Promise<WebhookDelivery[]> {
  let q = db
    .updateTable('webhook_deliveries as d')
    .set({
      status: 'PENDING',
      next_attempt_at: now,
      locked_until: null,
      failing_since: null,
      updated_at: sql`now()`,
    })
    .where('d.test', '=', false);
  q =
    'ids' in where
      ? q.where('d.id', 'in', where.ids.length ? where.ids : ['00000000-0000-0000-0000-000000000000'])
      : q.where('d.subscription_id', '=', where.subscriptionId).where('d.status', '=', where.status);
  const rows = await q.returning(COLUMNS.map((c) => c.slice(2) as 'id')).execute();
  return (rows as never[]).map(deliveryOf);
}

export async function findDelivery(db: Executor, id: string): Promise<WebhookDelivery | undefined> {
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .select(COLUMNS)
    .where('d.id', '=', id)
    .executeTakeFirst();
  return row ? deliveryOf(row) : undefined;
}

export async function deliveryPayload(db: Executor, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select('payload')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.payload;
}

function listQuery(db: Executor, subscriptionId: string, condition: RawBuilder<boolean> | null) {
  const q = db
    .selectFrom('webhook_deliveries as d')
    .select(COLUMNS)
    .where('d.subscription_id', '=', subscriptionId);
  return condition ? q.where(condition) : q;
}

export async function pageDeliveries(
  db: Executor,
  subscriptionId: string,
  condition: RawBuilder<boolean> | null,
  args: PageArgs,
): Promise<Page<WebhookDelivery>> {
  return mapPage(
    await sortedPage(listQuery(db, subscriptionId, condition), NEWEST, 'd.id', false, args),
    deliveryOf,
  );
}

export function countDeliveries(
  db: Executor,
  subscriptionId: string,
  condition: RawBuilder<boolean> | null,
): Promise<Count> {
  return cappedCount(db, listQuery(db, subscriptionId, condition));
}

/** Each subscription's newest delivery (the list's "last delivery"), one statement for a page. */
export async function lastDeliveries(
  db: Executor,
  subscriptionIds: readonly string[],
): Promise<Map<string, WebhookDelivery>> {
  if (!subscriptionIds.length) return new Map();
  const { rows } = await sql<Parameters<typeof deliveryOf>[0]>`
    select l.* from unnest(${[...subscriptionIds]}::uuid[]) as s(id)
    cross join lateral (
      select ${sql.join(COLUMNS.map((c) => sql.ref(c)))} from webhook_deliveries d
      where d.subscription_id = s.id order by d.created_at desc, d.id desc limit 1
    ) l`.execute(db);
  return new Map(rows.map((r) => [r.subscription_id, deliveryOf(r)]));
}

/**
 * Deliveries' attempts, newest first, at most `limit` each: one statement for a page of deliveries
 * (webhook_delivery_attempts_idx, delivery_id and attempted_at desc).
 */
export async function attemptsOfDeliveries(
  db: Executor,
  deliveryIds: readonly string[],
  limit: number,
): Promise<Map<string, WebhookDeliveryAttempt[]>> {
  const found = new Map<string, WebhookDeliveryAttempt[]>(deliveryIds.map((id) => [id, []]));
  if (!deliveryIds.length) return found;
  const { rows } = await sql<WebhookDeliveryAttemptRow>`
    select a.* from unnest(${[...deliveryIds]}::uuid[]) as k(id)
    cross join lateral (
      select a.id, a.delivery_id, a.attempted_at, a.status_code, a.latency_ms, a.excerpt, a.error
      from webhook_delivery_attempts a
      where a.delivery_id = k.id
      order by a.attempted_at desc, a.id desc
      limit ${limit}
    ) a`.execute(db);
  for (const r of rows) found.get(r.delivery_id)?.push(attemptOf(r));
  return found;
}

/** Retention (SPEC §10: 30 days): deletes older deliveries and their attempts; answers how many. */
export async function deleteDeliveriesBefore(db: Executor, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('created_at', '<', before)
    .where('status', 'not in', ['PENDING', 'RETRYING'])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
