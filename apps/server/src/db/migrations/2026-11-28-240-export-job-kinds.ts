import { sql, type Kysely } from 'kysely';

/** Issue #29: the lists' exports are jobs too (products, inventory, orders, customers). */
const statements = [
  `alter table jobs drop constraint jobs_kind_check`,
  `alter table jobs add constraint jobs_kind_check check (kind in ('EXPORT_AUDIT', 'BULK_EDIT',
    'EXPORT_PRODUCTS', 'EXPORT_INVENTORY', 'EXPORT_ORDERS', 'EXPORT_CUSTOMERS'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
