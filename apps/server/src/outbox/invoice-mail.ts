/**
 * The e-mail of an issued invoice to its patient (issue 26), delivered by the outbox relay
 * (`InvoiceSent`): the invoice is read from its row and its PDF rendered when the e-mail goes out,
 * so the outbox holds only the invoice's id and number.
 */
import { formatMoney } from '@wellspring/domain';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { Database } from '../db/client.ts';
import { invoiceFileName, invoiceTitle, renderInvoicePdf } from '../pdf/invoice-pdf.ts';
import { invoiceDocument, type InvoiceDocument } from '../practice/invoices.repository.ts';
import { inPracticeOfRow, sqlOf } from '../practice/practice-transaction.ts';
import { escapeHtml, type InviteMailSettings } from './invite-mail.ts';

/** The invoice `invoiceId` as it is now, or null when there is none (or it has no e-mail address). */
export function loadInvoiceMail(db: Database, invoiceId: string): Promise<InvoiceDocument | null> {
  return inPracticeOfRow(db, { table: 'invoice', id: invoiceId }, async (tx, practiceId) => {
    if (!practiceId) return null;
    const invoice = await invoiceDocument(sqlOf(tx), practiceId, invoiceId);
    return invoice && invoice.patientEmail !== '' && invoice.number !== null ? invoice : null;
  });
}

export async function composeInvoiceMail(eventId: string, invoice: InvoiceDocument, settings: Pick<InviteMailSettings, 'mailFrom' | 'publicUrl'>, now: Date): Promise<Mail.Options> {
  const host = new URL(settings.publicUrl).hostname || 'wellspring.local';
  const title = invoiceTitle(invoice);
  const total = formatMoney(invoice.totalMinor, invoice.currency);
  const status = invoice.status === 'paid' ? 'It has been paid: thank you.' : `The amount due is ${total}.`;
  const lines = [`Hello ${invoice.patientName},`, '', `Please find attached ${`invoice ${invoice.number ?? ''}`.trim()} from ${invoice.practiceName}, for ${total}.`, status, '', `— ${invoice.practiceName}`];
  return {
    from: settings.mailFrom,
    to: { name: invoice.patientName, address: invoice.patientEmail },
    subject: `${title} from ${invoice.practiceName}`,
    text: lines.join('\n'),
    html: ['<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">', ...lines.filter((line) => line !== '').map((line) => `<p>${escapeHtml(line)}</p>`), '</body></html>'].join('\n'),
    attachments: [{ filename: invoiceFileName(invoice), content: await renderInvoicePdf(invoice, now), contentType: 'application/pdf' }],
    messageId: `<invoice-${eventId}@${host}>`,
    headers: { 'X-Wellspring-Event-Id': eventId },
  };
}
