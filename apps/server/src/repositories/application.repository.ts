import type { ApplicationStatus, ApplicationSubmission } from '@wellspring/domain';
import type { DatabaseTransaction } from '../db/client.ts';

export const APPLICATION_AGGREGATE = 'practitioner_application';

/** Locks the application row for the rest of the transaction; false when there is no such application. */
export async function lockApplicationRow(tx: DatabaseTransaction, id: string): Promise<boolean> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM practitioner_application WHERE id = ${id}::uuid FOR UPDATE`;
  return locked.length > 0;
}

export async function insertApplication(
  tx: DatabaseTransaction,
  application: { readonly id: string; readonly submission: ApplicationSubmission; readonly status: ApplicationStatus; readonly submittedAt: Date },
): Promise<void> {
  const { id, submission, status, submittedAt } = application;
  await tx.practitionerApplication.create({
    data: {
      id,
      name: submission.name,
      email: submission.email,
      phone: submission.phone,
      specialties: submission.specialties,
      experience: submission.experience,
      website: submission.website === '' ? null : submission.website,
      message: submission.message === '' ? null : submission.message,
      acceptTerms: submission.acceptTerms,
      source: submission.source,
      status,
      submittedAt,
    },
    select: { id: true },
  });
}

export async function updateApplicationStatus(tx: DatabaseTransaction, id: string, status: ApplicationStatus): Promise<void> {
  await tx.practitionerApplication.update({ where: { id }, data: { status }, select: { id: true } });
}
