/**
 * The superbill as a PDF (issue 26): the practice (name, address, NPI, tax id, practitioner), the
 * patient (name, date of birth, address), the statement's dates, a line per date of service with
 * its CPT and ICD-10-CM codes, fee and amount paid, and the totals per currency. Drawn through the
 * one PDF module (record 0036).
 */
import { formatLongDate, formatMoney, superbillLines, type CalendarDate, type PatientDetail, type SuperbillVisit } from '@wellspring/domain';
import { fields, heading, paragraph, renderPdf, table, titleBlock } from '../pdf/pdf-document.ts';
import type { PracticeHeader } from '../practice/record-export.repository.ts';

export interface SuperbillDocument {
  readonly practice: PracticeHeader;
  readonly patient: Pick<PatientDetail, 'name' | 'dob' | 'address'>;
  readonly from: CalendarDate;
  readonly to: CalendarDate;
  readonly visits: readonly SuperbillVisit[];
  readonly issuedAt: Date;
}

const NONE = '—';

export function renderSuperbill(superbill: SuperbillDocument): Promise<Buffer> {
  const { practice, patient, from, to } = superbill;
  const zone = practice.timeZone;
  const { lines, totals } = superbillLines(superbill.visits);
  return renderPdf({ title: `Superbill — ${patient.name}`, author: practice.name, createdAt: superbill.issuedAt }, (doc) => {
    titleBlock(doc, 'Superbill', [practice.name, ...practice.address.split('\n').filter((line) => line.trim() !== '')]);
    fields(doc, [
      ['Practitioner', practice.practitionerName],
      ['NPI', practice.npi],
      ['Tax ID (EIN)', practice.taxId],
      ['Issued', formatLongDate(superbill.issuedAt, zone)],
    ]);
    heading(doc, 'Patient');
    fields(doc, [
      ['Name', patient.name],
      ['Date of birth', patient.dob === null ? null : formatLongDate(patient.dob, zone)],
      ['Address', patient.address.replace(/\s*\n\s*/g, ', ')],
    ]);
    heading(doc, `Services from ${formatLongDate(from, zone)} to ${formatLongDate(to, zone)}`);
    if (lines.length === 0) {
      paragraph(doc, 'No paid visits in these dates.');
      return;
    }
    table(
      doc,
      [
        { header: 'Date of service', width: 0.22 },
        { header: 'CPT', width: 0.18 },
        { header: 'ICD-10-CM', width: 0.24 },
        { header: 'Fee', width: 0.18, align: 'right' },
        { header: 'Paid', width: 0.18, align: 'right' },
      ],
      lines.map((line) => [
        formatLongDate(line.date, zone),
        line.cptCodes.join(', ') || NONE,
        line.icd10Codes.join(', ') || NONE,
        formatMoney(line.feeMinor, line.currency),
        formatMoney(line.paidMinor, line.currency),
      ]),
    );
    heading(doc, 'Totals');
    for (const total of totals) {
      const label = totals.length > 1 ? ` (${total.currency.toUpperCase()})` : '';
      fields(doc, [
        [`Total fees${label}`, formatMoney(total.feeMinor, total.currency)],
        [`Total paid${label}`, formatMoney(total.paidMinor, total.currency)],
        [`Balance due${label}`, formatMoney(total.balanceMinor, total.currency)],
      ]);
    }
    doc.moveDown();
    paragraph(doc, 'Submit this statement to your insurer or HSA/FSA administrator with any claim form they require.');
  });
}
