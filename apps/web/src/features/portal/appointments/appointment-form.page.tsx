/** STUB — being built (issue 13). */
export function AppointmentFormPage() {
  return <h1>New Appointment</h1>;
}
