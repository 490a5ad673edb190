/** Billing's screens (issue 26), for the side menu, the billing feature and the portal's appointments. */
export const billingPaths = {
  list: '/dashboard/billing',
  invoice: (id: string) => `/dashboard/billing/${encodeURIComponent(id)}`,
  /** The list with its New invoice dialog open for the completed appointment `appointmentId`. */
  newFromAppointment: (appointmentId: string) => `/dashboard/billing?appointment=${encodeURIComponent(appointmentId)}`,
} as const;
