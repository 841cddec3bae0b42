import { describe, expect, it } from 'vitest';
import { addPage, drawCode128, formatMoney, openPdf, FONT_BOLD } from './pdf-document.js';
import { pdfText } from '../../../../test/support/pdf-text.js';

async function render(draw: (doc: PDFKit.PDFDocument) => void, createdAt = new Date('2026-11-29T10:00:00Z')) {
  const doc = openPdf({ layout: 'A4', title: 'Test', createdAt });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  addPage(doc, 'A4');
  draw(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

describe('pdf documents', () => {
  it('prints names in any Latin, Greek or Cyrillic script, money and a barcode', async () => {
    const pdf = await render((doc) => {
      doc.font(FONT_BOLD).text('Łódź Müller Ελένη Пётр');
      doc.text(formatMoney(123456, 'EUR'));
      expect(drawCode128(doc, 'TEE-BLK-M', { x: 50, y: 200, width: 150, height: 30 })).toBe(true);
    });
    const pages = await pdfText(pdf);
    expect(pages[0]).toContain('Łódź Müller Ελένη Пётр');
    expect(pages[0]).toContain('€1,234.56');
  });

  it('is the same bytes when drawn again with the same content and date', async () => {
    const draw = (doc: PDFKit.PDFDocument) => doc.text('INV-2026-000001');
    const a = await render(draw);
    const b = await render(draw);
    expect(a.equals(b)).toBe(true);
    const c = await render(draw, new Date('2026-11-30T10:00:00Z'));
    expect(a.equals(c)).toBe(false);
  });

  it('refuses to draw what Code 128 cannot carry', async () => {
    await render((doc) => {
      expect(drawCode128(doc, '条码', { x: 50, y: 50, width: 100, height: 20 })).toBe(false);
    });
  });
});
