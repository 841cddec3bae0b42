import { sql, type Kysely } from 'kysely';

/**
 * Issue #26 §1.3: Home's figures follow the definitions merchants know (SPEC §10). A sale counts on
 * the day its order was placed, a return on the day it was refunded and a cancellation on the day
 * it was cancelled, so the figures read orders by created_at (orders_created_idx), refunds by
 * created_at, cancelled orders by cancelled_at, and each refund line's earlier refunds of the same
 * order line. The old index of order totals (012) no longer serves any statement.
 */
const statements = [
  `drop index if exists orders_sales_idx`,
  `create index refunds_created_idx on refunds (created_at)`,
  `create index refund_lines_line_idx on refund_lines (order_line_id)`,
  `create index orders_cancelled_idx on orders (cancelled_at) where status = 'CANCELLED'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
