import { sql, type Kysely } from 'kysely';

/**
 * Issue #30, email: the templates the store changed (a kind without a row uses its default), and
 * every message sent, failed or kept (no SMTP_URL), with the indexes of the outbox list (newest
 * first, by status, by recipient) and of an order's messages.
 */
const statements = [
  `create table notification_templates (
    kind text primary key check (kind in ('ORDER_CONFIRMATION', 'SHIPPING_CONFIRMATION', 'ORDER_CANCELLED',
      'REFUND_ISSUED', 'STAFF_INVITATION', 'STAFF_PASSWORD_RESET')),
    subject text not null,
    body text not null,
    updated_by uuid references staff (id) on delete set null,
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create table email_messages (
    id uuid primary key,
    kind text not null check (kind in ('ORDER_CONFIRMATION', 'SHIPPING_CONFIRMATION', 'ORDER_CANCELLED',
      'REFUND_ISSUED', 'STAFF_INVITATION', 'STAFF_PASSWORD_RESET')),
    to_address text not null,
    subject text not null default '',
    html text not null default '',
    text text not null default '',
    status text not null check (status in ('QUEUED', 'SENT', 'FAILED', 'NOT_SENT')),
    error text,
    attempts integer not null default 0,
    order_id uuid references orders (id) on delete set null,
    staff_id uuid references staff (id) on delete set null,
    customer_id uuid references customers (id) on delete set null,
    data jsonb not null default '{}',
    created_by uuid references staff (id) on delete set null,
    created_at timestamptz not null default now(),
    sent_at timestamptz,
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create index email_messages_newest on email_messages (created_at desc, id desc)`,
  `create index email_messages_status on email_messages (status, created_at desc, id desc)`,
  `create index email_messages_to on email_messages (lower(to_address), created_at desc, id desc)`,
  `create index email_messages_order on email_messages (order_id, created_at desc, id desc) where order_id is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
