/** STUB — being built (issue 13). */
export function AppointmentsPage() {
  return <h1>Appointments</h1>;
}
