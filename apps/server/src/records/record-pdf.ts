/**
 * The patient's copy of their record as a readable PDF (issue 26), the same record as the FHIR
 * bundle: the patient's details, insurance, conditions, allergies and medications, every visit, and
 * each signed note with its addenda. Drawn through the one PDF module (record 0036).
 */
import { appointmentModeLabel, appointmentStatusLabel, appointmentTypeLabel, ehrRecordTypeLabel, formatLongDate, formatLongDateTime } from '@wellspring/domain';
import { fields, heading, paragraph, renderPdf, subheading, table, titleBlock, type Pdf } from '../pdf/pdf-document.ts';
import type { ExportNote, ExportRecord, PracticeHeader } from '../practice/record-export.repository.ts';

const NONE = '—';
const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, ', ');

export function renderRecordPdf(practice: PracticeHeader, record: ExportRecord, exportedAt: Date): Promise<Buffer> {
  const { patient } = record;
  const zone = practice.timeZone;
  return renderPdf({ title: `Health record — ${patient.name}`, author: practice.name, createdAt: exportedAt }, (doc) => {
    titleBlock(doc, 'Health record', [patient.name, `From ${practice.name}, ${formatLongDate(exportedAt, zone)}`]);
    heading(doc, 'Patient');
    fields(doc, [
      ['Name', patient.name],
      ['Date of birth', patient.dob === null ? null : formatLongDate(patient.dob, zone)],
      ['Email', patient.email],
      ['Phone', patient.phone],
      ['Address', oneLine(patient.address)],
      ['Emergency contact', [patient.emergency.name, patient.emergency.relationship, patient.emergency.phone].filter((part) => part.trim() !== '').join(', ')],
    ]);
    const { insurance } = patient;
    if (insurance.provider || insurance.policyNumber || insurance.group) {
      heading(doc, 'Insurance');
      fields(doc, [
        ['Provider', insurance.provider],
        ['Policy number', insurance.policyNumber],
        ['Group', insurance.group],
      ]);
    }
    heading(doc, 'Conditions');
    paragraph(doc, patient.conditions.length > 0 ? patient.conditions.join(', ') : 'None recorded');
    if (patient.allergies.length > 0) {
      heading(doc, 'Allergies');
      table(
        doc,
        [
          { header: 'Allergy', width: 0.35 },
          { header: 'Severity', width: 0.2 },
          { header: 'Reaction', width: 0.45 },
        ],
        patient.allergies.map((allergy) => [allergy.name, allergy.severity, allergy.reaction || NONE]),
      );
    }
    if (patient.medications.length > 0) {
      heading(doc, 'Medications');
      table(
        doc,
        [
          { header: 'Medication', width: 0.3 },
          { header: 'Dosage', width: 0.2 },
          { header: 'Frequency', width: 0.2 },
          { header: 'Purpose', width: 0.3 },
        ],
        patient.medications.map((medication) => [medication.name, medication.dosage || NONE, medication.frequency || NONE, medication.purpose || NONE]),
      );
    }
    heading(doc, 'Visits');
    if (record.visits.length === 0) paragraph(doc, 'No visits');
    else {
      table(
        doc,
        [
          { header: 'Date', width: 0.26 },
          { header: 'Visit', width: 0.3 },
          { header: 'Status', width: 0.14 },
          { header: 'Codes', width: 0.3 },
        ],
        record.visits.map((visit) => [
          formatLongDateTime(visit.startsAt, zone),
          `${appointmentTypeLabel(visit.type)}, ${visit.durationMinutes} min, ${appointmentModeLabel(visit.mode)}`,
          appointmentStatusLabel(visit.status),
          [...visit.cptCodes, ...visit.icd10Codes].join(', ') || NONE,
        ]),
      );
    }
    heading(doc, 'Clinical notes');
    if (record.notes.length === 0) paragraph(doc, 'No signed notes');
    for (const note of record.notes) drawNote(doc, note, zone);
  });
}

function drawNote(doc: Pdf, note: ExportNote, zone: string): void {
  doc.moveDown(0.5);
  subheading(doc, note.title);
  fields(doc, [
    ['Type', ehrRecordTypeLabel(note.type)],
    ['Written', formatLongDateTime(note.writtenAt, zone)],
    ['By', note.authorName],
    ['Signed', note.signedAt === null ? null : formatLongDateTime(note.signedAt, zone)],
  ]);
  const sections = [
    ['Subjective', note.sections.subjective],
    ['Objective', note.sections.objective],
    ['Assessment', note.sections.assessment],
    ['Plan', note.sections.plan],
  ] as const;
  for (const [label, text] of sections) {
    if (text.trim() === '') continue;
    subheading(doc, label);
    paragraph(doc, text);
  }
  for (const addendum of note.addenda) {
    subheading(doc, `Addendum, ${formatLongDateTime(addendum.at, zone)}, ${addendum.author}`);
    paragraph(doc, addendum.text);
  }
}
