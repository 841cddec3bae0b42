import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/**
 * Money records around the order's own transactions: the refund a cancel gives, and the customer's
 * lifetime figures a cancel takes back.
 */

export async function insertRefund(
  db: Executor,
  refund: {
    id: string;
    orderId: string;
    amount: number;
    reason: string | null;
    transactionId: string;
    staffId: string | null;
  },
): Promise<void> {
  await db
    .insertInto('refunds')
    .values({
      id: refund.id,
      order_id: refund.orderId,
      amount: refund.amount,
      reason: refund.reason,
      transaction_id: refund.transactionId,
      staff_id: refund.staffId,
    })
    .execute();
}

/**
 * A cancelled order no longer counts toward what the customer spent (SPEC: the count stays, it was
 * placed). Never below zero, in case figures were imported without their orders.
 */
export async function takeFromCustomerSpend(db: Executor, customerId: string, amount: number): Promise<void> {
  await db
    .updateTable('customers')
    .set({ total_spent: sql`greatest(0, total_spent - ${amount})` })
    .where('id', '=', customerId)
    .execute();
}
