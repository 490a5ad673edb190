import { TextLink } from '../../ui/link/link.tsx';

/** `/dashboard/patients/:id` (SPEC §2 Patient detail), inside the signed-in shell: a placeholder until the record is built. */
export function PatientDetailPage() {
  return (
    <>
      <TextLink href="/dashboard/patients">Back to Patient List</TextLink>
      <h1>Patient Record</h1>
    </>
  );
}
