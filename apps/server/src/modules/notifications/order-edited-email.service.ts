import type { Tx } from '../../db/database.js';
import { queueOrderEmail, type Sender } from './notifications.service.js';

/**
 * Issue #32: "Notify customer" on an order edit — an ORDER_EDITED message (its own editable
 * template) telling the customer what changed, in the words staff saw, with the order as it now is
 * and any balance due. One message per edit: a repeated idempotency key answers the first edit,
 * whose id finds its message already queued. Nothing when the order has no email.
 */
export async function queueOrderEditedEmail(
  trx: Tx,
  sender: Sender,
  input: { orderId: string; editId: string; summary: readonly string[] },
): Promise<void> {
  await queueOrderEmail(trx, sender, {
    kind: 'ORDER_EDITED',
    orderId: input.orderId,
    editId: input.editId,
    editSummary: input.summary,
  });
}
