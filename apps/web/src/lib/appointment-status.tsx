import { appointmentStatusColor, appointmentStatusLabel, appointmentTimingLabels, type AppointmentStatus, type AppointmentTiming } from '@wellspring/domain';
import { Badge } from '../ui/badge/badge.tsx';
import * as styles from './appointment-status.css.ts';

/**
 * An appointment's status as every screen shows it (record 0046): the machine's own, in docs/product.md#appointments's
 * colours, and beside an open one the cue of where it stands in time ("Upcoming", "In progress",
 * "Past"). The clock never changes the status itself: a past visit nobody completed says
 * "Scheduled" and "Past", in the patient's record and in the portal alike.
 */
export function AppointmentStatusBadges({ status, timing }: { status: AppointmentStatus; timing?: AppointmentTiming | null }) {
  return (
    <span className={styles.badges}>
      <Badge color={appointmentStatusColor(status)}>{appointmentStatusLabel(status)}</Badge>
      {timing ? <Badge tone="outline">{appointmentTimingLabels[timing]}</Badge> : null}
    </span>
  );
}
