import { sql, type Kysely } from 'kysely';

/** Issue #34: tags added to or removed from more than 1,000 customers run as a BULK_EDIT_CUSTOMERS job. */
const statements = [
  `alter table jobs drop constraint jobs_kind_check`,
  `alter table jobs add constraint jobs_kind_check check (kind in ('EXPORT_AUDIT', 'BULK_EDIT',
    'BULK_EDIT_CUSTOMERS', 'EXPORT_PRODUCTS', 'EXPORT_INVENTORY', 'EXPORT_ORDERS', 'EXPORT_CUSTOMERS',
    'IMPORT_PRODUCTS', 'IMPORT_INVENTORY', 'IMPORT_CUSTOMERS'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
