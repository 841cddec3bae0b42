/// <reference types="pdfkit" />
import type { AddressJson } from '../../db/columns.js';

export type PaperSize = 'A4' | 'LETTER';
export type PackingSlipLayout = 'PAGE' | 'LABEL_4X6';

/** The document settings as the rest of the server sees them; the logo's bytes are read apart. */
export interface DocumentSettings {
  legalName: string | null;
  address: AddressJson | null;
  taxId: string | null;
  invoiceNumberFormat: string;
  creditNoteNumberFormat: string;
  paperSize: PaperSize;
  packingSlipLayout: PackingSlipLayout;
  hidePricesOnPackingSlips: boolean;
  footerNote: string | null;
  logoContentType: 'image/png' | 'image/jpeg' | null;
  updatedAt: Date;
  version: number;
}

export interface DocumentLogo {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
}

/** What a document route answers (app/http/documents.ts sends it): a PDF to draw, or a refusal. */
export type DocumentDownload =
  | {
      status: 200;
      filename: string;
      pdf: PDFKit.PDFDocument;
      /** Draws the pages and ends the document, once it is piped to the answer. */
      draw: () => Promise<void>;
    }
  | { status: 400 | 403 | 404 | 409 | 413; message: string };
