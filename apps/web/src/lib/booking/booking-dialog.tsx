import { useMutation, useQuery } from '@tanstack/react-query';
import {
  addDays,
  bookingRequestDefaults,
  bookingRequestSchema,
  bookingRequestTexts,
  calendarDateInZone,
  formatTimeOfDay,
  slotInZone,
  type OpenSlot,
} from '@wellspring/domain';
import { useMemo, useState } from 'react';
import { Radio, RadioGroup, Label } from 'react-aria-components';
import { apiErrorCode, apiErrorMessage, apiFieldErrors } from '../../lib/api-errors.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button/button.tsx';
import { Checkbox } from '../../ui/checkbox/checkbox.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { ErrorSummary, Form, FormAlert } from '../../ui/form/form.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import * as styles from './booking-dialog.css.ts';

export interface BookingDialogProps {
  readonly practitioner: { readonly id: string; readonly name: string };
  readonly onClose: () => void;
}

/** The days one page of the picker shows. */
const DAYS_SHOWN = 7;

const labels = {
  name: 'Your Name',
  email: 'Email',
  phone: 'Phone (optional)',
  reason: 'Reason for your visit (optional)',
  consent: 'Consent',
  sessionTypeId: 'Session type',
  startsAt: 'Time',
  notifyEarlier: bookingRequestTexts.notifyEarlierLabel,
} as const;

/** The visitor's own zone (the browser's), in which every time is shown. */
const visitorZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const dayLabel = (startsAt: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(new Date(startsAt));

type Step = 'time' | 'details' | 'done';

/**
 * Book on a practitioner's profile (issue 24): a session type, an open time (shown in the visitor's
 * own zone, the practice's named when it differs), then name, e-mail and consent. The server
 * re-checks the time; one taken meanwhile says so and goes back to the times, keeping what was typed.
 */
export function BookingDialog({ practitioner, onClose }: BookingDialogProps) {
  const trpc = useTRPC();
  const zone = useMemo(visitorZone, []);
  const offer = useQuery(trpc.booking.offer.queryOptions({ practitionerId: practitioner.id }));
  const [sessionTypeId, setSessionTypeId] = useState<string | null>(null);
  const [from, setFrom] = useState<string | undefined>(undefined);
  const [slot, setSlot] = useState<OpenSlot | null>(null);
  const [step, setStep] = useState<Step>('time');
  const slots = useQuery({
    ...trpc.booking.slots.queryOptions({ practitionerId: practitioner.id, sessionTypeId: sessionTypeId ?? '', days: DAYS_SHOWN, ...(from ? { from } : {}) }),
    enabled: sessionTypeId !== null,
  });
  const form = useZodForm(bookingRequestSchema, bookingRequestDefaults);
  const book = useMutation(
    trpc.booking.book.mutationOptions({
      onSuccess: () => setStep('done'),
      onError: (error) => {
        if (apiErrorCode(error) === 'CONFLICT') {
          notify.error({ title: 'That time is gone', description: apiErrorMessage(error) ?? '' });
          setSlot(null);
          setStep('time');
          void slots.refetch();
          return;
        }
        form.showServerErrors(apiFieldErrors(error));
      },
    }),
  );

  const sessionTypes = offer.data?.sessionTypes ?? [];
  const sessionType = sessionTypes.find((type) => type.id === sessionTypeId) ?? null;
  const practiceZone = offer.data?.timeZone ?? zone;
  const byDay = useMemo(() => {
    const days = new Map<string, OpenSlot[]>();
    for (const each of slots.data?.slots ?? []) {
      const local = slotInZone(each, zone).localDate;
      days.set(local, [...(days.get(local) ?? []), each]);
    }
    return [...days];
  }, [slots.data, zone]);
  // The next page starts the day after this one's last date, in the practice's calendar.
  const nextFrom = addDays(from ?? calendarDateInZone(new Date(), practiceZone), DAYS_SHOWN);

  const choose = (chosen: OpenSlot) => {
    setSlot(chosen);
    form.setValue('sessionTypeId', sessionTypeId ?? '');
    form.setValue('startsAt', chosen.startsAt);
    setStep('details');
  };

  const submit = async () => {
    const input = await form.validate();
    if (!input || book.isPending) return;
    book.reset();
    book.mutate({ ...input, practitionerId: practitioner.id });
  };

  const when = slot ? `${dayLabel(slot.startsAt, zone)} at ${formatTimeOfDay(slot.startsAt, zone)}` : '';
  const pending = book.isPending;
  return (
    <Dialog
      title={`Book with ${practitioner.name}`}
      isOpen
      isDismissable={!pending}
      onOpenChange={(isOpen) => {
        if (!isOpen && !pending) onClose();
      }}
    >
      {step === 'done' && slot && sessionType ? (
        <div className={styles.sessionTypes} role="status">
          <p className={styles.chosen}>
            <strong>{book.data?.status === 'confirmed' ? 'You are booked.' : 'Your request is sent.'}</strong> {sessionType.name} with {practitioner.name},{' '}
            {when} ({zone}).
          </p>
          <p className={styles.note}>
            {book.data?.status === 'confirmed' ? `${practitioner.name} has the time in the schedule.` : `${practitioner.name} confirms each booking of this kind.`}
          </p>
          <div className={styles.actions}>
            <Button onPress={onClose}>Done</Button>
          </div>
        </div>
      ) : step === 'details' && slot && sessionType ? (
        <Form
          aria-label={`Book with ${practitioner.name}`}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p className={styles.chosen}>
            {sessionType.name} ({sessionType.durationMinutes} min, {sessionType.mode}), {when}
          </p>
          <ErrorSummary labels={labels} errors={form.errors} onSelect={form.focusField} />
          <TextField label={labels.name} autoComplete="name" autoFocus {...form.textField('name')} isDisabled={pending} />
          <TextField label={labels.email} type="email" autoComplete="email" {...form.textField('email')} isDisabled={pending} />
          <TextField label={labels.phone} type="tel" autoComplete="tel" {...form.textField('phone')} isDisabled={pending} />
          <TextField label={labels.reason} rows={3} {...form.textField('reason')} isDisabled={pending} />
          <div ref={form.fieldRef('consent')}>
            <Checkbox name="consent" isSelected={form.values.consent} onChange={(selected) => form.setValue('consent', selected)} errorMessage={form.errors.consent} isDisabled={pending}>
              {bookingRequestTexts.consentLabel(practitioner.name)}
            </Checkbox>
          </div>
          <Checkbox name="notifyEarlier" isSelected={form.values.notifyEarlier} onChange={(selected) => form.setValue('notifyEarlier', selected)} isDisabled={pending}>
            {bookingRequestTexts.notifyEarlierLabel}
          </Checkbox>
          {book.isError && apiErrorCode(book.error) !== 'BAD_REQUEST' ? <FormAlert>{apiErrorMessage(book.error) ?? 'The booking could not be made. Please try again.'}</FormAlert> : null}
          <div className={styles.actions}>
            <Button variant="outline" onPress={() => setStep('time')} isDisabled={pending}>
              Back
            </Button>
            <Button type="submit" isPending={pending}>
              {pending ? 'Booking…' : 'Book'}
            </Button>
          </div>
        </Form>
      ) : (
        <div className={styles.sessionTypes}>
          {offer.isPending ? <p className={styles.intro}>Loading…</p> : null}
          {offer.isSuccess && sessionTypes.length === 0 ? <p className={styles.intro}>Online booking is not available for this practitioner.</p> : null}
          {sessionTypes.length > 0 ? (
            <RadioGroup
              className={styles.sessionTypes}
              value={sessionTypeId}
              onChange={(value) => {
                setSessionTypeId(value);
                setFrom(undefined);
              }}
            >
              <Label className={styles.groupLabel}>Session type</Label>
              {sessionTypes.map((type) => (
                <Radio key={type.id} value={type.id} className={styles.sessionType}>
                  <span className={styles.sessionName}>{type.name}</span>
                  <span className={styles.sessionMeta}>
                    {type.durationMinutes} min · {type.mode === 'virtual' ? 'Virtual' : 'In person'}
                    {type.newPatientsOnly ? ' · New patients' : ''}
                  </span>
                  {type.description ? <span className={styles.sessionMeta}>{type.description}</span> : null}
                </Radio>
              ))}
            </RadioGroup>
          ) : null}
          {sessionType ? (
            <section aria-label="Open times" className={styles.sessionTypes}>
              <p className={styles.zoneNote}>
                Times are in your time zone ({zone}){practiceZone !== zone ? `; the practice is in ${practiceZone}` : ''}.
              </p>
              {slots.isPending ? <p className={styles.intro}>Finding open times…</p> : null}
              {slots.isError ? <FormAlert>{apiErrorMessage(slots.error) ?? 'The open times could not be loaded. Please try again.'}</FormAlert> : null}
              {slots.isSuccess && byDay.length === 0 ? <p className={styles.intro}>No open times in these days.</p> : null}
              <div className={styles.days}>
                {byDay.map(([date, daySlots]) => (
                  <div key={date} className={styles.day}>
                    <h3 className={styles.dayTitle}>{dayLabel(daySlots[0]?.startsAt ?? '', zone)}</h3>
                    <ul className={styles.times}>
                      {daySlots.map((each) => (
                        <li key={each.startsAt}>
                          <Button variant="outline" size="sm" onPress={() => choose(each)} aria-label={`${dayLabel(each.startsAt, zone)} at ${formatTimeOfDay(each.startsAt, zone)}`}>
                            {formatTimeOfDay(each.startsAt, zone)}
                          </Button>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
              <div className={styles.actions}>
                {from ? (
                  <Button variant="ghost" size="sm" onPress={() => setFrom(undefined)}>
                    First open times
                  </Button>
                ) : null}
                <Button variant="outline" size="sm" onPress={() => setFrom(nextFrom)}>
                  Later times
                </Button>
              </div>
            </section>
          ) : null}
          <div className={styles.actions}>
            <Button variant="outline" onPress={onClose}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
