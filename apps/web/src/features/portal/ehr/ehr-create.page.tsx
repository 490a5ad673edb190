/** STUB — being built (issue 13). */
export function EhrCreatePage() {
  return <h1>New EHR Record</h1>;
}
