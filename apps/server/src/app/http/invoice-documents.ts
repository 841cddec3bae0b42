import { decodeId } from '@stockroom/domain';
import {
  creditNotesByIds,
  drawIssued,
  invoicePreview,
  invoicesByIds,
} from '../../modules/documents/invoice.service.js';
import type { DocumentAnswer, DocumentRequest } from './documents.js';

/**
 * GET /documents/invoices/<Invoice id>.pdf, /documents/credit-notes/<CreditNote id>.pdf and
 * /documents/invoice-preview.pdf?order=<Order id> (issue #33): ORDERS_READ; 400 for an id that is
 * not one, 404 for one that names nothing.
 */

const forbidden = (request: DocumentRequest): DocumentAnswer | null =>
  request.viewer.permissions.has('ORDERS_READ')
    ? null
    : {
        status: 403,
        message: 'Downloading invoices and credit notes needs ORDERS_READ. Ask a staff manager for it.',
      };

function uuidOf(raw: string | undefined | null, type: 'Invoice' | 'CreditNote' | 'Order'): string | null {
  let text = raw ?? '';
  try {
    text = decodeURIComponent(text);
  } catch {
    return null;
  }
  const decoded = decodeId(text);
  return decoded?.type === type ? decoded.uuid : null;
}

export async function invoiceDocument(request: DocumentRequest): Promise<DocumentAnswer> {
  const refused = forbidden(request);
  if (refused) return refused;
  const id = uuidOf(request.params[0], 'Invoice');
  if (!id) return { status: 400, message: 'This is not an invoice id (invc_… as the API gives it).' };
  const [invoice] = await invoicesByIds(request.services.db, [id]);
  if (!invoice) return { status: 404, message: 'There is no such invoice.' };
  const drawn = await drawIssued(request.services.db, invoice);
  return { status: 200, filename: `${invoice.number}.pdf`, ...drawn };
}

export async function creditNoteDocument(request: DocumentRequest): Promise<DocumentAnswer> {
  const refused = forbidden(request);
  if (refused) return refused;
  const id = uuidOf(request.params[0], 'CreditNote');
  if (!id) return { status: 400, message: 'This is not a credit note id (crn_… as the API gives it).' };
  const [note] = await creditNotesByIds(request.services.db, [id]);
  if (!note) return { status: 404, message: 'There is no such credit note.' };
  const drawn = await drawIssued(request.services.db, note);
  return { status: 200, filename: `${note.number}.pdf`, ...drawn };
}

export async function invoicePreviewDocument(request: DocumentRequest): Promise<DocumentAnswer> {
  const refused = forbidden(request);
  if (refused) return refused;
  const raw = request.query.get('order');
  if (!raw) return { status: 400, message: 'Name the order to preview: ?order=<Order id>.' };
  const id = uuidOf(raw, 'Order');
  if (!id) return { status: 400, message: 'This is not an order id (ord_… as the API gives it).' };
  const drawn = await invoicePreview(request.services.db, id);
  if (!drawn) return { status: 404, message: 'There is no such order.' };
  return { status: 200, filename: 'invoice-preview.pdf', ...drawn };
}
