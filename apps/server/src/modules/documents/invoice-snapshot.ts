import { formatInTimeZone, STORE_DATE } from '@stockroom/domain';
import type { Order, OrderLine } from '../orders/order.model.js';
import type { Shop } from '../settings/settings.model.js';
import type { DocumentSettings } from './documents.model.js';
import type { DocumentSnapshot, SnapshotLine, SnapshotTax } from './invoice.model.js';
import { addressLines } from './pdf/pdf-document.js';

/** What an invoice or credit note is made from, read when it is issued. */
export interface SnapshotSources {
  order: Order;
  shop: Shop;
  settings: DocumentSettings;
  logoSha256: string | null;
  issuedAt: Date;
}

export const documentDate = (at: Date, shop: Shop) => formatInTimeZone(at, shop.timezone, STORE_DATE);

/** The parts of a snapshot every document of an order shares: seller, buyer, order, paper. */
export function snapshotHead(
  { order, shop, settings, logoSha256, issuedAt }: SnapshotSources,
  kind: DocumentSnapshot['kind'],
  number: string | null,
) {
  const buyerAddress = order.billingAddress ?? order.shippingAddress;
  const addressName = [buyerAddress?.firstName, buyerAddress?.lastName].filter(Boolean).join(' ');
  return {
    kind,
    number,
    issuedDate: documentDate(issuedAt, shop),
    paperSize: settings.paperSize,
    logoSha256,
    seller: {
      name: settings.legalName ?? shop.name,
      address: addressLines(settings.address ?? shop.address),
      taxId: settings.taxId,
      email: shop.contactEmail,
    },
    buyer: {
      name: order.customerName ?? (addressName || null),
      email: order.email,
      address: addressLines(buyerAddress),
    },
    order: { name: `${shop.orderNumberPrefix}${order.number}`, date: documentDate(order.createdAt, shop) },
    currency: order.currencyCode.trim(),
    pricesIncludeTax: order.pricesIncludeTax,
    footerNote: settings.footerNote,
  } satisfies Partial<DocumentSnapshot>;
}

/** A line's rate: the order's rate when the line was taxed, else none. */
const rateOf = (order: Order, taxed: boolean) => (taxed ? order.taxRate : null);

/** Tax per rate: what each rate was charged on (before tax) and the tax itself. */
export function taxesByRate(
  pricesIncludeTax: boolean,
  parts: { rate: string | null; amount: number; tax: number }[],
): SnapshotTax[] {
  const byRate = new Map<string, SnapshotTax>();
  for (const p of parts) {
    if (p.tax === 0) continue;
    const key = p.rate ?? '';
    const entry = byRate.get(key) ?? { rate: p.rate, base: 0, amount: 0 };
    entry.base += pricesIncludeTax ? p.amount - p.tax : p.amount;
    entry.amount += p.tax;
    byRate.set(key, entry);
  }
  return [...byRate.values()];
}

/** A line as printed for `quantity` units with these amounts. */
export function snapshotLine(
  order: Order,
  line: OrderLine,
  quantity: number,
  amounts: { discount: number; tax: number },
): SnapshotLine {
  const unitPrice = Number(line.unitPrice);
  const net = unitPrice * quantity - amounts.discount;
  return {
    title: line.productTitle,
    variant: line.variantTitle,
    sku: line.sku,
    quantity,
    unitPrice,
    discount: amounts.discount,
    taxRate: rateOf(order, amounts.tax > 0),
    tax: amounts.tax,
    total: order.pricesIncludeTax ? net : net + amounts.tax,
  };
}

/**
 * The invoice of an order as it stands: every line as placed (quantities ordered; refunds are
 * credited by credit notes), shipping, discounts, tax per rate, totals
 * as the order row holds them (never recomputed), what was paid and what is still due.
 */
export function invoiceSnapshot(
  sources: SnapshotSources,
  lines: OrderLine[],
  paid: { captured: number },
  number: string | null,
): DocumentSnapshot {
  const { order } = sources;
  const printed = [...lines]
    .sort((a, b) => a.position - b.position)
    .map((l) => snapshotLine(order, l, l.quantity, { discount: Number(l.discount), tax: Number(l.tax) }));
  const shippingTotal = Number(order.shippingTotal);
  const shippingTax = Number(order.shippingTax);
  const total = Number(order.total);
  // Exchange credit (a return's value put towards this order) pays like money does.
  const paidNow = paid.captured + Number(order.exchangeCredit ?? 0);
  return {
    ...snapshotHead(sources, 'INVOICE', number),
    lines: printed,
    subtotal: Number(order.subtotal),
    discount: Number(order.discountTotal),
    discountCode: order.discountCode,
    shipping:
      order.shippingName || shippingTotal > 0
        ? { name: order.shippingName, amount: shippingTotal, tax: shippingTax }
        : null,
    taxes: taxesByRate(order.pricesIncludeTax, [
      ...printed.map((l) => ({ rate: l.taxRate, amount: l.unitPrice * l.quantity - l.discount, tax: l.tax })),
      { rate: rateOf(order, shippingTax > 0), amount: shippingTotal, tax: shippingTax },
    ]),
    total,
    paid: paidNow,
    due: Math.max(0, total - paidNow),
    credits: null,
    reason: null,
    adjustment: 0,
    note: Number(order.exchangeCredit ?? 0) > 0 ? 'Part of the total was paid by exchange credit.' : null,
  };
}
