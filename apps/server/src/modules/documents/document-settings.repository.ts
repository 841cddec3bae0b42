import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { AddressJson } from '../../db/columns.js';
import type { DocumentLogo, DocumentSettings, PackingSlipLayout, PaperSize } from './documents.model.js';

export type { DocumentLogo, DocumentSettings };

const COLUMNS = [
  'legal_name',
  'address',
  'tax_id',
  'invoice_number_format',
  'credit_note_number_format',
  'paper_size',
  'packing_slip_layout',
  'hide_prices_on_packing_slips',
  'footer_note',
  'logo_content_type',
  'updated_at',
  'version',
] as const;

function of(row: {
  legal_name: string | null;
  address: AddressJson | null;
  tax_id: string | null;
  invoice_number_format: string;
  credit_note_number_format: string;
  paper_size: PaperSize;
  packing_slip_layout: PackingSlipLayout;
  hide_prices_on_packing_slips: boolean;
  footer_note: string | null;
  logo_content_type: 'image/png' | 'image/jpeg' | null;
  updated_at: Date;
  version: number;
}): DocumentSettings {
  return {
    legalName: row.legal_name,
    address: row.address,
    taxId: row.tax_id,
    invoiceNumberFormat: row.invoice_number_format,
    creditNoteNumberFormat: row.credit_note_number_format,
    paperSize: row.paper_size,
    packingSlipLayout: row.packing_slip_layout,
    hidePricesOnPackingSlips: row.hide_prices_on_packing_slips,
    footerNote: row.footer_note,
    logoContentType: row.logo_content_type,
    updatedAt: row.updated_at,
    version: row.version,
  };
}
export async function getDocumentSettings(db: Executor): Promise<DocumentSettings> {
  return of(
    await db.selectFrom('document_settings').select(COLUMNS).where('id', '=', 1).executeTakeFirstOrThrow(),
  );
}

/** The settings row, locked for the rest of the transaction (updates; number series read formats under it). */
export async function lockDocumentSettings(db: Executor): Promise<DocumentSettings> {
  return of(
    await db
      .selectFrom('document_settings')
      .select(COLUMNS)
      .where('id', '=', 1)
      .forUpdate()
      .executeTakeFirstOrThrow(),
  );
}

export async function getDocumentLogo(db: Executor): Promise<DocumentLogo | null> {
  const row = await db
    .selectFrom('document_settings')
    .select(['logo', 'logo_content_type'])
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!row?.logo || !row.logo_content_type) return null;
  return { bytes: Buffer.from(row.logo), contentType: row.logo_content_type };
}

export interface DocumentSettingsChange {
  legalName: string | null;
  address: AddressJson | null;
  taxId: string | null;
  invoiceNumberFormat: string;
  creditNoteNumberFormat: string;
  paperSize: PaperSize;
  packingSlipLayout: PackingSlipLayout;
  hidePricesOnPackingSlips: boolean;
  footerNote: string | null;
  /** undefined: keep the logo; null: remove it. */
  logo?: DocumentLogo | null;
}

export async function updateDocumentSettings(
  db: Executor,
  change: DocumentSettingsChange,
): Promise<DocumentSettings> {
  const logo =
    change.logo === undefined
      ? {}
      : { logo: change.logo?.bytes ?? null, logo_content_type: change.logo?.contentType ?? null };
  return of(
    await db
      .updateTable('document_settings')
      .set({
        legal_name: change.legalName,
        address: change.address === null ? null : JSON.stringify(change.address),
        tax_id: change.taxId,
        invoice_number_format: change.invoiceNumberFormat,
        credit_note_number_format: change.creditNoteNumberFormat,
        paper_size: change.paperSize,
        packing_slip_layout: change.packingSlipLayout,
        hide_prices_on_packing_slips: change.hidePricesOnPackingSlips,
        footer_note: change.footerNote,
        ...logo,
        updated_at: sql`now()`,
        version: sql`version + 1`,
      })
      .where('id', '=', 1)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow(),
  );
}
