import type { PaperSize } from './documents.model.js';

export type DocumentKind = 'INVOICE' | 'CREDIT_NOTE';

/** One line as printed: money in minor units of the document's currency. */
export interface SnapshotLine {
  title: string;
  variant: string | null;
  sku: string | null;
  quantity: number;
  unitPrice: number;
  discount: number;
  /** Percent as text ("8.875"), null when the line carries no tax. */
  taxRate: string | null;
  tax: number;
  /** What the buyer pays for the line: quantity × unit price − discount (+ tax when prices exclude it). */
  total: number;
}

/** Tax at one rate: the amount it was charged on and the tax itself. */
export interface SnapshotTax {
  rate: string | null;
  base: number;
  amount: number;
}

/**
 * Everything an invoice or credit note prints, fixed when it is issued (issue #33: "amounts come
 * from the order as placed … never recomputed: a re-print is identical"). Dates are kept as the
 * words printed (store time zone at issue), the paper size and logo (by hash) as they were.
 */
export interface DocumentSnapshot {
  kind: DocumentKind;
  /** Null on a preview. */
  number: string | null;
  issuedDate: string;
  paperSize: PaperSize;
  logoSha256: string | null;
  seller: { name: string; address: string[]; taxId: string | null; email: string | null };
  buyer: { name: string | null; email: string | null; address: string[] };
  order: { name: string; date: string };
  currency: string;
  pricesIncludeTax: boolean;
  lines: SnapshotLine[];
  subtotal: number;
  discount: number;
  discountCode: string | null;
  shipping: { name: string | null; amount: number; tax: number } | null;
  taxes: SnapshotTax[];
  total: number;
  /** Invoices: paid so far and still due when issued. */
  paid: number | null;
  due: number | null;
  /** Credit notes: the invoice credited, the refund's reason, and any part of the refund not tied to lines or shipping. */
  credits: { invoiceNumber: string; invoiceDate: string } | null;
  reason: string | null;
  adjustment: number;
  note: string | null;
  footerNote: string | null;
}

export interface Invoice {
  id: string;
  orderId: string;
  number: string;
  year: number;
  sequence: number;
  issuedAt: Date;
  staffId: string | null;
  staffName: string;
  currencyCode: string;
  total: number;
  snapshot: DocumentSnapshot;
}

export interface CreditNote extends Omit<Invoice, 'orderId'> {
  invoiceId: string;
  refundId: string;
}
