import { sql, type Kysely } from 'kysely';

/**
 * Home figures (SPEC §2 "/"): sales per period and per day are sums over a range of created_at that
 * leave cancelled orders out. This index holds exactly those orders with the two amounts summed,
 * so a period's figures are an index-only range scan, never a visit of each order's row.
 */
const statements = [
  `create index orders_sales_idx on orders (created_at) include (total, total_refunded)
    where status <> 'CANCELLED'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
