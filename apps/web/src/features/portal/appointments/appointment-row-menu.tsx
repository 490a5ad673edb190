import { allowedAppointmentActions, type AppointmentAction, type AppointmentStatus } from '@wellspring/domain';
import { Button } from '../../../ui/button/button.tsx';
import { EllipsisVertical } from 'lucide';
import { sized } from '../../../ui/icons/icons.tsx';
import { Menu, MenuItem } from '../../../ui/menu/menu.tsx';
import { billingPaths } from '../../../lib/billing-paths.ts';
import { portalPaths } from '../portal-paths.ts';

/** What the row menu can do: the machine's actions for the row's status, the visit's billing codes, and Delete. */
export type RowMenuAction = AppointmentAction | 'codes' | 'delete';

const rowMenuLabels: Record<RowMenuAction, string> = {
  confirm: 'Mark as Confirmed',
  complete: 'Mark as Completed',
  cancel: 'Cancel Appointment',
  reschedule: 'Edit',
  codes: 'Billing Codes',
  delete: 'Delete',
};

/**
 * The row menu's entries, in order: exactly what the appointment machine allows now, Billing Codes
 * (for any visit but a cancelled one, as the machine's SetCodes), then Delete.
 */
const rowMenuActions = (status: AppointmentStatus): RowMenuAction[] => [...allowedAppointmentActions(status), ...(status === 'cancelled' ? [] : ['codes' as const]), 'delete'];

/** A completed appointment can be invoiced (issue 26): a link to Billing's New invoice for it. */
const NEW_INVOICE = 'new-invoice';
const newInvoiceLabel = 'New Invoice';

const MoreIcon = /* @__PURE__ */ sized(EllipsisVertical);

export interface AppointmentRowMenuProps {
  readonly appointmentId: string;
  readonly status: AppointmentStatus;
  /** The menu button's accessible name, naming the row ("Actions for Emma Thompson, June 5, 2025 at 2:30 PM"). */
  readonly label: string;
  readonly isDisabled?: boolean;
  /** A transition, Billing Codes or Delete was chosen (Edit navigates by itself). */
  readonly onAction: (action: Exclude<RowMenuAction, 'reschedule'>) => void;
}

/**
 * A row's action menu (react-aria Menu: arrow keys, Enter, Escape; focus returns to the button).
 * Reschedule is "Edit", a link to the edit form.
 */
export function AppointmentRowMenu({ appointmentId, status, label, isDisabled, onAction }: AppointmentRowMenuProps) {
  const items = [
    ...(status === 'completed' ? [{ id: NEW_INVOICE, label: newInvoiceLabel }] : []),
    ...rowMenuActions(status).map((action) => ({ id: action, label: rowMenuLabels[action] })),
  ];
  return (
    <Menu
      aria-label={label}
      items={items}
      button={
        <Button variant="ghost" size="icon" aria-label={label} isDisabled={isDisabled}>
          <MoreIcon size={18} />
        </Button>
      }
      onAction={(key) => {
        const action = String(key);
        if (action !== 'reschedule' && action !== NEW_INVOICE) onAction(action as Exclude<RowMenuAction, 'reschedule'>);
      }}
    >
      {(item) => (
        <MenuItem id={item.id} href={item.id === 'reschedule' ? portalPaths.editAppointment(appointmentId) : item.id === NEW_INVOICE ? billingPaths.newFromAppointment(appointmentId) : undefined}>
          {item.label}
        </MenuItem>
      )}
    </Menu>
  );
}
