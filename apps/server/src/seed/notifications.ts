import type { NotificationTemplateKind } from '@stockroom/domain';
import type { Config } from '../config.js';
import type { DB } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import { inTransaction } from '../lib/unit-of-work.js';
import { deliverEmail } from '../modules/notifications/mail-delivery.service.js';
import { queueOrderEmail } from '../modules/notifications/notifications.service.js';
import { seedStaffActor } from './seed-actor.js';

/**
 * A few emails in the demo store's outbox (issue #30): the latest orders' confirmations, shipping
 * emails and a refund's, queued and kept through the real commands as a store without SMTP_URL
 * keeps them (NOT_SENT, with their timeline entries). Skipped when the outbox has any.
 */
export async function seedEmailMessages(db: DB, config: Config, log: Logger): Promise<void> {
  if ((await db.selectFrom('email_messages').select('id').limit(1).execute()).length) return;
  const actor = await seedStaffActor(db, 'noah@northwind-outfitters.example');
  const ids: string[] = [];
  // The seed has no job engine: the messages are written at once below instead of queued.
  const sender = {
    ...actor,
    services: { mail: { enqueue: async () => {}, wake: () => {} }, config },
  };
  const queue = (
    kind: NotificationTemplateKind,
    orderId: string,
    about: { fulfillmentId?: string; refundId?: string } = {},
  ) =>
    inTransaction(db, async (trx) => {
      const message = await queueOrderEmail(trx, sender, { kind, orderId, ...about });
      if (message) ids.push(message.id);
    });
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'fulfillment_status', 'status'])
    .where('email', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(6)
    .execute();
  for (const o of orders) {
    await queue(o.status === 'CANCELLED' ? 'ORDER_CANCELLED' : 'ORDER_CONFIRMATION', o.id);
    const parcel = await db
      .selectFrom('fulfillments')
      .select('id')
      .where('order_id', '=', o.id)
      .limit(1)
      .executeTakeFirst();
    if (parcel) await queue('SHIPPING_CONFIRMATION', o.id, { fulfillmentId: parcel.id });
  }
  const refund = await db
    .selectFrom('refunds')
    .select(['id', 'order_id'])
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (refund) await queue('REFUND_ISSUED', refund.order_id, { refundId: refund.id });
  const delivery = {
    db,
    mail: { ...config.mail, smtpUrl: undefined },
    publicUrl: config.publicUrl,
    log,
    sender: () => Promise.resolve(null),
  };
  for (const id of ids) await deliverEmail(delivery, id, true);
  log.info({ emails: ids.length }, 'demo outbox seeded');
}
