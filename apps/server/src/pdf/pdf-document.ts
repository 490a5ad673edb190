/**
 * The one way the server writes a PDF (invoices, superbills, a patient's record): pdfkit with its
 * built-in Helvetica (no font is fetched or embedded from disk by us), US Letter, and a few layout
 * pieces every document shares — a title block, label/value lines, a table with a header row that
 * repeats on a new page. Record 0036 says why pdfkit.
 *
 * A document is drawn synchronously into pdfkit and collected into one Buffer; the documents are a
 * few pages, so streaming them to the response would buy nothing.
 */
import PDFDocument from 'pdfkit';

export type Pdf = InstanceType<typeof PDFDocument>;

const margin = 54;
const fontSize = { title: 18, heading: 12, body: 10, small: 8 } as const;

export interface PdfMeta {
  /** The document's title, shown in a viewer's title bar. */
  readonly title: string;
  /** Who the document is from (the practice). */
  readonly author: string;
  /** When it was made; fixed by the caller so a test can compare. */
  readonly createdAt: Date;
}

/** Draws a document with `draw` and returns its bytes. */
export function renderPdf(meta: PdfMeta, draw: (doc: Pdf) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin,
    bufferPages: true,
    info: { Title: meta.title, Author: meta.author, Creator: 'Wellspring', CreationDate: meta.createdAt },
    lang: 'en-US',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica').fontSize(fontSize.body);
  draw(doc);
  numberPages(doc);
  doc.end();
  return done;
}

/** "Page 1 of 2" at the foot of every page. */
function numberPages(doc: Pdf): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(fontSize.small)
      .fillColor('#555555')
      .text(`Page ${index + 1} of ${range.count}`, margin, doc.page.height - margin / 2 - fontSize.small, { width: contentWidth(doc), align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor('#000000');
}

const contentWidth = (doc: Pdf): number => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** The document's title and, under it, lines such as the issuer's name and address. */
export function titleBlock(doc: Pdf, title: string, lines: readonly string[] = []): void {
  doc.font('Helvetica-Bold').fontSize(fontSize.title).text(title, margin, doc.y);
  doc.font('Helvetica').fontSize(fontSize.body);
  for (const line of lines) doc.text(line);
  doc.moveDown();
}

export function heading(doc: Pdf, text: string): void {
  ensureSpace(doc, 40);
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(fontSize.heading).text(text, margin, doc.y);
  doc.font('Helvetica').fontSize(fontSize.body).moveDown(0.25);
}

/** A bold line of body size, heading what follows (a note's title, a SOAP section's name). */
export function subheading(doc: Pdf, text: string): void {
  ensureSpace(doc, 30);
  doc.font('Helvetica-Bold').fontSize(fontSize.body).text(text, margin, doc.y);
  doc.font('Helvetica');
}

/** "Label: value" lines; an empty value is left out. */
export function fields(doc: Pdf, rows: readonly (readonly [label: string, value: string | null | undefined])[]): void {
  for (const [label, value] of rows) {
    if (value === null || value === undefined || value === '') continue;
    doc.font('Helvetica-Bold').text(`${label}: `, margin, doc.y, { continued: true }).font('Helvetica').text(value);
  }
}

/** A paragraph of free text (a note's section, an addendum). */
export function paragraph(doc: Pdf, text: string): void {
  doc.font('Helvetica').fontSize(fontSize.body).text(text, margin, doc.y, { width: contentWidth(doc) });
}

export interface PdfColumn {
  readonly header: string;
  /** A share of the content width; the shares of a table's columns add up to 1. */
  readonly width: number;
  readonly align?: 'left' | 'right';
}

/** A table: a bold header row, one row per entry, the header again on each new page. */
export function table(doc: Pdf, columns: readonly PdfColumn[], rows: readonly (readonly string[])[]): void {
  const total = contentWidth(doc);
  const widths = columns.map((column) => column.width * total);
  const drawRow = (cells: readonly string[], bold: boolean): void => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize.body);
    const height = Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: (widths[index] ?? 0) - 6 }))) + 6;
    ensureSpace(doc, height + (bold ? 0 : 0));
    const top = doc.y;
    let x = margin;
    cells.forEach((cell, index) => {
      const width = widths[index] ?? 0;
      doc.text(cell, x + 3, top + 3, { width: width - 6, align: columns[index]?.align ?? 'left' });
      x += width;
    });
    doc.y = top + height;
    doc.moveTo(margin, doc.y).lineTo(margin + total, doc.y).lineWidth(bold ? 1 : 0.5).strokeColor(bold ? '#000000' : '#999999').stroke();
  };
  drawRow(columns.map((column) => column.header), true);
  for (const row of rows) {
    if (doc.y + 30 > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      drawRow(columns.map((column) => column.header), true);
    }
    drawRow(row, false);
  }
  doc.x = margin;
  doc.moveDown(0.5);
}

/** Starts a new page when fewer than `height` points are left on this one. */
function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** Right-aligned "Label  value" lines under a table (an invoice's subtotal, tax and total); the last one bold. */
export function totals(doc: Pdf, rows: readonly (readonly [label: string, value: string])[]): void {
  const width = contentWidth(doc);
  ensureSpace(doc, rows.length * 16 + 10);
  rows.forEach(([label, value], index) => {
    const top = doc.y;
    doc.font(index === rows.length - 1 ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize.body);
    doc.text(label, margin + width * 0.55, top, { width: width * 0.25, align: 'right' });
    doc.text(value, margin + width * 0.8, top, { width: width * 0.2 - 3, align: 'right' });
    doc.y = Math.max(doc.y, top + 14);
  });
  doc.x = margin;
  doc.font('Helvetica').moveDown(0.5);
}
