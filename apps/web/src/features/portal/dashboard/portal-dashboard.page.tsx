/** STUB — being built (issue 13). */
export function PortalDashboardPage() {
  return <h1>Provider Dashboard</h1>;
}
