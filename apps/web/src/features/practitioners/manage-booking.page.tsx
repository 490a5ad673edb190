import { useMutation, useQuery } from '@tanstack/react-query';
import { bookingManageMessages, formatTimeOfDay, slotInZone, type OpenSlot } from '@wellspring/domain';
import { useMemo, useState } from 'react';
import { apiErrorCode, apiErrorMessage } from '../../lib/api-errors.ts';
import { ApiProvider } from '../../lib/api.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button, LinkButton } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { FormAlert } from '../../ui/form/form.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import * as styles from './manage-booking.css.ts';

/** The visitor's own zone (the browser's), in which every time is shown. */
const visitorZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const dayLabel = (startsAt: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone }).format(new Date(startsAt));

const whenLabel = (startsAt: string, timeZone: string): string => `${dayLabel(startsAt, timeZone)} at ${formatTimeOfDay(startsAt, timeZone)}`;

/** The token rides in the link's fragment, which the browser never sends to a server. */
const tokenOfLocation = (): string => (typeof window === 'undefined' ? '' : decodeURIComponent(window.location.hash.replace(/^#/, '')).trim());

/** An earlier time an e-mail offers (`?earlier=`), read from the link as it was opened. */
const earlierOfLocation = (): string | null => (typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('earlier'));

type Done = { readonly kind: 'cancelled' } | { readonly kind: 'moved'; readonly startsAt: string };

/**
 * `/bookings/manage#<token>` (issue 24): the patient's private link from their booking e-mails. It
 * shows the booking in the patient's own zone and lets them cancel it or move it to another open
 * time until the practice's cancellation window; an e-mail about an earlier time that opened links
 * here with `?earlier=` to take it in one step. The server enforces all of it; a dead link (the
 * booking cancelled or moved, or over) says so.
 */
export function ManageBookingPage() {
  return (
    <ApiProvider>
      <ManageBooking />
    </ApiProvider>
  );
}

function ManageBooking() {
  useDocumentTitle('Your booking');
  const trpc = useTRPC();
  const zone = useMemo(visitorZone, []);
  const [token] = useState(tokenOfLocation);
  const [earlier] = useState(earlierOfLocation);
  const [done, setDone] = useState<Done | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  const [moveError, setMoveError] = useState<string | null>(null);
  const booking = useQuery({ ...trpc.booking.manage.queryOptions({ token }), enabled: token !== '' && done === null, retry: false });
  const cancel = useMutation(trpc.booking.cancel.mutationOptions({ onSuccess: () => setDone({ kind: 'cancelled' }) }));
  const move = useMutation(
    trpc.booking.move.mutationOptions({
      onSuccess: (moved) => setDone({ kind: 'moved', startsAt: moved.startsAt }),
      onError: (error, input) => {
        const takingEarlier = earlier !== null && input.startsAt === new Date(earlier).toISOString();
        setMoveError(apiErrorCode(error) === 'CONFLICT' && takingEarlier ? bookingManageMessages.earlierTaken : (apiErrorMessage(error) ?? 'The booking could not be moved. Please try again.'));
      },
    }),
  );
  const pending = cancel.isPending || move.isPending;

  const content = (() => {
    if (done?.kind === 'cancelled') return <p role="status">{bookingManageMessages.cancelled}</p>;
    if (done?.kind === 'moved') {
      return (
        <div role="status" className={styles.stack}>
          <p className={styles.when}>{whenLabel(done.startsAt, zone)}</p>
          <p>{bookingManageMessages.moved}</p>
        </div>
      );
    }
    if (token === '') return <FormAlert>{bookingManageMessages.deadLink}</FormAlert>;
    if (booking.isPending) {
      return (
        <div role="status" aria-label="Loading your booking">
          <Skeleton height="10rem" />
        </div>
      );
    }
    if (booking.isError) {
      return <FormAlert>{apiErrorCode(booking.error) === 'NOT_FOUND' ? bookingManageMessages.deadLink : 'Your booking could not be loaded. Please try again.'}</FormAlert>;
    }
    const view = booking.data;
    const earlierOnOffer = earlier !== null && !Number.isNaN(Date.parse(earlier)) && Date.parse(earlier) < Date.parse(view.startsAt) ? new Date(earlier).toISOString() : null;
    const profile = view.practitionerId ? `/practitioners/${encodeURIComponent(view.practitionerId)}` : null;
    return (
      <>
        <Card padding="lg" className={styles.stack}>
          <p className={styles.when}>{whenLabel(view.startsAt, zone)}</p>
          <dl className={styles.facts}>
            <dt className={styles.factLabel}>With</dt>
            <dd className={styles.factValue}>{view.practitionerName}</dd>
            <dt className={styles.factLabel}>Session</dt>
            <dd className={styles.factValue}>
              {view.sessionTypeName} · {Math.round((Date.parse(view.endsAt) - Date.parse(view.startsAt)) / 60_000)} min · {view.mode === 'virtual' ? 'Virtual' : 'In person'}
            </dd>
            <dt className={styles.factLabel}>Status</dt>
            <dd className={styles.factValue}>{view.confirmed ? 'Confirmed' : `Waiting for ${view.practitionerName} to confirm`}</dd>
            <dt className={styles.factLabel}>Time zone</dt>
            <dd className={styles.factValue}>{zone === view.timeZone ? zone : `${zone} (the practice is in ${view.timeZone})`}</dd>
          </dl>
        </Card>
        {moveError ? <FormAlert>{moveError}</FormAlert> : null}
        {!view.changeable ? (
          <Card padding="lg" className={styles.stack}>
            <p>{bookingManageMessages.window(view.cancellationWindowHours, view.practitionerName)}</p>
            {profile ? (
              <div className={styles.actions}>
                <LinkButton href={profile} variant="outline">
                  Contact {view.practitionerName}
                </LinkButton>
              </div>
            ) : null}
          </Card>
        ) : (
          <>
            {earlierOnOffer ? (
              <Card as="section" padding="lg" className={styles.stack} aria-labelledby="earlier-title">
                <h2 id="earlier-title" className={styles.dayTitle}>
                  An earlier time opened
                </h2>
                <p className={styles.when}>{whenLabel(earlierOnOffer, zone)}</p>
                <div className={styles.actions}>
                  <Button isDisabled={pending} onPress={() => (setMoveError(null), move.mutate({ token, startsAt: earlierOnOffer }))}>
                    Take the earlier time
                  </Button>
                </div>
              </Card>
            ) : null}
            <div className={styles.actions}>
              <Button variant="outline" isDisabled={pending} onPress={() => setRescheduling((open) => !open)} aria-expanded={rescheduling}>
                Reschedule
              </Button>
              <Button variant="outline" isDisabled={pending} onPress={() => setConfirmingCancel(true)}>
                Cancel booking
              </Button>
            </div>
            <p className={styles.muted}>You can change or cancel this booking online until {whenLabel(view.changeableUntil, zone)}.</p>
            {rescheduling ? (
              <RescheduleTimes
                practitionerId={view.practitionerId}
                sessionTypeId={view.sessionTypeId}
                current={view.startsAt}
                zone={zone}
                isDisabled={pending}
                onChoose={(slot) => {
                  setMoveError(null);
                  move.mutate({ token, startsAt: slot.startsAt });
                }}
              />
            ) : null}
          </>
        )}
        {confirmingCancel ? (
          <Dialog title="Cancel this booking?" isOpen isDismissable={!cancel.isPending} onOpenChange={(isOpen) => !isOpen && !cancel.isPending && setConfirmingCancel(false)}>
            <div className={styles.stack}>
              <p>
                {view.sessionTypeName} with {view.practitionerName}, {whenLabel(view.startsAt, zone)}. The time goes back to {view.practitionerName}'s calendar and we e-mail you a cancellation.
              </p>
              {cancel.isError ? <FormAlert>{apiErrorMessage(cancel.error) ?? 'The booking could not be cancelled. Please try again.'}</FormAlert> : null}
              <div className={styles.actions}>
                <Button variant="outline" isDisabled={cancel.isPending} onPress={() => setConfirmingCancel(false)}>
                  Keep booking
                </Button>
                <Button isDisabled={cancel.isPending} onPress={() => cancel.mutate({ token })}>
                  {cancel.isPending ? 'Cancelling…' : 'Cancel booking'}
                </Button>
              </div>
            </div>
          </Dialog>
        ) : null}
      </>
    );
  })();

  return (
    <section className={styles.page} aria-labelledby="manage-booking-title">
      <h1 id="manage-booking-title" className={styles.title}>
        Your booking
      </h1>
      {content}
    </section>
  );
}

interface RescheduleTimesProps {
  readonly practitionerId: string | null;
  readonly sessionTypeId: string;
  readonly current: string;
  readonly zone: string;
  readonly isDisabled: boolean;
  readonly onChoose: (slot: OpenSlot) => void;
}

/** The session type's open times for the next two weeks, by day in the patient's zone. */
function RescheduleTimes({ practitionerId, sessionTypeId, current, zone, isDisabled, onChoose }: RescheduleTimesProps) {
  const trpc = useTRPC();
  const slots = useQuery({ ...trpc.booking.slots.queryOptions({ practitionerId: practitionerId ?? '', sessionTypeId, days: 14 }), enabled: practitionerId !== null });
  const byDay = useMemo(() => {
    const days = new Map<string, OpenSlot[]>();
    for (const each of slots.data?.slots ?? []) {
      if (each.startsAt === current) continue;
      const local = slotInZone(each, zone).localDate;
      days.set(local, [...(days.get(local) ?? []), each]);
    }
    return [...days];
  }, [slots.data, zone, current]);
  if (slots.isPending) return <p className={styles.muted}>Finding open times…</p>;
  if (slots.isError) return <FormAlert>{apiErrorMessage(slots.error) ?? 'The open times could not be loaded. Please try again.'}</FormAlert>;
  if (byDay.length === 0) return <p className={styles.muted}>No other open times in the next two weeks.</p>;
  return (
    <section aria-labelledby="open-times-title" className={styles.stack}>
      <h2 id="open-times-title" className={styles.dayTitle}>
        Open times
      </h2>
      <div className={styles.days}>
        {byDay.map(([date, daySlots]) => (
          <div key={date}>
            <h3 className={styles.dayTitle}>{dayLabel(daySlots[0]?.startsAt ?? '', zone)}</h3>
            <ul className={styles.times}>
              {daySlots.map((each) => (
                <li key={each.startsAt}>
                  <Button variant="outline" size="sm" isDisabled={isDisabled} onPress={() => onChoose(each)} aria-label={`Move to ${whenLabel(each.startsAt, zone)}`}>
                    {formatTimeOfDay(each.startsAt, zone)}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
