import { createHash } from 'node:crypto';
import { decodeIdOf, DomainError, paymentSums } from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import { idempotent } from '../../lib/idempotency.js';
import { uuidv7 } from '../../lib/uuid.js';
import { recordAudit } from '../audit/audit.service.js';
import { storeSettings } from '../settings/settings.service.js';
import { findOrder, linesOfOrders, transactionsOfOrders } from '../orders/order-reads.service.js';
import { loadOrderForAction } from '../orders/order-lock.service.js';
import { actorName } from '../orders/order-payment.service.js';
import { onRefundRecorded, type RefundRecorded } from '../orders/refund-hooks.service.js';
import type { Order } from '../orders/order.model.js';
import { documentLogo, documentSettings } from './document-settings.service.js';
import { formatDocumentNumber } from './number-format.js';
import { documentYear } from './invoice-year.js';
import {
  invoiceSnapshot,
  snapshotHead,
  snapshotLine,
  taxesByRate,
  type SnapshotSources,
} from './invoice-snapshot.js';
import type { CreditNote, DocumentKind, DocumentSnapshot, Invoice } from './invoice.model.js';
import {
  creditNotesByIds,
  creditNotesOfInvoices,
  findLogo,
  insertCreditNote,
  insertInvoice,
  invoicesByIds,
  invoicesOfOrders,
  keepLogo,
  takeNextNumber,
} from './invoice.repository.js';
import { drawInvoiceDocument, type DrawnDocument } from './invoice-pdf.js';

export type { Invoice, CreditNote };
export { invoicesByIds, invoicesOfOrders, creditNotesByIds, creditNotesOfInvoices };

/** What every document issued now is made from; the logo is kept by hash as it is now. */
async function sourcesNow(trx: Tx | Executor, order: Order, keep: Tx | null): Promise<SnapshotSources> {
  const [shop, settings] = await Promise.all([storeSettings(trx), documentSettings(trx)]);
  let logoSha256: string | null = null;
  if (settings.logoContentType) {
    const logo = await documentLogo(trx);
    if (logo) {
      logoSha256 = createHash('sha256').update(logo.bytes).digest('hex');
      if (keep)
        await keepLogo(keep, { sha256: logoSha256, contentType: logo.contentType, bytes: logo.bytes });
    }
  }
  return { order, shop, settings, logoSha256, issuedAt: new Date() };
}

/** The next number of the series for the year it is now in the store's time zone. */
async function nextDocumentNumber(trx: Tx, kind: DocumentKind, sources: SnapshotSources) {
  const year = documentYear(sources.issuedAt, sources.shop.timezone);
  const sequence = await takeNextNumber(trx, kind, year);
  const format =
    kind === 'INVOICE' ? sources.settings.invoiceNumberFormat : sources.settings.creditNoteNumberFormat;
  return { year, sequence, number: formatDocumentNumber(format, year, sequence) };
}

const orderField = ['orderId'];

/**
 * Issues the order's invoice (SPEC §10): the next number of the year's gapless series, taken under
 * the series row's lock in this transaction with the invoice row and its audit event, so racing
 * issues never skip or repeat a number and a failed issue gives its number back. One invoice per
 * order; a repeat with the same idempotency key answers the first invoice.
 */
export async function invoiceIssue(
  trx: Tx,
  actor: Actor,
  raw: { orderId: string; idempotencyKey: string },
): Promise<Invoice> {
  const orderId = decodeIdOf('Order', String(raw.orderId));
  if (!orderId) throw DomainError.one('INVALID', 'This order does not exist.', orderField);
  const { invoiceId } = await idempotent(
    trx,
    'invoiceIssue',
    raw.idempotencyKey,
    { orderId },
    async () => {
      const order = await loadOrderForAction(trx, orderId, null, { id: orderField });
      const [existing] = await invoicesOfOrders(trx, [orderId]);
      if (existing)
        throw DomainError.one('TAKEN', `This order already has invoice ${existing.number}.`, orderField);
      if (order.status === 'CANCELLED')
        throw DomainError.one(
          'INVALID_TRANSITION',
          'This order is cancelled, so it is not invoiced.',
          orderField,
        );
      const sources = await sourcesNow(trx, order, trx);
      const transactions = await transactionsOfOrders(trx, [orderId]);
      const sums = paymentSums(transactions.map((t) => ({ ...t, amount: Number(t.amount) })));
      const { year, sequence, number } = await nextDocumentNumber(trx, 'INVOICE', sources);
      const snapshot = invoiceSnapshot(sources, order.lines, { captured: sums.captured }, number);
      const invoice = await insertInvoice(trx, {
        id: uuidv7(),
        orderId,
        number,
        year,
        sequence,
        issuedAt: sources.issuedAt,
        staffId: actor.viewer?.staffId ?? null,
        staffName: actorName(actor),
        currencyCode: snapshot.currency,
        total: snapshot.total,
        snapshot,
      });
      await recordAudit(trx, actor, {
        action: 'invoice.issue',
        subjectType: 'Order',
        subjectId: orderId,
        changes: {
          invoice: { before: null, after: number },
          total: { before: null, after: snapshot.total },
        },
      });
      return { invoiceId: invoice.id };
    },
    ['idempotencyKey'],
  );
  return (await invoicesByIds(trx, [invoiceId]))[0]!;
}

/**
 * The credit note of a refund on an invoiced order, in the refund's transaction (refund hook):
 * the refunded lines with their share of discount and tax, the shipping refunded, tax per rate,
 * and a total equal to the refund's amount (any difference from the items and shipping is shown
 * as its own row). A refund that gives no money back (it only restocks) credits nothing: no note.
 */
export async function creditNoteForRefund(trx: Tx, actor: Actor, e: RefundRecorded): Promise<void> {
  const amount = Number(e.refund.amount);
  if (amount === 0) return;
  const [invoice] = await invoicesOfOrders(trx, [e.order.id]);
  if (!invoice) return;
  const sources = await sourcesNow(trx, e.order, trx);
  const { year, sequence, number } = await nextDocumentNumber(trx, 'CREDIT_NOTE', sources);
  const lines = e.lines.map((l) =>
    snapshotLine(e.order, l.line, l.quantity, { discount: l.share.discount, tax: l.share.tax }),
  );
  const shipping =
    e.shipping > 0
      ? {
          name: invoice.snapshot.shipping?.name ?? e.order.shippingName,
          amount: e.shipping,
          tax: e.shippingTax,
        }
      : null;
  const itemsAndShipping = lines.reduce((a, l) => a + l.total, 0) + e.shipping;
  const snapshot: DocumentSnapshot = {
    ...snapshotHead(sources, 'CREDIT_NOTE', number),
    // The buyer as the invoice named them: a credit note credits that invoice.
    buyer: invoice.snapshot.buyer,
    lines,
    subtotal: lines.reduce((a, l) => a + l.unitPrice * l.quantity, 0),
    discount: lines.reduce((a, l) => a + l.discount, 0),
    discountCode: null,
    shipping,
    taxes: taxesByRate(e.order.pricesIncludeTax, [
      ...lines.map((l) => ({ rate: l.taxRate, amount: l.unitPrice * l.quantity - l.discount, tax: l.tax })),
      ...(shipping
        ? [{ rate: e.shippingTax > 0 ? e.order.taxRate : null, amount: shipping.amount, tax: shipping.tax }]
        : []),
    ]),
    total: amount,
    paid: null,
    due: null,
    credits: { invoiceNumber: invoice.number, invoiceDate: invoice.snapshot.issuedDate },
    reason: e.refund.reason,
    adjustment: amount - itemsAndShipping,
    note: null,
  };
  const note = await insertCreditNote(trx, {
    id: uuidv7(),
    invoiceId: invoice.id,
    refundId: e.refund.id,
    number,
    year,
    sequence,
    issuedAt: sources.issuedAt,
    staffId: actor.viewer?.staffId ?? null,
    staffName: actorName(actor),
    currencyCode: snapshot.currency,
    total: amount,
    snapshot,
  });
  await recordAudit(trx, actor, {
    action: 'creditNote.issue',
    subjectType: 'Order',
    subjectId: e.order.id,
    changes: {
      credit_note: { before: null, after: note.number },
      invoice: { before: null, after: invoice.number },
      total: { before: null, after: amount },
    },
  });
}

// Registered when the documents module loads (its schema file imports this one, and the app and
// every test server build the schema), so no refund of an invoiced order misses its credit note.
onRefundRecorded(creditNoteForRefund);

async function logoOf(db: Executor, snapshot: DocumentSnapshot) {
  return snapshot.logoSha256 ? findLogo(db, snapshot.logoSha256) : null;
}

/** An issued invoice or credit note, drawn from its snapshot (the same bytes every time). */
export async function drawIssued(db: Executor, doc: Invoice | CreditNote): Promise<DrawnDocument> {
  return drawInvoiceDocument(doc.snapshot, doc.issuedAt, await logoOf(db, doc.snapshot));
}

/** The invoice of `orderId` as it would be issued now, marked as a preview; null for no such order. */
export async function invoicePreview(db: Executor, orderId: string): Promise<DrawnDocument | null> {
  const order = await findOrder(db, orderId);
  if (!order) return null;
  const [lines, transactions] = await Promise.all([
    linesOfOrders(db, [orderId]),
    transactionsOfOrders(db, [orderId]),
  ]);
  const sources = await sourcesNow(db, order, null);
  const sums = paymentSums(transactions.map((t) => ({ ...t, amount: Number(t.amount) })));
  const snapshot = invoiceSnapshot(sources, lines, { captured: sums.captured }, null);
  const logo = sources.settings.logoContentType ? await documentLogo(db) : null;
  return drawInvoiceDocument(snapshot, sources.issuedAt, logo);
}
