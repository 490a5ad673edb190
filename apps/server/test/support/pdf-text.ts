/**
 * Reads a PDF back as a user would read it: the text of each page, through pdf.js (Mozilla's
 * reader), so a test checks what the document shows rather than how it was drawn.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js's own metrics of the standard fonts (the documents use Helvetica), from its package. */
const standardFontDataUrl = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

export interface PdfText {
  readonly title: string | null;
  readonly pages: readonly string[];
  /** Every page's text, joined with new lines. */
  readonly text: string;
}

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, disableFontFace: true, isEvalSupported: false, standardFontDataUrl }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const lines: string[] = [];
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        }
      }
      if (line !== '') lines.push(line);
      pages.push(lines.join('\n'));
    }
    const { info } = (await document.getMetadata()) as { info: { Title?: string } };
    return { title: info.Title ?? null, pages, text: pages.join('\n') };
  } finally {
    await document.destroy();
  }
}
