import type { DocumentSnapshot } from './invoice.model.js';
import { addPage, contentWidth, FONT, FONT_BOLD, formatMoney, openPdf } from './pdf/pdf-document.js';

/**
 * An invoice or credit note drawn from its snapshot alone (issue #33): nothing here reads the
 * order, the settings or the clock, and the document's creation date is the issue date, so the
 * same snapshot always gives the same bytes. Amounts on a credit note are positive: they are what
 * is credited to the buyer, and the document says so.
 */

const GREY = '#555555';
const LINE = '#bbbbbb';

export interface DrawnDocument {
  pdf: PDFKit.PDFDocument;
  draw: () => Promise<void>;
}

const TITLES: Record<DocumentSnapshot['kind'], string> = { INVOICE: 'Invoice', CREDIT_NOTE: 'Credit note' };

export function documentTitle(s: DocumentSnapshot): string {
  return s.number ? `${TITLES[s.kind]} ${s.number}` : `${TITLES[s.kind]} preview`;
}

/** "Tax 8.875% on $20.00: $1.78"; "Included tax …" when prices hold their tax. */
export function taxWords(s: DocumentSnapshot, t: DocumentSnapshot['taxes'][number]): string {
  // "10.000" as stored → "10%"; "8.875" stays.
  const rate = t.rate && Number.isFinite(Number(t.rate)) ? ` ${Number(t.rate)}%` : '';
  const money = (m: number) => formatMoney(m, s.currency);
  return `${s.pricesIncludeTax ? 'Included tax' : 'Tax'}${rate} on ${money(t.base)}: ${money(t.amount)}`;
}

export function drawInvoiceDocument(
  snapshot: DocumentSnapshot,
  issuedAt: Date,
  logo: { bytes: Buffer } | null,
): DrawnDocument {
  const layout = snapshot.paperSize;
  const pdf = openPdf({ layout, title: documentTitle(snapshot), createdAt: issuedAt });
  // Page numbers ("Page 1 of 2") are written once every page exists.
  (pdf.options as { bufferPages?: boolean }).bufferPages = true;
  return {
    pdf,
    draw: () => {
      addPage(pdf, layout);
      drawBody(pdf, snapshot, logo);
      numberPages(pdf, snapshot);
      pdf.end();
      return Promise.resolve();
    },
  };
}

function drawBody(doc: PDFKit.PDFDocument, s: DocumentSnapshot, logo: { bytes: Buffer } | null) {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const money = (m: number) => formatMoney(m, s.currency);
  const top = doc.page.margins.top;

  // Heading: the logo (if any) at left, the title and the document's numbers at right.
  if (logo) {
    try {
      doc.image(logo.bytes, left, top, { fit: [140, 56] });
    } catch {
      // A logo pdfkit cannot read prints nothing rather than no document.
    }
  }
  const rightX = left + width / 2;
  const rightW = width / 2;
  doc.font(FONT_BOLD).fontSize(20).fillColor('#000000');
  doc.text(s.number ? TITLES[s.kind] : `${TITLES[s.kind]} preview`, rightX, top, {
    width: rightW,
    align: 'right',
  });
  doc.font(FONT).fontSize(9);
  const facts: [string, string][] = [];
  if (s.number) facts.push([s.kind === 'INVOICE' ? 'Invoice number' : 'Credit note number', s.number]);
  else
    facts.push(['Number', s.kind === 'INVOICE' ? 'PREVIEW — not an invoice' : 'PREVIEW — not a credit note']);
  facts.push(['Issue date', s.issuedDate]);
  if (s.credits)
    facts.push(['Credits invoice', s.credits.invoiceNumber], ['Invoice date', s.credits.invoiceDate]);
  facts.push(['Order', s.order.name], ['Order date', s.order.date]);
  let y = top + 28;
  for (const [label, value] of facts) {
    doc.fillColor(GREY).text(label, rightX, y, { width: rightW - 150, align: 'right' });
    doc
      .fillColor('#000000')
      .font(FONT_BOLD)
      .text(value, rightX + rightW - 145, y, { width: 145, align: 'right' });
    doc.font(FONT);
    y += 13;
  }

  // Seller and buyer.
  const blockTop = Math.max(y, top + 64) + 14;
  const half = (width - 20) / 2;
  const block = (x: number, heading: string, lines: string[], strong: string | null) => {
    let by = blockTop;
    doc.fontSize(8).fillColor(GREY).text(heading.toUpperCase(), x, by, { width: half });
    by += 12;
    doc.fontSize(10).fillColor('#000000');
    if (strong) {
      doc.font(FONT_BOLD).text(strong, x, by, { width: half });
      by = doc.y;
      doc.font(FONT);
    }
    for (const line of lines) {
      doc.text(line, x, by, { width: half });
      by = doc.y;
    }
    return by;
  };
  const sellerLines = [...s.seller.address];
  if (s.seller.taxId) sellerLines.push(`Tax ID: ${s.seller.taxId}`);
  if (s.seller.email) sellerLines.push(s.seller.email);
  const buyerLines = [...s.buyer.address.filter((l, i) => i > 0 || l !== s.buyer.name)];
  if (s.buyer.email) buyerLines.push(s.buyer.email);
  const sellerEnd = block(left, 'From', sellerLines, s.seller.name);
  const buyerEnd = block(
    left + half + 20,
    s.kind === 'INVOICE' ? 'Bill to' : 'Credit to',
    buyerLines,
    s.buyer.name,
  );
  y = Math.max(sellerEnd, buyerEnd) + 20;

  // Lines.
  const cols = [
    { label: 'Item', w: width - 320, align: 'left' as const },
    { label: 'Qty', w: 36, align: 'right' as const },
    { label: 'Unit price', w: 70, align: 'right' as const },
    { label: 'Discount', w: 66, align: 'right' as const },
    { label: 'Tax', w: 68, align: 'right' as const },
    { label: 'Total', w: 80, align: 'right' as const },
  ];
  const bottom = () => doc.page.height - doc.page.margins.bottom - 30;
  const header = () => {
    doc.font(FONT_BOLD).fontSize(8.5).fillColor(GREY);
    let x = left;
    for (const c of cols) {
      doc.text(c.label, x, y, { width: c.w, align: c.align });
      x += c.w;
    }
    y += 13;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.7)
      .strokeColor(LINE)
      .stroke();
    y += 5;
    doc.font(FONT).fillColor('#000000');
  };
  header();
  if (!s.lines.length) {
    doc.fontSize(9).fillColor(GREY).text('No items.', left, y, { width });
    y = doc.y + 6;
  }
  for (const line of s.lines) {
    // A product without options has one variant named "Default": saying so adds nothing.
    const variant = line.variant && !/^default( title)?$/i.test(line.variant) ? line.variant : null;
    const detail = [variant, line.sku ? `SKU ${line.sku}` : null].filter(Boolean).join(' · ');
    doc.fontSize(9.5);
    const titleH = doc.font(FONT).heightOfString(line.title, { width: cols[0]!.w - 6 });
    const detailH = detail ? doc.fontSize(8).heightOfString(detail, { width: cols[0]!.w - 6 }) : 0;
    const rowH = titleH + detailH + 6;
    if (y + rowH > bottom()) {
      addPage(doc, s.paperSize);
      y = doc.page.margins.top;
      header();
    }
    doc
      .fontSize(9.5)
      .fillColor('#000000')
      .text(line.title, left, y, { width: cols[0]!.w - 6 });
    if (detail)
      doc
        .fontSize(8)
        .fillColor(GREY)
        .text(detail, left, y + titleH, { width: cols[0]!.w - 6 });
    doc.fontSize(9.5).fillColor('#000000');
    const cells = [
      String(line.quantity),
      money(line.unitPrice),
      line.discount ? `−${money(line.discount)}` : '—',
      line.tax ? money(line.tax) : '—',
      money(line.total),
    ];
    let x = left + cols[0]!.w;
    cells.forEach((cell, i) => {
      const c = cols[i + 1]!;
      doc.text(cell, x, y, { width: c.w, align: 'right' });
      x += c.w;
    });
    y += rowH;
    doc
      .moveTo(left, y - 2)
      .lineTo(left + width, y - 2)
      .lineWidth(0.3)
      .strokeColor(LINE)
      .stroke();
    y += 3;
  }

  // Totals.
  const rows: { label: string; value: string; bold?: boolean }[] = [];
  if (s.kind === 'INVOICE') {
    rows.push({ label: 'Subtotal', value: money(s.subtotal) });
    if (s.discount)
      rows.push({
        label: s.discountCode ? `Discount (${s.discountCode})` : 'Discount',
        value: `−${money(s.discount)}`,
      });
  } else {
    rows.push({ label: 'Items refunded', value: money(s.subtotal) });
    if (s.discount) rows.push({ label: 'Less their discounts', value: `−${money(s.discount)}` });
  }
  if (s.shipping)
    rows.push({
      label: s.shipping.name ? `Shipping (${s.shipping.name})` : 'Shipping',
      value: money(s.shipping.amount),
    });
  for (const t of s.taxes) {
    const [label, value] = taxWords(s, t).split(/: (?=[^:]*$)/) as [string, string];
    rows.push({ label, value });
  }
  if (s.adjustment)
    rows.push({
      label: s.adjustment < 0 ? 'Less: not refunded' : 'Refunded beyond items and shipping',
      value: s.adjustment < 0 ? `−${money(-s.adjustment)}` : money(s.adjustment),
    });
  rows.push({ label: s.kind === 'INVOICE' ? 'Total' : 'Total credited', value: money(s.total), bold: true });
  if (s.paid !== null) rows.push({ label: 'Paid', value: money(s.paid) });
  if (s.due !== null) rows.push({ label: 'Amount due', value: money(s.due), bold: true });

  const labelW = 230;
  const valueW = 90;
  const tx = left + width - labelW - valueW;
  if (y + rows.length * 15 + 10 > bottom()) {
    addPage(doc, s.paperSize);
    y = doc.page.margins.top;
  }
  y += 6;
  for (const row of rows) {
    if (row.bold) {
      doc
        .moveTo(tx, y - 2)
        .lineTo(left + width, y - 2)
        .lineWidth(0.7)
        .strokeColor(LINE)
        .stroke();
      y += 2;
    }
    doc
      .font(row.bold ? FONT_BOLD : FONT)
      .fontSize(row.bold ? 10.5 : 9.5)
      .fillColor('#000000');
    doc.text(row.label, tx, y, { width: labelW - 8, align: 'right' });
    doc.text(row.value, tx + labelW, y, { width: valueW, align: 'right' });
    y += row.bold ? 17 : 14;
  }

  // Notes.
  const notes: string[] = [];
  if (s.kind === 'CREDIT_NOTE') {
    notes.push(
      `Amounts are positive and credited to the buyer: this credit note reduces invoice ${s.credits?.invoiceNumber ?? ''} by ${money(s.total)}.`,
    );
    if (s.reason) notes.push(`Reason: ${s.reason}`);
  }
  if (!s.number)
    notes.push(
      s.kind === 'INVOICE'
        ? 'PREVIEW — not an invoice. This shows how the invoice would read if it were issued now.'
        : 'PREVIEW — not a credit note.',
    );
  if (s.note) notes.push(s.note);
  y += 10;
  doc.font(FONT).fontSize(9).fillColor(GREY);
  for (const note of notes) {
    const h = doc.heightOfString(note, { width });
    if (y + h > bottom()) {
      addPage(doc, s.paperSize);
      y = doc.page.margins.top;
    }
    doc.text(note, left, y, { width });
    y = doc.y + 4;
  }
}

/** The footer note and "Page n of m" at the foot of every page. */
function numberPages(doc: PDFKit.PDFDocument, s: DocumentSnapshot) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const left = doc.page.margins.left;
    const width = contentWidth(doc);
    const bottomMargin = doc.page.margins.bottom;
    // Written inside the bottom margin: lift the margin so pdfkit does not start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - bottomMargin - 14;
    doc.font(FONT).fontSize(8).fillColor(GREY);
    if (s.footerNote) doc.text(s.footerNote, left, y, { width: width - 90, height: 24, ellipsis: true });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, left + width - 90, y, {
      width: 90,
      align: 'right',
    });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.flushPages();
}
