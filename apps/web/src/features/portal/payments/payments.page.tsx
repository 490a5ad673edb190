/** STUB — being built (issue 13). */
export function PaymentsPage() {
  return <h1>Payment Records</h1>;
}
