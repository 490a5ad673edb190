/**
 * An invoice as a PDF (issue 26): the practice, the invoice's number and dates, the patient, one row
 * per line and the totals — the same figures the Billing screen shows, formatted by the domain.
 */
import { formatLongDate, formatMoney, invoiceStatusLabel, taxRateText } from '@wellspring/domain';
import type { InvoiceDocument } from '../practice/invoices.repository.ts';
import { fields, heading, renderPdf, table, titleBlock, totals } from './pdf-document.ts';

/** "INV-2026-0001.pdf", or "invoice-draft.pdf" before it has a number. */
export const invoiceFileName = (invoice: Pick<InvoiceDocument, 'number'>): string => `${invoice.number ?? 'invoice-draft'}.pdf`;

/** The invoice's title: its number, or "Draft invoice". */
export const invoiceTitle = (invoice: Pick<InvoiceDocument, 'number'>): string => (invoice.number ? `Invoice ${invoice.number}` : 'Draft invoice');

export function renderInvoicePdf(invoice: InvoiceDocument, createdAt: Date): Promise<Buffer> {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const rate = taxRateText(invoice.taxRateBasisPoints);
  return renderPdf({ title: invoiceTitle(invoice), author: invoice.practiceName, createdAt }, (doc) => {
    titleBlock(doc, invoiceTitle(invoice), [invoice.practiceName]);
    fields(doc, [
      ['Status', invoiceStatusLabel(invoice.status)],
      ['Date of issue', invoice.issuedOn ? formatLongDate(invoice.issuedOn, invoice.timeZone) : null],
      ['Billed to', invoice.patientName],
      ['E-mail', invoice.patientEmail],
    ]);
    heading(doc, 'Items');
    table(
      doc,
      [
        { header: 'Description', width: 0.52 },
        { header: 'Qty', width: 0.1, align: 'right' },
        { header: 'Unit price', width: 0.19, align: 'right' },
        { header: 'Amount', width: 0.19, align: 'right' },
      ],
      invoice.lines.map((line) => [line.description, String(line.quantity), money(line.unitPriceMinor), money(line.quantity * line.unitPriceMinor)]),
    );
    totals(doc, [
      ['Subtotal', money(invoice.subtotalMinor)],
      ...(rate === '' ? [] : [[`Tax (${rate}%)`, money(invoice.taxMinor)] as const]),
      ['Total', money(invoice.totalMinor)],
    ]);
  });
}
