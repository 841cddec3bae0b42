import { sql, type Kysely } from 'kysely';

/**
 * Issue #32: "Notify customer" on an order edit sends an ORDER_EDITED email (what changed, the new
 * total, any balance due), from its own editable template.
 */
const KINDS = `('ORDER_CONFIRMATION', 'SHIPPING_CONFIRMATION', 'ORDER_CANCELLED', 'REFUND_ISSUED',
  'RETURN_CREATED', 'ORDER_EDITED', 'STAFF_INVITATION', 'STAFF_PASSWORD_RESET')`;
const statements = [
  `alter table notification_templates drop constraint notification_templates_kind_check`,
  `alter table notification_templates add constraint notification_templates_kind_check check (kind in ${KINDS})`,
  `alter table email_messages drop constraint email_messages_kind_check`,
  `alter table email_messages add constraint email_messages_kind_check check (kind in ${KINDS})`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
