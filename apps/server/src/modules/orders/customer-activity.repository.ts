import type { CustomerActivityKind } from '@stockroom/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/**
 * One thing a customer's orders did: an order placed, a refund given, or a step of a return, with
 * its amount in minor units (a settled return's: the money refunded; other return steps: 0).
 */
export interface CustomerOrderActivity {
  kind: CustomerActivityKind;
  /** The order's id, the refund's or the return's. */
  id: string;
  orderId: string;
  orderNumber: number;
  amount: number;
  createdAt: Date;
  /** A return's number within its order (#1021-R2), and its units (asked back, or received). */
  returnNumber: number | null;
  units: number | null;
}

/**
 * The customer's orders, the refunds on them and their returns' steps, newest first (at most
 * `limit`), in one statement: the customer page's timeline shows them beside what the audit log
 * says about the customer. A refund that paid a return's settlement is told by the settlement
 * ("Return #1021-R1 settled: $12.00 refunded"), not again as a refund. Reads the returns' tables
 * (issue #31) without writing them.
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
    return_number: number | null;
    units: number | null;
  }>`
    (select 'ORDER_PLACED' as kind, o.id, o.id as order_id, o.number, o.total as amount, o.created_at,
         null::int as return_number, null::int as units
       from orders o where o.customer_id = ${customerId}
       order by o.created_at desc, o.id desc limit ${limit})
    union all
    (select 'REFUND' as kind, r.id, o.id as order_id, o.number, r.amount, r.created_at,
         null::int as return_number, null::int as units
       from refunds r join orders o on o.id = r.order_id where o.customer_id = ${customerId}
         and not exists (select 1 from returns ret where ret.refund_id = r.id)
       order by r.created_at desc, r.id desc limit ${limit})
    union all
    (select s.kind, ret.id, o.id as order_id, o.number, s.amount, s.at as created_at,
         ret.number as return_number, s.units
       from returns ret join orders o on o.id = ret.order_id
       cross join lateral (values
         ('RETURN_REQUESTED', ret.created_at, 0::bigint, ret.quantity),
         ('RETURN_RECEIVED', (select max(rr.created_at) from return_receipts rr where rr.return_id = ret.id),
           0::bigint, ret.received_quantity),
         ('RETURN_SETTLED', ret.settled_at,
           coalesce((select f.amount from refunds f where f.id = ret.refund_id), 0)::bigint, null::int),
         ('RETURN_CANCELLED', ret.cancelled_at, 0::bigint, null::int)
       ) as s(kind, at, amount, units)
       where o.customer_id = ${customerId} and s.at is not null
       order by s.at desc, ret.id desc limit ${limit})
    order by created_at desc, id desc, kind
    limit ${limit}
  `.execute(db);
  return rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    orderId: r.order_id,
    orderNumber: Number(r.number),
    amount: Number(r.amount),
    createdAt: new Date(r.created_at),
    returnNumber: r.return_number === null ? null : Number(r.return_number),
    units: r.units === null ? null : Number(r.units),
  }));
}
