import DataLoader from 'dataloader';
import type { Executor } from '../../db/database.js';
import { grouped } from '../../lib/batch.js';
import type { CreditNote, Invoice } from './invoice.model.js';
import { creditNotesOfInvoices, invoicesOfOrders } from './invoice.repository.js';

declare module '../../graphql/context.js' {
  interface Loaders extends ReturnType<typeof createInvoiceLoaders> {}
}

/** Invoices of many orders and credit notes of many invoices, one query each per request. */
export function createInvoiceLoaders(db: Executor) {
  return {
    invoicesByOrderId: new DataLoader<string, Invoice[]>(async (ids) =>
      grouped(ids, await invoicesOfOrders(db, ids), (r) => r.orderId),
    ),
    creditNotesByInvoiceId: new DataLoader<string, CreditNote[]>(async (ids) =>
      grouped(ids, await creditNotesOfInvoices(db, ids), (r) => r.invoiceId),
    ),
  };
}
