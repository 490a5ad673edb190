import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonProps } from '../../ui/button/button.tsx';
import { CalendarIcon } from '../../ui/icons/icons.tsx';
import type { BookingDialogProps } from './booking-dialog.tsx';

// The booking dialog (calendar, form, the domain's schemas) loads when Book is first pointed at,
// focused or pressed, not with the page that shows the button.
const loadBookingDialog = () => import('./booking-dialog.tsx').then((m) => ({ default: m.BookingDialog }));
const BookingDialog = lazy(loadBookingDialog);

export type BookButtonProps = Pick<ButtonProps, 'variant' | 'size' | 'className' | 'aria-label'> & {
  readonly practitioner: BookingDialogProps['practitioner'];
};

/**
 * "Book" for a listing that takes online bookings (issue 24), on its profile and on its search
 * card: opens the one booking dialog. The caller shows it only where the listing is bookable.
 */
export function BookButton({ practitioner, ...buttonProps }: BookButtonProps) {
  const [booking, setBooking] = useState(false);
  return (
    <>
      <Button {...buttonProps} onHoverStart={() => void loadBookingDialog()} onFocus={() => void loadBookingDialog()} onPress={() => setBooking(true)}>
        <CalendarIcon size={18} />
        Book
      </Button>
      {booking ? (
        <Suspense fallback={null}>
          <BookingDialog practitioner={practitioner} onClose={() => setBooking(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
