import type { NotificationTemplateKind } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import type { Shop } from '../settings/settings.model.js';
import {
  fulfillmentForMail,
  latestForMail,
  linesForMail,
  orderForMail,
  refundForMail,
  returnForMail,
} from './mail-context.repository.js';
import type { EmailMessageData } from './notifications.model.js';
import type { MailFacts } from './mail-view.js';

/** What a message is rendered from, read now: its order, lines, parcel or refund, or its staff link. */
export async function factsOf(
  db: Executor,
  shop: Shop,
  message: {
    kind: NotificationTemplateKind;
    orderId: string | null;
    toAddress?: string;
    data: EmailMessageData;
  },
): Promise<MailFacts> {
  const facts: MailFacts = {
    shop,
    order: null,
    lines: [],
    fulfillment: null,
    refund: null,
    return: null,
    edit: null,
    staff: null,
  };
  if (message.orderId) {
    const [order, lines] = await Promise.all([
      orderForMail(db, message.orderId),
      linesForMail(db, message.orderId),
    ]);
    facts.order = order;
    facts.lines = lines;
    const { fulfillmentId, refundId } = message.data;
    if (message.kind === 'SHIPPING_CONFIRMATION') {
      const id = fulfillmentId ?? (await latestForMail(db, 'fulfillments', message.orderId));
      facts.fulfillment = id ? await fulfillmentForMail(db, id) : null;
    }
    if (message.kind === 'REFUND_ISSUED') {
      const id = refundId ?? (await latestForMail(db, 'refunds', message.orderId));
      facts.refund = id ? await refundForMail(db, id) : null;
    }
    if (message.kind === 'RETURN_CREATED') {
      const id = message.data.returnId ?? (await latestForMail(db, 'returns', message.orderId));
      facts.return = id ? await returnForMail(db, id) : null;
    }
    if (message.kind === 'ORDER_EDITED') facts.edit = { changes: message.data.editSummary ?? [] };
  }
  if (message.data.link)
    facts.staff = {
      name: message.data.staffName ?? null,
      email: message.toAddress ?? '',
      link: message.data.link,
      expiresAt: message.data.expiresAt ? new Date(message.data.expiresAt) : new Date(),
    };
  return facts;
}
