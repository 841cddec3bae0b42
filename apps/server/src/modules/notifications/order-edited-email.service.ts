import type { Tx } from '../../db/database.js';
import { uuidv7 } from '../../lib/uuid.js';
import { queueOrderEmail, type Sender } from './notifications.service.js';

/**
 * Issue #32: "Notify customer" on an order edit — an ORDER_EDITED message (its own editable
 * template) telling the customer what changed, in the words staff saw, with the order as it now is
 * and any balance due. One message per edit: a repeated idempotency key answers the first edit
 * without calling this again. Nothing when the order has no email.
 */
export async function queueOrderEditedEmail(
  trx: Tx,
  sender: Sender,
  input: { orderId: string; summary: readonly string[] },
): Promise<void> {
  await queueOrderEmail(trx, sender, {
    kind: 'ORDER_EDITED',
    orderId: input.orderId,
    editId: uuidv7(),
    editSummary: input.summary,
  });
}
