import type { DB } from '../../db/database.js';
import type { MailSettings } from '../../config.js';
import type { Logger } from '../../lib/logger.js';
import { SYSTEM_ACTOR } from '../../actor.js';
import { inTransaction } from '../../lib/unit-of-work.js';
import { recordAudit } from '../audit/audit.service.js';
import { storeSettings } from '../settings/settings.service.js';
import * as repo from './notifications.repository.js';
import type { EmailMessage } from './notifications.model.js';
import { templateOf } from './notifications.service.js';
import { factsOf } from './mail-facts.service.js';
import { mailView } from './mail-view.js';
import { renderMail, type RenderedMail } from './template-render.js';

/** One SMTP send: throws when the server did not take the message. */
export type SendMail = (
  mail: { from: string | { name: string; address: string }; to: string } & RenderedMail & {
      messageId: string;
    },
) => Promise<void>;

export interface MailDeliveryDeps {
  db: DB;
  mail: MailSettings;
  /** Where staff reach the admin: the host of the default From address. */
  publicUrl: string | undefined;
  log: Logger;
  /** The SMTP sender of SMTP_URL; null when none is configured (messages are kept, NOT_SENT). */
  sender: () => Promise<SendMail | null>;
}

/** The SMTP sender of SMTP_URL (nodemailer, loaded on the first email), or null without one. */
export function smtpSender(mail: MailSettings): () => Promise<SendMail | null> {
  let made: Promise<SendMail> | undefined;
  return () => {
    if (!mail.smtpUrl) return Promise.resolve(null);
    const url = mail.smtpUrl;
    made ??= import('nodemailer').then(({ createTransport }) => {
      const transport = createTransport({
        url,
        connectionTimeout: mail.timeoutMs,
        greetingTimeout: mail.timeoutMs,
        socketTimeout: mail.timeoutMs,
      });
      return async (m) => {
        await transport.sendMail({
          from: m.from,
          to: m.to,
          subject: m.subject,
          html: m.html,
          text: m.text,
          messageId: m.messageId,
          headers: { 'X-Stockroom-Message': m.messageId },
        });
      };
    });
    return made;
  };
}

/** What went wrong, in words, without credentials (the SMTP URL never appears in an error). */
function describe(error: unknown): string {
  const e = error as { code?: string; responseCode?: number; message?: string };
  const words = e.message ?? String(error);
  return `${e.code ? `${e.code}: ` : ''}${words}`
    .replace(/\/\/([^:@/]+):([^@/]+)@/g, '//$1:***@')
    .slice(0, 500);
}

const TIMELINE_ACTION = { SENT: 'sent', FAILED: 'failed', NOT_SENT: 'not_sent' } as const;

async function finish(
  deps: MailDeliveryDeps,
  message: EmailMessage,
  status: 'SENT' | 'FAILED' | 'NOT_SENT',
  error: string | null,
): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    await repo.setMessageStatus(trx, message.id, {
      status,
      error,
      tried: status !== 'NOT_SENT',
      sent: status === 'SENT',
    });
    const subject = message.orderId
      ? { subjectType: 'Order', subjectId: message.orderId, prefix: 'order' }
      : message.staffId
        ? { subjectType: 'Staff', subjectId: message.staffId, prefix: 'staff' }
        : null;
    if (subject)
      await recordAudit(trx, SYSTEM_ACTOR, {
        action: `${subject.prefix}.email_${TIMELINE_ACTION[status]}`,
        subjectType: subject.subjectType,
        subjectId: subject.subjectId,
        changes: {
          email: { before: null, after: message.toAddress },
          template: { before: null, after: message.kind },
          ...(error ? { error: { before: null, after: error } } : {}),
        },
      });
  });
}

/**
 * The email job: renders the message once (kept, so a retry sends the same), then sends it over
 * SMTP — or, without SMTP_URL, keeps it as NOT_SENT. A failed try is retried by the queue; the
 * last one marks the message FAILED (Resend offered). A message no longer QUEUED is left alone,
 * so a step that runs twice sends once (unless the first died mid-send: at least once).
 */
export async function deliverEmail(
  deps: MailDeliveryDeps,
  messageId: string,
  lastTry: boolean,
): Promise<void> {
  const message = await repo.messageById(deps.db, messageId);
  if (!message || message.status !== 'QUEUED') return;
  let rendered: RenderedMail;
  const shop = await storeSettings(deps.db);
  try {
    if (message.html) rendered = { subject: message.subject, html: message.html, text: message.text };
    else {
      const template = await templateOf(deps.db, message.kind);
      rendered = await renderMail(template, mailView(message.kind, await factsOf(deps.db, shop, message)));
      await repo.storeRendered(deps.db, message.id, rendered);
    }
  } catch (error) {
    deps.log.warn({ err: error, emailMessageId: message.id }, 'an email could not be rendered');
    if (lastTry) return finish(deps, message, 'FAILED', `It could not be written: ${describe(error)}`);
    throw error;
  }
  const send = await deps.sender();
  if (!send) return finish(deps, message, 'NOT_SENT', null);
  const host = deps.publicUrl ? new URL(deps.publicUrl).hostname : 'localhost';
  const from = deps.mail.from ?? { name: shop.name, address: `no-reply@${host}` };
  try {
    await send({ from, to: message.toAddress, messageId: `<${message.id}@stockroom>`, ...rendered });
  } catch (error) {
    const words = describe(error);
    deps.log.warn({ emailMessageId: message.id, error: words, lastTry }, 'an email could not be sent');
    if (lastTry) return finish(deps, message, 'FAILED', words);
    await repo.setMessageStatus(deps.db, message.id, { status: 'QUEUED', error: words, tried: true });
    throw new Error(`The mail server did not take email ${message.id}: ${words}`, { cause: error });
  }
  await finish(deps, message, 'SENT', null);
}
