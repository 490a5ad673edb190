/** The provider portal's routes (docs/product.md#portal), in one place for its screens and its sidebar. */
export const PORTAL_BASE = '/provider-portal';

export const portalPaths = {
  dashboard: `${PORTAL_BASE}/dashboard`,
  appointments: `${PORTAL_BASE}/appointments`,
  newAppointment: `${PORTAL_BASE}/appointments/new`,
  editAppointment: (id: string) => `${PORTAL_BASE}/appointments/edit/${encodeURIComponent(id)}`,
  patients: `${PORTAL_BASE}/patients`,
  patient: (id: string) => `${PORTAL_BASE}/patients/${encodeURIComponent(id)}`,
  ehr: `${PORTAL_BASE}/ehr`,
  /** `ehr/create` with the query parameters of docs/product.md#portal: appointmentId, patientId, patientName. */
  newEhrRecord: (links: { appointmentId?: string; patientId?: string; patientName?: string } = {}) => withQuery(`${PORTAL_BASE}/ehr/create`, links),
  payments: `${PORTAL_BASE}/payments`,
  /** `payments/create`, for the appointment `appointmentId` when given. */
  newPayment: (links: { appointmentId?: string } = {}) => withQuery(`${PORTAL_BASE}/payments/create`, links),
  settings: `${PORTAL_BASE}/settings`,
} as const;

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
