/** `/dashboard/patients` (SPEC §2 Patient list), inside the signed-in shell: a placeholder until the list is built. */
export function PatientListPage() {
  return <h1>Patient Records</h1>;
}
