/**
 * Documents made of a patient's record (issue 26): the superbill of a range of paid visits, and the
 * patient's own copy of their record as a FHIR R4 bundle and as a readable PDF. Each is a read of
 * the caller's practice, audited as an export; another practice's patient is NOT_FOUND exactly as
 * an unknown one. The answer is the file itself (its name, type and bytes in base64): the
 * documents are a few pages, and a query keeps the one audited read path.
 */
import { patientIdSchema, recordFileName, superbillFileName, superbillLines, superbillRequestSchema } from '@wellspring/domain';
import { buildRecordBundle } from '../records/fhir-bundle.ts';
import { renderRecordPdf } from '../records/record-pdf.ts';
import { renderSuperbill } from '../records/superbill-pdf.ts';
import type { PracticeRepositories } from '../practice/practice-repositories.ts';
import type { ExportRecord } from '../practice/record-export.repository.ts';
import { patientNotFound } from './patients.router.ts';
import { practitionerProcedure, router } from './trpc.ts';

/** The patient's whole record: NOT_FOUND (as an unknown one) unless the patient is the practice's. */
async function recordOf(practice: PracticeRepositories, patientId: string): Promise<ExportRecord> {
  const patient = await practice.patients.detail(patientId);
  if (!patient) throw patientNotFound();
  const [visits, notes] = await Promise.all([practice.recordExport.visits(patient.id), practice.recordExport.signedNotes(patient.id)]);
  return { patient, visits, notes };
}

export interface DownloadFile {
  readonly fileName: string;
  readonly contentType: 'application/pdf' | 'application/fhir+json';
  readonly base64: string;
}

export const recordsRouter = router({
  /** The superbill of the patient's paid visits from `from` to `to`; `lines` 0 says there were none. */
  superbill: practitionerProcedure.input(superbillRequestSchema).query(async ({ ctx, input }): Promise<DownloadFile & { lines: number }> => {
    const patient = await ctx.practice.patients.detail(input.patientId);
    if (!patient) throw patientNotFound();
    const [practice, visits] = await Promise.all([ctx.practice.recordExport.practiceHeader(), ctx.practice.recordExport.superbillVisits(patient.id, input.from, input.to)]);
    const pdf = await renderSuperbill({ practice, patient, from: input.from, to: input.to, visits, issuedAt: ctx.scope.now });
    return { fileName: superbillFileName(patient.name, input.from, input.to), contentType: 'application/pdf', base64: pdf.toString('base64'), lines: superbillLines(visits).lines.length };
  }),

  /** The patient's record as a FHIR R4 Bundle (collection), as a `.fhir.json` file. */
  fhirBundle: practitionerProcedure.input(patientIdSchema).query(async ({ ctx, input }): Promise<DownloadFile> => {
    const [record, practice] = await Promise.all([recordOf(ctx.practice, input.id), ctx.practice.recordExport.practiceHeader()]);
    const bundle = buildRecordBundle({ ...practice, practiceId: ctx.scope.practiceId }, record, ctx.scope.now);
    return { fileName: recordFileName(record.patient.name, 'json'), contentType: 'application/fhir+json', base64: Buffer.from(JSON.stringify(bundle, null, 2)).toString('base64') };
  }),

  /** The same record as a readable PDF. */
  recordPdf: practitionerProcedure.input(patientIdSchema).query(async ({ ctx, input }): Promise<DownloadFile> => {
    const [record, practice] = await Promise.all([recordOf(ctx.practice, input.id), ctx.practice.recordExport.practiceHeader()]);
    const pdf = await renderRecordPdf(practice, record, ctx.scope.now);
    return { fileName: recordFileName(record.patient.name, 'pdf'), contentType: 'application/pdf', base64: pdf.toString('base64') };
  }),
});
