import {
  CUSTOMER_NOTIFICATION_KINDS,
  DomainError,
  NOTIFICATION_TEMPLATE_KINDS,
  STAFF_NOTIFICATION_KINDS,
  type NotificationTemplateKind,
} from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import { SYSTEM_ACTOR, type Actor, type Viewer } from '../../actor.js';
import type { Config } from '../../config.js';
import { uuidv7 } from '../../lib/uuid.js';
import { afterCommit } from '../../lib/unit-of-work.js';
import { recordAudit } from '../audit/audit.service.js';
import type { MailQueue } from './mail-queue.js';
import type { EmailMessage } from './notifications.model.js';
import type { EmailMessageData } from './notifications.model.js';
import * as repo from './notifications.repository.js';
import { orderForMail } from './mail-context.repository.js';
import { storeSettings } from '../settings/settings.service.js';
import { DEFAULT_TEMPLATES } from './template-defaults.js';

/** Who queues a message: the acting person (or system), with the queue and the settings. */
export type Sender = Actor & {
  services: { mail: MailQueue; config: Pick<Config, 'publicUrl'> };
  origin?: string | null;
};

/** The outbox's kinds a person may read: order messages with ORDERS_READ, staff links with STAFF_MANAGE. */
export function readableKinds(viewer: Viewer): NotificationTemplateKind[] {
  return NOTIFICATION_TEMPLATE_KINDS.filter((k) =>
    STAFF_NOTIFICATION_KINDS.includes(k)
      ? viewer.permissions.has('STAFF_MANAGE')
      : viewer.permissions.has('ORDERS_READ'),
  );
}

export function mayRead(viewer: Viewer, message: EmailMessage): boolean {
  return readableKinds(viewer).includes(message.kind);
}

/**
 * A message's audit (and timeline) entries are the system's: the command's own event already names
 * who acted, its Undo still names that one event, and a person's (or token's) log lists what they did.
 */
const aside = (actor: Actor): Actor => ({ ...SYSTEM_ACTOR, requestId: actor.requestId });

async function queue(trx: Tx, sender: Sender, message: EmailMessage): Promise<void> {
  await sender.services.mail.enqueue(trx, message.id);
  afterCommit(trx, 'email-queue', () => sender.services.mail.wake());
}

/**
 * A customer message about an order (confirmation, shipping, cancellation, refund), queued in the
 * command's transaction; nothing when the order has no email. The order's timeline says so.
 */
export async function queueOrderEmail(
  trx: Tx,
  sender: Sender,
  input: {
    kind: NotificationTemplateKind;
    orderId: string;
    fulfillmentId?: string | null;
    refundId?: string | null;
    returnId?: string | null;
    /** ORDER_EDITED: the edit (one message each) and its changes in words. */
    editId?: string | null;
    editSummary?: readonly string[] | null;
  },
): Promise<EmailMessage | null> {
  if (!CUSTOMER_NOTIFICATION_KINDS.includes(input.kind))
    throw new Error(`${input.kind} is no customer message`);
  const order = await orderForMail(trx, input.orderId);
  const to = order?.email?.trim();
  if (!order || !to) return null;
  if (await repo.existingOrderMessage(trx, input.kind, order.id, input)) return null;
  const message = await repo.insertMessage(trx, {
    id: uuidv7(),
    kind: input.kind,
    to,
    orderId: order.id,
    staffId: null,
    customerId: order.customerId,
    data: {
      orderName: `${(await storeSettings(trx)).orderNumberPrefix}${order.number}`,
      fulfillmentId: input.fulfillmentId ?? null,
      refundId: input.refundId ?? null,
      ...(input.returnId ? { returnId: input.returnId } : {}),
      ...(input.editId ? { editId: input.editId, editSummary: [...(input.editSummary ?? [])] } : {}),
    },
    createdBy: sender.viewer?.staffId ?? null,
  });
  await recordAudit(trx, aside(sender), {
    action: 'order.email_queued',
    subjectType: 'Order',
    subjectId: order.id,
    changes: { email: { before: null, after: to }, template: { before: null, after: input.kind } },
  });
  await queue(trx, sender, message);
  return message;
}

/** The absolute link of an admin path: STOCKROOM_PUBLIC_URL, else the origin the request came to. */
export function absoluteLink(sender: Sender, path: string): string {
  const base = sender.services.config.publicUrl ?? sender.origin ?? 'http://localhost:4000';
  return `${base.replace(/\/+$/, '')}${path}`;
}

/** A staff member's invitation or reset link, by email (the API still answers the path too). */
export async function queueStaffEmail(
  trx: Tx,
  sender: Sender,
  input: {
    kind: NotificationTemplateKind;
    staffId: string;
    to: string;
    name: string | null;
    path: string;
    expiresAt: Date;
  },
): Promise<EmailMessage> {
  if (!STAFF_NOTIFICATION_KINDS.includes(input.kind)) throw new Error(`${input.kind} is no staff message`);
  const data: EmailMessageData = {
    link: absoluteLink(sender, input.path),
    staffName: input.name,
    expiresAt: input.expiresAt.toISOString(),
  };
  const message = await repo.insertMessage(trx, {
    id: uuidv7(),
    kind: input.kind,
    to: input.to,
    orderId: null,
    staffId: input.staffId,
    customerId: null,
    data,
    createdBy: sender.viewer?.staffId ?? null,
  });
  await recordAudit(trx, aside(sender), {
    action: 'staff.email_queued',
    subjectType: 'Staff',
    subjectId: input.staffId,
    changes: { email: { before: null, after: input.to }, template: { before: null, after: input.kind } },
  });
  await queue(trx, sender, message);
  return message;
}

/** emailMessageResend: a FAILED message tried again (the same rendered message), from its first try. */
export async function emailMessageResend(
  trx: Tx,
  sender: Sender & { viewer: Viewer },
  id: string,
): Promise<EmailMessage> {
  const message = await repo.lockMessage(trx, id);
  if (!message || !mayRead(sender.viewer, message))
    throw DomainError.one('INVALID', 'There is no email with this ID.', ['id']);
  if (message.status !== 'FAILED')
    throw DomainError.one(
      'INVALID_TRANSITION',
      message.status === 'NOT_SENT'
        ? 'This email was kept because no mail server is configured (SMTP_URL); it can’t be resent.'
        : message.status === 'SENT'
          ? 'This email was sent already.'
          : 'This email is still queued.',
      ['id'],
    );
  const after = await repo.setMessageStatus(trx, id, { status: 'QUEUED', error: null });
  await recordAudit(trx, sender, {
    action: 'email.resend',
    subjectType: 'EmailMessage',
    subjectId: id,
    changes: { status: { before: 'FAILED', after: 'QUEUED' } },
  });
  if (message.orderId)
    await recordAudit(trx, aside(sender), {
      action: 'order.email_queued',
      subjectType: 'Order',
      subjectId: message.orderId,
      changes: {
        email: { before: null, after: message.toAddress },
        template: { before: null, after: message.kind },
      },
    });
  await queue(trx, sender, after);
  return after;
}

export interface TemplateView {
  kind: NotificationTemplateKind;
  subject: string;
  body: string;
  isDefault: boolean;
  updatedAt: Date | null;
  version: number;
}

/** Every kind's template: the store's own, or the default. */
export async function templates(db: Executor): Promise<TemplateView[]> {
  const stored = new Map((await repo.storedTemplates(db)).map((t) => [t.kind, t]));
  return NOTIFICATION_TEMPLATE_KINDS.map((kind) => templateView(kind, stored.get(kind) ?? null));
}

export function templateView(
  kind: NotificationTemplateKind,
  stored: repo.StoredTemplateRow | null,
): TemplateView {
  return stored
    ? {
        kind,
        subject: stored.subject,
        body: stored.body,
        isDefault: false,
        updatedAt: stored.updatedAt,
        version: stored.version,
      }
    : { kind, ...DEFAULT_TEMPLATES[kind], isDefault: true, updatedAt: null, version: 0 };
}

export async function templateOf(db: Executor, kind: NotificationTemplateKind): Promise<TemplateView> {
  return templateView(kind, await repo.storedTemplate(db, kind));
}
