import type { Generated } from 'kysely';
import type { Json, Timestamp, AddressJson } from '../../db/columns.js';
import type { PackingSlipLayout, PaperSize } from './documents.model.js';

/** What the store prints on its paper: one row, id 1 (migration 340). */
export interface DocumentSettingsTable {
  id: number;
  legal_name: string | null;
  address: Json<AddressJson | null>;
  tax_id: string | null;
  invoice_number_format: Generated<string>;
  credit_note_number_format: Generated<string>;
  paper_size: Generated<PaperSize>;
  packing_slip_layout: Generated<PackingSlipLayout>;
  hide_prices_on_packing_slips: Generated<boolean>;
  footer_note: string | null;
  logo: Buffer | null;
  logo_content_type: 'image/png' | 'image/jpeg' | null;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** This module's tables, as Kysely sees them. */
export interface DocumentTables {
  document_settings: DocumentSettingsTable;
}
