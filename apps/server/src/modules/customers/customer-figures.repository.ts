import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/**
 * A placed order counts toward its customer's figures (a figure, not an edit: no new version). The
 * statement, unsent: placing an order sends it with the stock write.
 */
export function customerFiguresUpdate(db: Executor, customerId: string, total: number) {
  return db
    .updateTable('customers')
    .set({
      orders_count: sql`orders_count + 1`,
      total_spent: sql`total_spent + ${total}`,
      last_order_at: sql`now()`,
    })
    .where('id', '=', customerId);
}

/**
 * Money that no longer counts toward what the customer spent: a refund, or a cancelled order's total
 * (the order count stays: it was placed). Never below zero, in case figures were imported without
 * their orders.
 */
export async function takeFromCustomerSpend(db: Executor, customerId: string, amount: number): Promise<void> {
  await db
    .updateTable('customers')
    .set({ total_spent: sql`greatest(0, total_spent - ${amount})` })
    .where('id', '=', customerId)
    .execute();
}

/**
 * A change of what the customer spent on an order already counted: exchange items added (+) or
 * taken off (−), or return credit applied to them (−). Never below zero.
 */
export async function changeCustomerSpend(db: Executor, customerId: string, amount: number): Promise<void> {
  await db
    .updateTable('customers')
    .set({ total_spent: sql`greatest(0, total_spent + ${amount})` })
    .where('id', '=', customerId)
    .execute();
}
