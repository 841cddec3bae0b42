import { sql, type Kysely } from 'kysely';

/**
 * Issue #33, documents: what the store prints on its paper. One row (id 1), created here with the
 * defaults, so every reader finds it. The seller's legal name and address fall back to the store's
 * name and address when left empty; the logo is kept as its bytes (PNG or JPEG, at most 256 kB).
 */
const statements = [
  `create table document_settings (
     id integer primary key check (id = 1),
     legal_name text,
     address jsonb,
     tax_id text,
     invoice_number_format text not null default 'INV-{YYYY}-{NNNNNN}',
     credit_note_number_format text not null default 'CN-{YYYY}-{NNNNNN}',
     paper_size text not null default 'A4' check (paper_size in ('A4', 'LETTER')),
     packing_slip_layout text not null default 'PAGE' check (packing_slip_layout in ('PAGE', 'LABEL_4X6')),
     hide_prices_on_packing_slips boolean not null default false,
     footer_note text,
     logo bytea,
     logo_content_type text check (logo_content_type in ('image/png', 'image/jpeg')),
     updated_at timestamptz not null default now(),
     version integer not null default 1
   )`,
  `insert into document_settings (id) values (1)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
