import { sql } from 'kysely';
import type { Executor, Tx } from '../../db/database.js';
import type { CreditNote, DocumentKind, DocumentSnapshot, Invoice } from './invoice.model.js';

const COMMON = [
  'id',
  'number',
  'year',
  'sequence',
  'issued_at',
  'staff_id',
  'staff_name',
  'currency_code',
  'total',
  'snapshot',
] as const;

interface CommonRow {
  id: string;
  number: string;
  year: number;
  sequence: number;
  issued_at: Date;
  staff_id: string | null;
  staff_name: string;
  currency_code: string;
  total: number | string;
  snapshot: DocumentSnapshot | string;
}

function common(row: CommonRow) {
  return {
    id: row.id,
    number: row.number,
    year: Number(row.year),
    sequence: Number(row.sequence),
    issuedAt: new Date(row.issued_at),
    staffId: row.staff_id,
    staffName: row.staff_name,
    currencyCode: row.currency_code,
    total: Number(row.total),
    snapshot: (typeof row.snapshot === 'string'
      ? JSON.parse(row.snapshot)
      : row.snapshot) as DocumentSnapshot,
  };
}

const invoiceOf = (row: CommonRow & { order_id: string }): Invoice => ({
  ...common(row),
  orderId: row.order_id,
});
const creditNoteOf = (row: CommonRow & { invoice_id: string; refund_id: string }): CreditNote => ({
  ...common(row),
  invoiceId: row.invoice_id,
  refundId: row.refund_id,
});

/**
 * The next number of `kind` in `year`: the series row is created when the year has none, then
 * incremented by an UPDATE, which holds the row's lock until the transaction ends. Racing issues
 * queue on that lock and each reads the number the one before it committed; a transaction that
 * rolls back rolls its increment back too, so no number is ever skipped or used twice.
 */
export async function takeNextNumber(trx: Tx, kind: DocumentKind, year: number): Promise<number> {
  await trx
    .insertInto('document_series')
    .values({ kind, year, last_number: 0 })
    .onConflict((oc) => oc.columns(['kind', 'year']).doNothing())
    .execute();
  const row = await trx
    .updateTable('document_series')
    .set({ last_number: sql<number>`last_number + 1` })
    .where('kind', '=', kind)
    .where('year', '=', year)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** Keeps a logo once per content; documents name it by hash. */
export async function keepLogo(
  trx: Tx,
  logo: { sha256: string; contentType: 'image/png' | 'image/jpeg'; bytes: Buffer },
): Promise<void> {
  await trx
    .insertInto('document_logos')
    .values({ sha256: logo.sha256, content_type: logo.contentType, bytes: logo.bytes })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
}

export async function findLogo(
  db: Executor,
  sha256: string,
): Promise<{ bytes: Buffer; contentType: 'image/png' | 'image/jpeg' } | null> {
  const row = await db
    .selectFrom('document_logos')
    .select(['bytes', 'content_type'])
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return row ? { bytes: Buffer.from(row.bytes), contentType: row.content_type } : null;
}

export async function insertInvoice(trx: Tx, invoice: Invoice): Promise<Invoice> {
  const row = await trx
    .insertInto('invoices')
    .values({
      id: invoice.id,
      order_id: invoice.orderId,
      number: invoice.number,
      year: invoice.year,
      sequence: invoice.sequence,
      issued_at: invoice.issuedAt,
      staff_id: invoice.staffId,
      staff_name: invoice.staffName,
      currency_code: invoice.currencyCode,
      total: invoice.total,
      snapshot: JSON.stringify(invoice.snapshot),
    })
    .returning([...COMMON, 'order_id'])
    .executeTakeFirstOrThrow();
  return invoiceOf(row);
}

export async function insertCreditNote(trx: Tx, note: CreditNote): Promise<CreditNote> {
  const row = await trx
    .insertInto('credit_notes')
    .values({
      id: note.id,
      invoice_id: note.invoiceId,
      refund_id: note.refundId,
      number: note.number,
      year: note.year,
      sequence: note.sequence,
      issued_at: note.issuedAt,
      staff_id: note.staffId,
      staff_name: note.staffName,
      currency_code: note.currencyCode,
      total: note.total,
      snapshot: JSON.stringify(note.snapshot),
    })
    .returning([...COMMON, 'invoice_id', 'refund_id'])
    .executeTakeFirstOrThrow();
  return creditNoteOf(row);
}

export async function invoicesByIds(db: Executor, ids: readonly string[]): Promise<Invoice[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('invoices')
    .select([...COMMON, 'order_id'])
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(invoiceOf);
}

export async function invoicesOfOrders(db: Executor, orderIds: readonly string[]): Promise<Invoice[]> {
  if (!orderIds.length) return [];
  const rows = await db
    .selectFrom('invoices')
    .select([...COMMON, 'order_id'])
    .where('order_id', 'in', [...orderIds])
    .orderBy('issued_at')
    .execute();
  return rows.map(invoiceOf);
}

export async function creditNotesByIds(db: Executor, ids: readonly string[]): Promise<CreditNote[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('credit_notes')
    .select([...COMMON, 'invoice_id', 'refund_id'])
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(creditNoteOf);
}

export async function creditNotesOfInvoices(
  db: Executor,
  invoiceIds: readonly string[],
): Promise<CreditNote[]> {
  if (!invoiceIds.length) return [];
  const rows = await db
    .selectFrom('credit_notes')
    .select([...COMMON, 'invoice_id', 'refund_id'])
    .where('invoice_id', 'in', [...invoiceIds])
    .orderBy('issued_at')
    .orderBy('sequence')
    .execute();
  return rows.map(creditNoteOf);
}
