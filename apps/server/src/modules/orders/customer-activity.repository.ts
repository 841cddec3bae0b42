import type { CustomerActivityKind } from '@stockroom/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/** One thing a customer's orders did: an order placed or a refund given, with its amount in minor units. */
export interface CustomerOrderActivity {
  kind: CustomerActivityKind;
  /** The order's id, or the refund's. */
  id: string;
  orderId: string;
  orderNumber: number;
  amount: number;
  createdAt: Date;
}

/**
 * The customer's orders and the refunds on them, newest first (at most `limit`), in one statement:
 * the customer page's timeline shows them beside what the audit log says about the customer.
 */
export async function customerOrderActivity(
  db: Executor,
  customerId: string,
  limit: number,
): Promise<CustomerOrderActivity[]> {
  const { rows } = await sql<{
    kind: CustomerActivityKind;
    id: string;
    order_id: string;
    number: number;
    amount: number | string;
    created_at: Date | string;
  }>`
    (select 'ORDER_PLACED' as kind, o.id, o.id as order_id, o.number, o.total as amount, o.created_at
       from orders o where o.customer_id = ${customerId}
       order by o.created_at desc, o.id desc limit ${limit})
    union all
    (select 'REFUND' as kind, r.id, o.id as order_id, o.number, r.amount, r.created_at
       from refunds r join orders o on o.id = r.order_id where o.customer_id = ${customerId}
       order by r.created_at desc, r.id desc limit ${limit})
    order by created_at desc, id desc
    limit ${limit}
  `.execute(db);
  return rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    orderId: r.order_id,
    orderNumber: Number(r.number),
    amount: Number(r.amount),
    createdAt: new Date(r.created_at),
  }));
}
