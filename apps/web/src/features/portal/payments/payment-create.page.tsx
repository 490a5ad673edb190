/** STUB — being built (issue 13). */
export function PaymentCreatePage() {
  return <h1>Record Payment</h1>;
}
