import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of each page of a PDF, as a reader would copy it (pdfjs-dist, the PDF reader of
 * Firefox): items joined by spaces, lines by newlines. Tests read documents through it rather
 * than trusting how they were drawn.
 */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      pages.push(text.replace(/[ \t]+\n/g, '\n').trim());
    }
    return pages;
  } finally {
    await task.destroy();
  }
}
