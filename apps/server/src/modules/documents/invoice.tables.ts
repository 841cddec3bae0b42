import type { Json, Timestamp } from '../../db/columns.js';
import type { DocumentKind, DocumentSnapshot } from './invoice.model.js';

/** The last number taken of one kind in one calendar year (store time zone); locked while taken. */
export interface DocumentSeriesTable {
  kind: DocumentKind;
  year: number;
  last_number: number;
}

/** A logo as it was when a document was issued, kept once per content (sha256 of the bytes). */
export interface DocumentLogoTable {
  sha256: string;
  content_type: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

/** What an invoice and a credit note both hold. */
interface IssuedDocumentColumns {
  id: string;
  number: string;
  year: number;
  sequence: number;
  issued_at: Timestamp;
  staff_id: string | null;
  staff_name: string;
  currency_code: string;
  total: number;
  snapshot: Json<DocumentSnapshot>;
}

export interface InvoiceTable extends IssuedDocumentColumns {
  order_id: string;
}

export interface CreditNoteTable extends IssuedDocumentColumns {
  invoice_id: string;
  refund_id: string;
}

/** The invoices' tables (migration 350), as Kysely sees them. */
export interface InvoiceTables {
  document_series: DocumentSeriesTable;
  document_logos: DocumentLogoTable;
  invoices: InvoiceTable;
  credit_notes: CreditNoteTable;
}
