import { sql, type Kysely } from 'kysely';

/**
 * Issue #31, exchanges: a return may add new items to its order. The lines it added name it
 * (order_lines.return_id); the credit of returns applied to those items is kept on the order
 * (orders.exchange_credit: no money moved, the order's payable total is total − exchange_credit)
 * and on each return with the total of the items it added.
 */
const statements = [
  `alter table order_lines add column return_id uuid references returns (id)`,
  `create index order_lines_return on order_lines (return_id) where return_id is not null`,
  `alter table orders add column exchange_credit bigint not null default 0 check (exchange_credit >= 0)`,
  `alter table returns add column exchange_total bigint not null default 0 check (exchange_total >= 0)`,
  `alter table returns add column exchange_credit bigint not null default 0 check (exchange_credit >= 0)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
