import { sql, type Kysely } from 'kysely';

/**
 * Issue #26 §1.1, §3: a refund says who made it and how many units it really put back in stock, and
 * every stock movement an order makes keeps the order it belongs to.
 *
 * - `refunds.staff_name`: who made the refund (a person's name, or the API token's), also when no
 *   money moved (the name used to come only from the REFUND transaction). Filled from that
 *   transaction for the refunds made so far.
 * - `refund_lines.restocked_quantity`: the units of the line that went back to available stock
 *   through this refund (shipped units restocked, or units still reserved released), matching the
 *   refund's RESTOCKED/ORDER_RELEASED movements; `restock` is true exactly when it is above 0.
 *   Earlier rows claimed every unit of a restocked line.
 * - `inventory_movements.order_id`: the order behind an ORDER_COMMITTED, ORDER_RELEASED, FULFILLED
 *   or RESTOCKED movement, so the stock history links to it. Orders are never deleted while they
 *   have lines; `on delete set null` keeps the ledger if one ever is.
 */
const statements = [
  `alter table refunds add column staff_name text`,
  `update refunds r set staff_name = t.actor_name from order_transactions t where t.id = r.transaction_id`,
  `alter table refund_lines add column restocked_quantity integer not null default 0 check (restocked_quantity >= 0)`,
  `update refund_lines set restocked_quantity = quantity where restock`,
  `alter table refund_lines add constraint refund_lines_restocked_within check (restocked_quantity <= quantity)`,
  `alter table inventory_movements add column order_id uuid references orders (id) on delete set null`,
  `create index inventory_movements_order_idx on inventory_movements (order_id) where order_id is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
