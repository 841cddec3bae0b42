import { sql, type Kysely } from 'kysely';

/**
 * Issue #33, invoices and credit notes. Each kind numbers from its own gapless series per calendar
 * year of the store's time zone (document_series: one row per kind and year, locked while a
 * number is taken, so racing issues queue and a rolled-back issue gives its number back). An
 * invoice or credit note keeps a snapshot of everything it prints (seller, buyer, lines, taxes,
 * totals, paper size, the logo's hash): it is drawn from the snapshot alone, so a re-print is the
 * same document whatever changed since. Logos are kept once per content in document_logos.
 */
const statements = [
  `create table document_series (
     kind text not null check (kind in ('INVOICE', 'CREDIT_NOTE')),
     year integer not null check (year between 2000 and 9999),
     last_number integer not null default 0 check (last_number >= 0),
     primary key (kind, year)
   )`,
  `create table document_logos (
     sha256 text primary key,
     content_type text not null check (content_type in ('image/png', 'image/jpeg')),
     bytes bytea not null
   )`,
  `create table invoices (
     id uuid primary key,
     order_id uuid not null unique references orders (id),
     number text not null unique,
     year integer not null,
     sequence integer not null check (sequence > 0),
     issued_at timestamptz not null,
     staff_id uuid,
     staff_name text not null,
     currency_code text not null,
     total bigint not null,
     snapshot jsonb not null,
     unique (year, sequence)
   )`,
  `create table credit_notes (
     id uuid primary key,
     invoice_id uuid not null references invoices (id),
     refund_id uuid not null unique references refunds (id),
     number text not null unique,
     year integer not null,
     sequence integer not null check (sequence > 0),
     issued_at timestamptz not null,
     staff_id uuid,
     staff_name text not null,
     currency_code text not null,
     total bigint not null,
     snapshot jsonb not null,
     unique (year, sequence)
   )`,
  `create index credit_notes_invoice_idx on credit_notes (invoice_id, issued_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
