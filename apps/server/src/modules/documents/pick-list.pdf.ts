import type { ShipGroup } from '../orders/order-documents.service.js';
import {
  addPage,
  contentBottom,
  contentWidth,
  drawCode128,
  FONT,
  FONT_BOLD,
  formatDocumentDate,
  type PageLayout,
} from './pdf/pdf-document.js';
import { barcodeValue, variantText } from './packing-slip.pdf.js';

/**
 * A pick list (issue #33): the units still to ship of the selected orders, summed per SKU, grouped
 * by the location they leave from, sorted by SKU; each row says which orders take how many
 * ("#1042 ×2 · #1043 ×1"), with a box to tick and the barcode to scan.
 */

export interface PickRow {
  sku: string | null;
  barcode: string | null;
  productTitle: string;
  variantTitle: string;
  quantity: number;
  shares: { order: string; quantity: number }[];
}

export interface PickLocation {
  name: string;
  rows: PickRow[];
}

export interface PickList {
  orders: number;
  units: number;
  locations: PickLocation[];
}

/** Sums the groups (in the order given) into the pick list. */
export function pickListOf(groups: readonly ShipGroup[], locationOrder: readonly string[]): PickList {
  const byLocation = new Map<string, { name: string; rows: Map<string, PickRow> }>();
  const orders = new Set<string>();
  let units = 0;
  for (const g of groups) {
    orders.add(g.order.id);
    let place = byLocation.get(g.location.id);
    if (!place) byLocation.set(g.location.id, (place = { name: g.location.name, rows: new Map() }));
    for (const l of g.lines) {
      units += l.quantity;
      const key = l.sku ? `sku:${l.sku}` : `item:${l.productTitle}\n${l.variantTitle}`;
      let row = place.rows.get(key);
      if (!row) {
        row = {
          sku: l.sku,
          barcode: l.barcode,
          productTitle: l.productTitle,
          variantTitle: l.variantTitle,
          quantity: 0,
          shares: [],
        };
        place.rows.set(key, row);
      }
      row.barcode ??= l.barcode;
      row.quantity += l.quantity;
      const share = row.shares.find((s) => s.order === g.order.name);
      if (share) share.quantity += l.quantity;
      else row.shares.push({ order: g.order.name, quantity: l.quantity });
    }
  }
  const rank = (id: string) => locationOrder.indexOf(id);
  const bySku = (a: PickRow, b: PickRow) =>
    a.sku === null
      ? b.sku === null
        ? a.productTitle.localeCompare(b.productTitle)
        : 1
      : b.sku === null
        ? -1
        : a.sku.localeCompare(b.sku, 'en', { numeric: true });
  return {
    orders: orders.size,
    units,
    locations: [...byLocation.entries()]
      .sort((a, b) => rank(a[0]) - rank(b[0]))
      .map(([, p]) => ({ name: p.name, rows: [...p.rows.values()].sort(bySku) })),
  };
}

const GREY = '#555555';
const RULE = '#cccccc';
const INK = '#111111';

type Item =
  { kind: 'heading'; location: PickLocation; height: number } | { kind: 'row'; row: PickRow; height: number };

function columns(doc: PDFKit.PDFDocument) {
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  return {
    box: x + 2,
    code: x + 22,
    codeWidth: 140,
    item: x + 172,
    itemWidth: width - 172 - 50 - 150,
    qty: x + width - 194,
    qtyWidth: 40,
    shares: x + width - 144,
    sharesWidth: 144,
  };
}

const sharesText = (row: PickRow) => row.shares.map((s) => `${s.order} ×${s.quantity}`).join(' · ');

function size(doc: PDFKit.PDFDocument, value: string, width: number, fontSize: number, bold = false) {
  return doc
    .font(bold ? FONT_BOLD : FONT)
    .fontSize(fontSize)
    .heightOfString(value, { width });
}

function text(
  doc: PDFKit.PDFDocument,
  value: string,
  x: number,
  y: number,
  o: {
    size: number;
    bold?: boolean;
    color?: string;
    width: number;
    align?: 'left' | 'right' | 'center';
    wrap?: boolean;
  },
) {
  doc
    .font(o.bold ? FONT_BOLD : FONT)
    .fontSize(o.size)
    .fillColor(o.color ?? INK)
    .text(value, x, y, {
      width: o.width,
      align: o.align ?? 'left',
      lineBreak: o.wrap ?? false,
      ...(o.wrap ? {} : { ellipsis: '…', height: o.size * 1.3 }),
    });
}

function tableHead(doc: PDFKit.PDFDocument, y: number) {
  const c = columns(doc);
  doc.rect(doc.page.margins.left, y, contentWidth(doc), 18).fill('#eeeeee');
  const at = y + 4.5;
  const head = { size: 8, bold: true, color: GREY };
  text(doc, 'SKU', c.code, at, { ...head, width: c.codeWidth });
  text(doc, 'Item', c.item, at, { ...head, width: c.itemWidth });
  text(doc, 'Qty', c.qty, at, { ...head, width: c.qtyWidth, align: 'right' });
  text(doc, 'Orders', c.shares + 10, at, { ...head, width: c.sharesWidth - 10 });
}

function drawRow(doc: PDFKit.PDFDocument, row: PickRow, y: number, height: number) {
  const c = columns(doc);
  doc
    .lineWidth(0.8)
    .rect(c.box, y + 8, 11, 11)
    .stroke(INK);
  text(doc, row.sku ?? 'No SKU', c.code, y + 5, { size: 9.5, bold: true, width: c.codeWidth });
  const code = barcodeValue(row);
  if (code && drawCode128(doc, code, { x: c.code - 6, y: y + 19, width: c.codeWidth, height: 20 }))
    text(doc, code, c.code - 6, y + 40, { size: 7, width: c.codeWidth, align: 'center' });
  text(doc, row.productTitle, c.item, y + 5, { size: 9.5, bold: true, width: c.itemWidth, wrap: true });
  const variant = variantText(row.variantTitle);
  if (variant)
    text(doc, variant, c.item, y + 7 + size(doc, row.productTitle, c.itemWidth, 9.5, true), {
      size: 8.5,
      color: GREY,
      width: c.itemWidth,
    });
  text(doc, String(row.quantity), c.qty, y + 9, { size: 14, bold: true, width: c.qtyWidth, align: 'right' });
  text(doc, sharesText(row), c.shares + 10, y + 6, { size: 8.5, width: c.sharesWidth - 10, wrap: true });
  const x = doc.page.margins.left;
  doc
    .moveTo(x, y + height)
    .lineTo(x + contentWidth(doc), y + height)
    .lineWidth(0.4)
    .stroke(RULE);
}

/** Draws the whole pick list, its pages numbered. */
export function drawPickList(
  doc: PDFKit.PDFDocument,
  list: PickList,
  seller: { name: string; timeZone: string },
  layout: PageLayout,
  printedAt: Date,
): void {
  addPage(doc, layout);
  const c = columns(doc);
  const items: Item[] = [];
  for (const location of list.locations) {
    items.push({ kind: 'heading', location, height: 50 });
    for (const row of location.rows) {
      const item =
        size(doc, row.productTitle, c.itemWidth, 9.5, true) + (variantText(row.variantTitle) ? 14 : 0);
      const shares = size(doc, sharesText(row), c.sharesWidth - 10, 8.5);
      items.push({ kind: 'row', row, height: Math.max(54, item + 14, shares + 14) });
    }
  }
  // Lay out first (a heading stays with its first row), then draw with "Page x of y".
  const top = doc.page.margins.top;
  const firstTop = top + 78;
  const nextTop = top + 28;
  const bottom = contentBottom(doc) - 24;
  const pages: { item: Item; y: number }[][] = [[]];
  let y = firstTop;
  items.forEach((item, i) => {
    const next = items[i + 1];
    const need = item.height + (item.kind === 'heading' && next ? next.height : 0);
    let at = y;
    if (at + need > bottom && pages.at(-1)!.length) {
      pages.push([]);
      at = nextTop;
    }
    const page = pages.at(-1)!;
    // A location's rows carried to a new page get the table's head again.
    if (item.kind === 'row' && !page.length) {
      page.push({ item: { kind: 'heading', location: { name: '', rows: [] }, height: 20 }, y: at });
      at += 20;
    }
    page.push({ item, y: at });
    y = at + item.height;
  });

  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  pages.forEach((page, n) => {
    if (n > 0) addPage(doc, layout);
    if (n === 0) {
      text(doc, 'Pick list', x, top, { size: 20, bold: true, width: 260 });
      text(doc, seller.name, x + width - 260, top + 4, { size: 11, bold: true, width: 260, align: 'right' });
      text(doc, `Printed ${formatDocumentDate(printedAt, seller.timeZone)}`, x + width - 260, top + 20, {
        size: 9,
        color: GREY,
        width: 260,
        align: 'right',
      });
      const orders = `${list.orders} ${list.orders === 1 ? 'order' : 'orders'}`;
      const units = `${list.units} ${list.units === 1 ? 'unit' : 'units'}`;
      text(doc, `${orders} · ${units} to pick`, x, top + 32, { size: 11, width: 260 });
    } else {
      text(doc, `Pick list (continued) · ${seller.name}`, x, top, { size: 10, bold: true, width });
    }
    for (const { item, y: at } of page) {
      if (item.kind === 'row') drawRow(doc, item.row, at, item.height);
      else if (item.location.name) {
        const l = item.location;
        const units = l.rows.reduce((s, r) => s + r.quantity, 0);
        text(doc, `From ${l.name}`, x, at + 6, { size: 13, bold: true, width: 300 });
        text(
          doc,
          `${l.rows.length} ${l.rows.length === 1 ? 'SKU' : 'SKUs'} · ${units} ${units === 1 ? 'unit' : 'units'}`,
          x + 300,
          at + 9,
          {
            size: 9,
            color: GREY,
            width: width - 300,
            align: 'right',
          },
        );
        tableHead(doc, at + 28);
      } else tableHead(doc, at);
    }
    text(doc, `Page ${n + 1} of ${pages.length}`, x, contentBottom(doc) - 12, {
      size: 8,
      color: GREY,
      width,
      align: 'right',
    });
  });
}
