import { DomainError, STAFF_NOTIFICATION_KINDS, type NotificationTemplateKind } from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { Actor, Viewer } from '../../actor.js';
import { recordAudit } from '../audit/audit.service.js';
import { storeSettings } from '../settings/settings.service.js';
import * as repo from './notifications.repository.js';
import { templateView, type TemplateView } from './notifications.service.js';
import { factsOf } from './mail-facts.service.js';
import { mailView, sampleFacts } from './mail-view.js';
import { renderMail, templateProblems, type RenderedMail } from './template-render.js';

/**
 * notificationTemplateUpdate: the store's own subject and body for a kind, if they read as Liquid and
 * use only the kind's variables (every problem at once, in words; nothing changes then).
 */
export async function templateUpdate(
  trx: Tx,
  actor: Actor & { viewer: Viewer },
  input: { kind: NotificationTemplateKind; subject: string; body: string; version?: number | null },
): Promise<TemplateView> {
  const shop = await storeSettings(trx);
  const problems = await templateProblems(
    input.kind,
    input,
    mailView(input.kind, sampleFacts(shop, input.kind)),
  );
  if (problems.length) throw new DomainError(problems);
  const before = await repo.lockTemplate(trx, input.kind);
  if (input.version != null && input.version !== (before?.version ?? 0))
    throw DomainError.one(
      'STALE_VERSION',
      'Someone changed this template since you opened it; reload to see their version.',
      ['version'],
    );
  const current = templateView(input.kind, before);
  const saved = await repo.saveTemplate(trx, {
    kind: input.kind,
    subject: input.subject,
    body: input.body,
    updatedBy: actor.viewer.staffId,
  });
  await recordAudit(trx, actor, {
    action: 'notification_template.update',
    subjectType: 'NotificationTemplate',
    subjectId: null,
    changes: {
      kind: { before: input.kind, after: input.kind },
      subject: { before: current.subject, after: saved.subject },
      body: { before: current.body, after: saved.body },
    },
  });
  return templateView(input.kind, saved);
}

/** notificationTemplateReset: back to the default (the store's own row goes); a default stays as it is. */
export async function templateReset(
  trx: Tx,
  actor: Actor & { viewer: Viewer },
  kind: NotificationTemplateKind,
): Promise<TemplateView> {
  const before = await repo.lockTemplate(trx, kind);
  if (before) {
    await repo.deleteTemplate(trx, kind);
    const fresh = templateView(kind, null);
    await recordAudit(trx, actor, {
      action: 'notification_template.reset',
      subjectType: 'NotificationTemplate',
      subjectId: null,
      changes: {
        kind: { before: kind, after: kind },
        subject: { before: before.subject, after: fresh.subject },
        body: { before: before.body, after: fresh.body },
      },
    });
  }
  return templateView(kind, null);
}

/**
 * notificationTemplatePreview: a template (as edited, not yet saved) rendered on a real order, or on
 * made-up facts for staff messages and a store without orders. Invalid templates answer userErrors.
 */
export async function templatePreview(
  db: Executor,
  input: { kind: NotificationTemplateKind; subject: string; body: string; orderId: string | null },
): Promise<RenderedMail> {
  const shop = await storeSettings(db);
  const sample = mailView(input.kind, sampleFacts(shop, input.kind));
  const problems = await templateProblems(input.kind, input, sample);
  if (problems.length) throw new DomainError(problems);
  let view = sample;
  if (input.orderId && !STAFF_NOTIFICATION_KINDS.includes(input.kind)) {
    const facts = await factsOf(db, shop, { kind: input.kind, orderId: input.orderId, data: {} });
    if (!facts.order) throw DomainError.one('INVALID', 'There is no order with this ID.', ['orderId']);
    // A preview of a parcel or refund on an order without one shows the sample's.
    const sampleFacts_ = sampleFacts(shop, input.kind);
    view = mailView(input.kind, {
      ...facts,
      fulfillment: facts.fulfillment ?? sampleFacts_.fulfillment,
      refund: facts.refund ?? sampleFacts_.refund,
    });
  }
  return renderMail(input, view);
}
