import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';

/**
 * Issue #32: tells the customer their order was edited (the ORDER_EDITED email, with the edit's
 * summary). The coordinator's version on main queues the email from its own template; until the
 * branches meet, orderEdit calls this one, which queues nothing.
 */
// The coordinator's version awaits the queue; this placeholder of its signature has nothing to await.
// eslint-disable-next-line @typescript-eslint/require-await
export async function queueOrderEditedEmail(
  trx: Tx,
  actor: Actor,
  input: { orderId: string; summary: string[] },
): Promise<void> {
  void trx;
  void actor;
  void input;
}
