import type { ShipGroup, ShipLine } from '../orders/order-documents.service.js';
import type { AddressJson } from '../../db/columns.js';
import {
  addPage,
  addressLines,
  contentBottom,
  contentWidth,
  drawCode128,
  FONT,
  FONT_BOLD,
  formatDocumentDate,
  formatMoney,
  type PageLayout,
} from './pdf/pdf-document.js';

/**
 * A packing slip (issue #33): what goes in the parcel, drawn for one order's units from one
 * location. On a page (A4 or Letter): the seller, the order, ship-to (and bill-to when it differs),
 * a table to tick off with each item's barcode, and prices unless hidden. On a 4×6 label: the same,
 * compact, without prices. An order that needs several pages says "Page x of y for this order".
 */

export interface SlipSeller {
  name: string;
  addressLines: string[];
  logo: Buffer | null;
  footerNote: string | null;
  timeZone: string;
}

export interface SlipOptions {
  layout: PageLayout;
  hidePrices: boolean;
  /** "#1042-F2" when the slip is one fulfilment's. */
  fulfillmentName?: string;
}

const GREY = '#555555';
const RULE = '#cccccc';
const INK = '#111111';

/** "Default" and "Default Title" are a product without options: nothing to print. */
export function variantText(title: string): string {
  return /^default( title)?$/i.test(title.trim()) ? '' : title.trim();
}

/** What the barcode carries: the variant's barcode, else its SKU. */
export function barcodeValue(line: Pick<ShipLine, 'barcode' | 'sku'>): string | null {
  return line.barcode?.trim() || line.sku?.trim() || null;
}

const sameAddress = (a: AddressJson | null, b: AddressJson | null) =>
  addressLines(a).join('\n') === addressLines(b).join('\n');

interface Geometry {
  rowHeight: number;
  /** Where the table's first row starts on the first and on later pages. */
  firstTop: number;
  nextTop: number;
  /** The lowest a row may end. */
  rowsBottom: number;
}

function geometry(doc: PDFKit.PDFDocument, layout: PageLayout): Geometry {
  const top = doc.page.margins.top;
  if (layout === 'LABEL_4X6')
    return { rowHeight: 40, firstTop: top + 140, nextTop: top + 34, rowsBottom: contentBottom(doc) - 44 };
  return { rowHeight: 46, firstTop: top + 272, nextTop: top + 74, rowsBottom: contentBottom(doc) - 62 };
}

/** How many pages `rows` rows take. */
function pagesFor(g: Geometry, rows: number): number {
  const first = Math.max(1, Math.floor((g.rowsBottom - g.firstTop) / g.rowHeight));
  const next = Math.max(1, Math.floor((g.rowsBottom - g.nextTop) / g.rowHeight));
  return rows <= first ? 1 : 1 + Math.ceil((rows - first) / next);
}

function text(
  doc: PDFKit.PDFDocument,
  value: string,
  x: number,
  y: number,
  opts: { size: number; bold?: boolean; color?: string; width?: number; align?: 'left' | 'right' | 'center' },
) {
  doc
    .font(opts.bold ? FONT_BOLD : FONT)
    .fontSize(opts.size)
    .fillColor(opts.color ?? INK)
    .text(value, x, y, {
      width: opts.width,
      align: opts.align ?? 'left',
      lineBreak: false,
      ellipsis: opts.width ? '…' : undefined,
      height: opts.size * 1.3,
    });
}

function lines(doc: PDFKit.PDFDocument, values: string[], x: number, y: number, size: number, width: number) {
  values.forEach((v, i) => text(doc, v, x, y + i * size * 1.3, { size, width }));
  return y + values.length * size * 1.3;
}

function label(doc: PDFKit.PDFDocument, value: string, x: number, y: number, size: number) {
  text(doc, value.toUpperCase(), x, y, { size, bold: true, color: GREY });
}

/** The page's foot: the footer note, and the page number when the order runs over several. */
function foot(doc: PDFKit.PDFDocument, seller: SlipSeller, page: number, pages: number, small: boolean) {
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  const y = contentBottom(doc) - (small ? 12 : 16);
  if (seller.footerNote)
    text(doc, seller.footerNote.replace(/\s+/g, ' '), x, y - (small ? 11 : 16), {
      size: small ? 6.5 : 8.5,
      color: GREY,
      width,
      align: 'center',
    });
  if (pages > 1)
    text(doc, `Page ${page} of ${pages} for this order`, x, y, {
      size: small ? 6.5 : 8,
      color: GREY,
      width,
      align: 'right',
    });
}

function checkbox(doc: PDFKit.PDFDocument, x: number, y: number, size: number) {
  doc.lineWidth(0.8).rect(x, y, size, size).stroke(INK);
}

/** The first page's head on a page layout; answers nothing (the geometry fixes where rows start). */
function pageHead(doc: PDFKit.PDFDocument, group: ShipGroup, seller: SlipSeller, opts: SlipOptions) {
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  let y = doc.page.margins.top;
  if (seller.logo) {
    try {
      doc.image(seller.logo, x, y, { fit: [150, 44] });
      y += 50;
    } catch {
      // A logo pdfkit can't read is left out rather than failing every slip.
    }
  }
  text(doc, seller.name, x, y, { size: 12, bold: true, width: 280 });
  lines(doc, seller.addressLines.slice(0, 5), x, y + 17, 8.5, 280);

  const right = x + width - 230;
  let ry = doc.page.margins.top;
  text(doc, 'Packing slip', right, ry, { size: 20, bold: true, width: 230, align: 'right' });
  ry += 30;
  const order = group.order;
  const facts: [string, string][] = [
    ['Order', order.name],
    ...(opts.fulfillmentName ? ([['Shipment', opts.fulfillmentName]] as [string, string][]) : []),
    ['Order date', formatDocumentDate(order.createdAt, seller.timeZone)],
    ['Shipping', order.shippingName ?? 'None chosen'],
  ];
  for (const [k, v] of facts) {
    text(doc, k, right, ry, { size: 9, color: GREY, width: 90 });
    text(doc, v, right + 90, ry, { size: 9.5, bold: k === 'Order', width: 140, align: 'right' });
    ry += 14;
  }

  y = doc.page.margins.top + 128;
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.5)
    .stroke(RULE);
  y += 12;
  const billTo = !sameAddress(order.shippingAddress, order.billingAddress) && order.billingAddress;
  const column = width / 3;
  label(doc, 'Ship to', x, y, 7.5);
  const shipTo = addressLines(order.shippingAddress);
  lines(doc, shipTo.length ? shipTo.slice(0, 7) : ['No shipping address'], x, y + 13, 10, column - 12);
  let cx = x + column;
  if (billTo) {
    label(doc, 'Bill to', cx, y, 7.5);
    lines(doc, addressLines(billTo).slice(0, 7), cx, y + 13, 10, column - 12);
    cx += column;
  }
  label(doc, 'Ships from', cx, y, 7.5);
  text(doc, group.location.name, cx, y + 13, { size: 10, bold: true, width: column - 12 });
}

function tableHead(doc: PDFKit.PDFDocument, y: number, hidePrices: boolean) {
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  doc.rect(x, y - 20, width, 18).fill('#eeeeee');
  const c = columns(doc, hidePrices);
  const at = y - 15.5;
  text(doc, 'Item', c.item, at, { size: 8, bold: true, color: GREY });
  text(doc, 'Barcode', c.code, at, { size: 8, bold: true, color: GREY });
  text(doc, 'Qty', c.qty, at, { size: 8, bold: true, color: GREY, width: c.qtyWidth, align: 'right' });
  if (!hidePrices) {
    text(doc, 'Price', c.price, at, { size: 8, bold: true, color: GREY, width: 58, align: 'right' });
    text(doc, 'Total', c.total, at, { size: 8, bold: true, color: GREY, width: 64, align: 'right' });
  }
}

function columns(doc: PDFKit.PDFDocument, hidePrices: boolean) {
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  const end = x + width;
  const total = end - 64;
  const price = total - 62;
  const qtyEnd = hidePrices ? end : price - 4;
  const qty = qtyEnd - 36;
  const code = qty - 134;
  return { box: x + 2, item: x + 22, itemWidth: code - x - 30, code, qty, qtyWidth: 36, price, total };
}

function pageRow(doc: PDFKit.PDFDocument, line: ShipLine, y: number, opts: SlipOptions, currency: string) {
  const c = columns(doc, opts.hidePrices);
  checkbox(doc, c.box, y + 8, 11);
  // The title on up to two lines; the variant and SKU on the line under it.
  doc.font(FONT_BOLD).fontSize(9.5);
  const twoLines = doc.heightOfString(line.productTitle, { width: c.itemWidth }) > 14;
  doc.fillColor(INK).text(line.productTitle, c.item, y + 5, {
    width: c.itemWidth,
    height: twoLines ? 24 : 12,
    ellipsis: '…',
  });
  const under = [variantText(line.variantTitle), line.sku ? `SKU ${line.sku}` : '']
    .filter(Boolean)
    .join(' · ');
  if (under) text(doc, under, c.item, y + (twoLines ? 31 : 20), { size: 8, color: GREY, width: c.itemWidth });
  const code = barcodeValue(line);
  if (code) {
    const drawn = drawCode128(doc, code, { x: c.code, y: y + 5, width: 128, height: 24 });
    text(doc, code, c.code, drawn ? y + 31 : y + 8, {
      size: 7.5,
      width: 128,
      align: drawn ? 'center' : 'left',
    });
  }
  text(doc, String(line.quantity), c.qty, y + 11, {
    size: 13,
    bold: true,
    width: c.qtyWidth,
    align: 'right',
  });
  if (!opts.hidePrices) {
    text(doc, formatMoney(line.unitPrice, currency), c.price, y + 13, {
      size: 9.5,
      width: 58,
      align: 'right',
    });
    text(doc, formatMoney(line.unitPrice * line.quantity, currency), c.total, y + 13, {
      size: 9.5,
      width: 64,
      align: 'right',
    });
  }
}

function labelHead(doc: PDFKit.PDFDocument, group: ShipGroup, seller: SlipSeller, opts: SlipOptions) {
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  let y = doc.page.margins.top;
  text(doc, 'Packing slip', x, y, { size: 12, bold: true, width: 120 });
  text(doc, opts.fulfillmentName ?? group.order.name, x + 120, y, {
    size: 12,
    bold: true,
    width: width - 120,
    align: 'right',
  });
  y += 17;
  text(
    doc,
    `${formatDocumentDate(group.order.createdAt, seller.timeZone)} · ${group.order.shippingName ?? 'No shipping method'}`,
    x,
    y,
    {
      size: 7.5,
      color: GREY,
      width: 150,
    },
  );
  text(doc, seller.name, x + 150, y, { size: 7.5, color: GREY, width: width - 150, align: 'right' });
  y += 14;
  label(doc, 'Ship to', x, y, 6.5);
  const shipTo = addressLines(group.order.shippingAddress);
  lines(doc, shipTo.length ? shipTo.slice(0, 6) : ['No shipping address'], x, y + 10, 8.5, width);
  y = doc.page.margins.top + 122;
  text(doc, `Ships from ${group.location.name}`, x, y, { size: 7.5, bold: true, width });
  doc
    .moveTo(x, y + 14)
    .lineTo(x + width, y + 14)
    .lineWidth(0.5)
    .stroke(RULE);
}

function labelRow(doc: PDFKit.PDFDocument, line: ShipLine, y: number) {
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  checkbox(doc, x, y + 5, 8);
  const textWidth = width - 146;
  text(doc, line.productTitle, x + 12, y + 3, { size: 8, bold: true, width: textWidth });
  const variant = variantText(line.variantTitle);
  const rest = [variant, line.sku ? `SKU ${line.sku}` : ''].filter(Boolean);
  rest.forEach((v, i) => text(doc, v, x + 12, y + 14 + i * 9.5, { size: 7, color: GREY, width: textWidth }));
  const code = barcodeValue(line);
  const codeX = x + width - 130;
  if (code) {
    const drawn = drawCode128(doc, code, { x: codeX, y: y + 3, width: 100, height: 18 });
    text(doc, code, codeX, drawn ? y + 23 : y + 6, { size: 6, width: 100, align: 'center' });
  }
  text(doc, `×${line.quantity}`, x + width - 30, y + 7, { size: 12, bold: true, width: 30, align: 'right' });
}

/** Draws one slip (one or more pages) for one order's units from one location. */
export function drawPackingSlip(
  doc: PDFKit.PDFDocument,
  group: ShipGroup,
  seller: SlipSeller,
  opts: SlipOptions,
): void {
  const label = opts.layout === 'LABEL_4X6';
  addPage(doc, opts.layout);
  const g = geometry(doc, opts.layout);
  const pages = pagesFor(g, group.lines.length);
  let page = 1;
  if (label) labelHead(doc, group, seller, opts);
  else {
    pageHead(doc, group, seller, opts);
    tableHead(doc, g.firstTop, opts.hidePrices);
  }
  let y = g.firstTop;
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  for (const line of group.lines) {
    if (y + g.rowHeight > g.rowsBottom) {
      foot(doc, seller, page, pages, label);
      addPage(doc, opts.layout);
      page++;
      const top = doc.page.margins.top;
      text(
        doc,
        `${seller.name} · Packing slip ${opts.fulfillmentName ?? group.order.name} (continued)`,
        x,
        top,
        {
          size: label ? 8 : 10,
          bold: true,
          width,
        },
      );
      text(doc, `Ships from ${group.location.name}`, x, top + (label ? 12 : 15), {
        size: label ? 7 : 8.5,
        color: GREY,
        width,
      });
      y = g.nextTop;
      if (!label) tableHead(doc, y, opts.hidePrices);
    }
    if (label) labelRow(doc, line, y);
    else pageRow(doc, line, y, opts, group.order.currencyCode);
    doc
      .moveTo(x, y + g.rowHeight)
      .lineTo(x + width, y + g.rowHeight)
      .lineWidth(0.4)
      .stroke(RULE);
    y += g.rowHeight;
  }
  const units = group.lines.reduce((n, l) => n + l.quantity, 0);
  text(doc, `${units} ${units === 1 ? 'item' : 'items'}`, x, y + 8, {
    size: label ? 9 : 11,
    bold: true,
    width,
  });
  foot(doc, seller, page, pages, label);
}
