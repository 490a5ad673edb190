import { LinkButton } from '../../ui/button/button.tsx';
import { CalendarIcon } from '../../ui/icons/icons.tsx';
import { portalPaths } from './portal-paths.ts';

/** The portal's "New Appointment" action, in the dashboard's and the appointment list's headers. */
export function NewAppointmentButton() {
  return (
    <LinkButton href={portalPaths.newAppointment}>
      <CalendarIcon size={18} />
      New Appointment
    </LinkButton>
  );
}
