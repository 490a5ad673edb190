/** STUB — being built (issue 13). */
export function PortalSettingsPage() {
  return <h1>Settings</h1>;
}
