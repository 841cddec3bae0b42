import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import bwipjs from 'bwip-js/node';
import { currencyDecimals, formatInTimeZone, STORE_DATE } from '@stockroom/domain';

/**
 * What every Stockroom document is drawn with (issue #33): pdfkit pages of the store's paper size
 * or a 4×6 label, DejaVu Sans embedded (Latin, Greek and Cyrillic names print as typed; pdfkit
 * keeps only the glyphs used), Code 128 barcodes drawn as vectors (bwip-js encodes, we draw the
 * bars, so they stay sharp at any printer's resolution), money and dates as the store writes them.
 * A document given the same content and `createdAt` is the same bytes: re-printing an invoice
 * gives the invoice again.
 */

export type PageLayout = 'A4' | 'LETTER' | 'LABEL_4X6';

/** Points (1/72 in). */
export const PAGE_SIZES: Record<PageLayout, [number, number]> = {
  A4: [595.28, 841.89],
  LETTER: [612, 792],
  LABEL_4X6: [288, 432],
};

/** Margins in points: a laser page keeps 15 mm clear; a label printer prints nearly to the edge. */
export const PAGE_MARGINS: Record<PageLayout, number> = { A4: 42, LETTER: 42, LABEL_4X6: 14 };

export const FONT = 'Body';
export const FONT_BOLD = 'Bold';

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;
function fontFiles() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

export interface OpenPdf {
  layout: PageLayout;
  title: string;
  /** Written as the document's creation date; fixed for documents that must re-print identically. */
  createdAt: Date;
}

/**
 * A new document with no page yet (call `addPage(doc, layout)`), fonts registered, info set.
 * The caller pipes it to the response and calls `end()`.
 */
export function openPdf({ layout, title, createdAt }: OpenPdf): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    autoFirstPage: false,
    size: PAGE_SIZES[layout],
    margin: PAGE_MARGINS[layout],
    info: { Title: title, Producer: 'Stockroom', Creator: 'Stockroom', CreationDate: createdAt },
    pdfVersion: '1.7',
    lang: 'en',
  });
  const { regular, bold } = fontFiles();
  doc.registerFont(FONT, regular);
  doc.registerFont(FONT_BOLD, bold);
  doc.font(FONT);
  return doc;
}

export function addPage(doc: PDFKit.PDFDocument, layout: PageLayout): void {
  doc.addPage({ size: PAGE_SIZES[layout], margin: PAGE_MARGINS[layout] });
  doc.font(FONT);
}

/** The width inside the margins of the current page. */
export function contentWidth(doc: PDFKit.PDFDocument): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** The bottom edge text may reach on the current page. */
export function contentBottom(doc: PDFKit.PDFDocument): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** 1999, USD → "$19.99"; an unknown currency → "19.99 XYZ". */
export function formatMoney(minor: number, currencyCode: string): string {
  const decimals = currencyDecimals(currencyCode);
  const amount = minor / 10 ** decimals;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currencyCode,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(amount);
  } catch {
    return `${amount.toFixed(decimals)} ${currencyCode}`;
  }
}

/** "29 Nov 2026" in the store's time zone. */
export function formatDocumentDate(date: Date, timeZone: string): string {
  return formatInTimeZone(date, timeZone, STORE_DATE);
}

/** An address as its country writes it, one line each (name, company, street, city line, country name). */
export { addressLines } from '@stockroom/domain';

const barcodeCache = new Map<
  string,
  { width: number; height: number; paths: { stroke: number; d: string }[] }
>();

/** The bars of `value` as Code 128 (bwip-js), kept for the next slip that prints the same code. */
function code128Bars(value: string) {
  let bars = barcodeCache.get(value);
  if (!bars) {
    const svg = bwipjs.toSVG({ bcid: 'code128', text: value, scale: 1, height: 10, includetext: false });
    const box = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg);
    const paths = [...svg.matchAll(/<path stroke="#000000" stroke-width="([\d.]+)" d="([^"]+)"/g)].map(
      (m) => ({
        stroke: Number(m[1]),
        d: m[2]!,
      }),
    );
    bars = { width: Number(box?.[1] ?? 1), height: Number(box?.[2] ?? 1), paths };
    if (barcodeCache.size > 5_000) barcodeCache.clear();
    barcodeCache.set(value, bars);
  }
  return bars;
}

/**
 * Draws `value` as a Code 128 barcode in the box (x, y, width, height), with its quiet zones
 * inside the box. A value a scanner would not read back as typed (empty, longer than 80, or with
 * characters beyond printable ASCII, which Code 128 carries only through extended modes scanners
 * disagree on) draws nothing and returns false, so the caller prints the text alone.
 */
export function drawCode128(
  doc: PDFKit.PDFDocument,
  value: string,
  box: { x: number; y: number; width: number; height: number },
): boolean {
  if (!/^[\x20-\x7e]{1,80}$/.test(value)) return false;
  let bars;
  try {
    bars = code128Bars(value);
  } catch {
    return false;
  }
  // Ten modules of quiet zone each side, as scanners expect.
  const modules = bars.width + 20;
  const scaleX = box.width / modules;
  const scaleY = box.height / bars.height;
  doc.save();
  doc.translate(box.x + 10 * scaleX, box.y).scale(scaleX, scaleY);
  for (const p of bars.paths) doc.path(p.d).lineWidth(p.stroke).stroke('#000000');
  doc.restore();
  return true;
}
