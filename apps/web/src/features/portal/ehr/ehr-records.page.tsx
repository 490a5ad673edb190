/** STUB — being built (issue 13). */
export function EhrRecordsPage() {
  return <h1>All EHR Records</h1>;
}
