import { sql, type RawBuilder } from 'kysely';
import type { EmailMessageStatus, NotificationTemplateKind } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import {
  cappedCount,
  mapPage,
  sortedPage,
  type Count,
  type Page,
  type PageArgs,
} from '../../lib/pagination.js';
import {
  emailMessageRow,
  templateRow,
  type EmailMessage,
  type StoredTemplate,
} from './notifications.model.js';

export type StoredTemplateRow = StoredTemplate;
import type { EmailMessageData } from './notifications.tables.js';

export async function storedTemplates(db: Executor): Promise<StoredTemplate[]> {
  const rows = await db.selectFrom('notification_templates').selectAll().limit(50).execute();
  return rows.map(templateRow.of);
}

export async function storedTemplate(
  db: Executor,
  kind: NotificationTemplateKind,
): Promise<StoredTemplate | null> {
  const row = await db
    .selectFrom('notification_templates')
    .selectAll()
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row ? templateRow.of(row) : null;
}

export async function lockTemplate(
  db: Executor,
  kind: NotificationTemplateKind,
): Promise<StoredTemplate | null> {
  const row = await db
    .selectFrom('notification_templates')
    .selectAll()
    .where('kind', '=', kind)
    .forUpdate()
    .executeTakeFirst();
  return row ? templateRow.of(row) : null;
}

export async function saveTemplate(
  db: Executor,
  t: { kind: NotificationTemplateKind; subject: string; body: string; updatedBy: string | null },
): Promise<StoredTemplate> {
  const row = await db
    .insertInto('notification_templates')
    .values({ kind: t.kind, subject: t.subject, body: t.body, updated_by: t.updatedBy })
    .onConflict((oc) =>
      oc.column('kind').doUpdateSet({
        subject: t.subject,
        body: t.body,
        updated_by: t.updatedBy,
        updated_at: sql`now()`,
        version: sql`notification_templates.version + 1`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return templateRow.of(row);
}

export async function deleteTemplate(db: Executor, kind: NotificationTemplateKind): Promise<void> {
  await db.deleteFrom('notification_templates').where('kind', '=', kind).execute();
}

export async function insertMessage(
  db: Executor,
  m: {
    id: string;
    kind: NotificationTemplateKind;
    to: string;
    orderId: string | null;
    staffId: string | null;
    customerId: string | null;
    data: EmailMessageData;
    createdBy: string | null;
  },
): Promise<EmailMessage> {
  const row = await db
    .insertInto('email_messages')
    .values({
      id: m.id,
      kind: m.kind,
      to_address: m.to,
      status: 'QUEUED',
      order_id: m.orderId,
      staff_id: m.staffId,
      customer_id: m.customerId,
      data: JSON.stringify(m.data),
      created_by: m.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return emailMessageRow.of(row);
}

/**
 * The message of this kind already queued about this order (and parcel or refund): a command
 * replayed by its idempotency key answers the first result and must not email twice.
 */
export async function existingOrderMessage(
  db: Executor,
  kind: NotificationTemplateKind,
  orderId: string,
  about: {
    fulfillmentId?: string | null;
    refundId?: string | null;
    returnId?: string | null;
    editId?: string | null;
  },
): Promise<boolean> {
  let q = db
    .selectFrom('email_messages')
    .select('id')
    .where('order_id', '=', orderId)
    .where('kind', '=', kind);
  if (about.fulfillmentId) q = q.where(sql<boolean>`data->>'fulfillmentId' = ${about.fulfillmentId}`);
  if (about.refundId) q = q.where(sql<boolean>`data->>'refundId' = ${about.refundId}`);
  if (about.returnId) q = q.where(sql<boolean>`data->>'returnId' = ${about.returnId}`);
  if (about.editId) q = q.where(sql<boolean>`data->>'editId' = ${about.editId}`);
  return Boolean(await q.limit(1).executeTakeFirst());
}

export async function messageById(db: Executor, id: string): Promise<EmailMessage | null> {
  const row = await db.selectFrom('email_messages').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? emailMessageRow.of(row) : null;
}

export async function lockMessage(db: Executor, id: string): Promise<EmailMessage | null> {
  const row = await db
    .selectFrom('email_messages')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? emailMessageRow.of(row) : null;
}

/** The rendered message, kept once: a retry sends exactly what the first try did. */
export async function storeRendered(
  db: Executor,
  id: string,
  r: { subject: string; html: string; text: string },
): Promise<void> {
  await db
    .updateTable('email_messages')
    .set({ subject: r.subject, html: r.html, text: r.text, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function setMessageStatus(
  db: Executor,
  id: string,
  change: { status: EmailMessageStatus; error?: string | null; tried?: boolean; sent?: boolean },
): Promise<EmailMessage> {
  const row = await db
    .updateTable('email_messages')
    .set({
      status: change.status,
      error: change.error ?? null,
      ...(change.tried ? { attempts: sql`attempts + 1` } : {}),
      ...(change.sent ? { sent_at: sql`now()` } : {}),
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return emailMessageRow.of(row);
}

const SORT = { expression: 'm.created_at', cast: 'timestamptz' as const, descending: true };

function listQuery(
  db: Executor,
  kinds: readonly NotificationTemplateKind[],
  condition: RawBuilder<boolean> | null,
) {
  let q = db
    .selectFrom('email_messages as m')
    .selectAll('m')
    .where('m.kind', 'in', kinds.length ? [...kinds] : ['__none__' as NotificationTemplateKind]);
  if (condition) q = q.where(condition);
  return q;
}

/** The outbox, newest first, of the kinds the reader may see, matching a search. */
export async function pageMessages(
  db: Executor,
  kinds: readonly NotificationTemplateKind[],
  condition: RawBuilder<boolean> | null,
  args: PageArgs,
): Promise<Page<EmailMessage>> {
  return mapPage(
    await sortedPage(listQuery(db, kinds, condition), SORT, 'm.id', false, args),
    emailMessageRow.of,
  );
}

export function countMessages(
  db: Executor,
  kinds: readonly NotificationTemplateKind[],
  condition: RawBuilder<boolean> | null,
): Promise<Count> {
  return cappedCount(db, listQuery(db, kinds, condition));
}

/** The order whose name is this ("#1001" or "1001" with the store's prefix), for `order:` searches. */
export async function orderIdsNamed(db: Executor, number: number): Promise<string[]> {
  const rows = await db.selectFrom('orders').select('id').where('number', '=', number).limit(5).execute();
  return rows.map((r) => r.id);
}
