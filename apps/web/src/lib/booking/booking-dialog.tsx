import { endOfMonth, parseDate, startOfMonth } from '@internationalized/date';
import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import {
  addDays,
  bookingRequestDefaults,
  bookingRequestSchema,
  bookingRequestTexts,
  calendarDateInZone,
  daysBetween,
  formatMoney,
  formatTimeOfDay,
  slotInZone,
  type CalendarDate,
  type OpenSlot,
  type PriceCurrency,
} from '@wellspring/domain';
import { useCallback, useMemo, useState } from 'react';
import { Radio, RadioGroup, Label } from 'react-aria-components';
import { apiErrorCode, apiErrorMessage, apiFieldErrors } from '../api-errors.ts';
import { notify } from '../toast.tsx';
import { useTRPC } from '../trpc.ts';
import { useZodForm } from '../use-zod-form.ts';
import { Button } from '../../ui/button/button.tsx';
import { Calendar } from '../../ui/calendar/calendar.tsx';
import { Checkbox } from '../../ui/checkbox/checkbox.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { ErrorSummary, Form, FormAlert } from '../../ui/form/form.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import * as styles from './booking-dialog.css.ts';

export interface BookingDialogProps {
  readonly practitioner: { readonly id: string; readonly name: string };
  readonly onClose: () => void;
}

/** The dates of the practice's calendar one `booking.slots` call asks for (its limit). */
const PAGE_DAYS = 14;
/** How far ahead the calendar goes when the offer names no horizon (the settings' default). */
const DAYS_AHEAD = 60;

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

/** "Free", or the price in the practice's currency ("$60.00"). */
const priceText = (priceMinor: number, currency: PriceCurrency): string => (priceMinor === 0 ? 'Free' : formatMoney(priceMinor, currency));

const later = (a: CalendarDate, b: CalendarDate): CalendarDate => (a > b ? a : b);
const earlier = (a: CalendarDate, b: CalendarDate): CalendarDate => (a < b ? a : b);

/**
 * The first dates of the pages of open times a month of the visitor's calendar needs. A visitor's
 * day can hold times of the practice's day before or after it (their zones differ by up to a day),
 * so the month is read with a day of margin each side. Pages start every PAGE_DAYS from the
 * practice's today, so the months share them (and React Query's cache).
 */
function pagesFor(month: { first: CalendarDate; last: CalendarDate }, practiceToday: CalendarDate, lastDay: CalendarDate): CalendarDate[] {
  const from = later(addDays(month.first, -1), practiceToday);
  const to = earlier(addDays(month.last, 1), addDays(lastDay, 1));
  if (from > to) return [];
  const firstPage = Math.floor(daysBetween(practiceToday, from) / PAGE_DAYS);
  const lastPage = Math.floor(daysBetween(practiceToday, to) / PAGE_DAYS);
  return Array.from({ length: lastPage - firstPage + 1 }, (_, index) => addDays(practiceToday, (firstPage + index) * PAGE_DAYS));
}

/** What the picker reads of one page of open times (a `booking.slots` query). */
interface SlotsPage {
  readonly data?: { readonly slots: readonly OpenSlot[] } | undefined;
  readonly isSuccess: boolean;
  readonly error: unknown;
  readonly refetch: () => unknown;
}

/**
 * The pages' open times by the visitor's day, in order of start (a time on two pages once), whether
 * each page is read, the first failure, and a refetch of them all.
 */
function slotsByDay(pages: readonly SlotsPage[], zone: string) {
  const byDay = new Map<CalendarDate, OpenSlot[]>();
  const seen = new Set<string>();
  for (const page of pages) {
    for (const each of page.data?.slots ?? []) {
      if (seen.has(each.startsAt)) continue;
      seen.add(each.startsAt);
      const local = slotInZone(each, zone).localDate;
      byDay.set(local, [...(byDay.get(local) ?? []), each]);
    }
  }
  for (const list of byDay.values()) list.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  return {
    byDay,
    read: pages.map((page) => page.isSuccess),
    failure: pages.find((page) => page.error)?.error ?? null,
    refetch: () => {
      for (const page of pages) void page.refetch();
    },
  };
}

/** The first and last day of the month `date` is in. */
function monthOf(date: CalendarDate): { first: CalendarDate; last: CalendarDate } {
  const day = parseDate(date);
  return { first: startOfMonth(day).toString(), last: endOfMonth(day).toString() };
}

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
  const sessionTypes = offer.data?.sessionTypes ?? [];
  const sessionType = sessionTypes.find((type) => type.id === sessionTypeId) ?? null;
  const currency = offer.data?.currency ?? 'USD';
  const practiceZone = offer.data?.timeZone ?? zone;
  const [today] = useState(() => new Date());
  const visitorToday = calendarDateInZone(today, zone);
  const practiceToday = calendarDateInZone(today, practiceZone);
  // The practice's horizon, a day more on the visitor's clock (their today may be the practice's yesterday).
  const lastDay = addDays(visitorToday, (offer.data?.horizonDays || DAYS_AHEAD) - 1 + (visitorToday < practiceToday ? 1 : 0));
  // The day keyboard focus is on decides the month shown; until the visitor moves it or picks a day,
  // it follows the first day with open times (`following`).
  const [focusedDay, setFocusedDay] = useState<CalendarDate>(visitorToday);
  const [following, setFollowing] = useState(true);
  const [chosenDay, setChosenDay] = useState<CalendarDate | null>(null);
  const [slot, setSlot] = useState<OpenSlot | null>(null);
  const [step, setStep] = useState<Step>('time');

  const month = monthOf(focusedDay);
  const pageStarts = sessionTypeId === null ? [] : pagesFor(month, practiceToday, lastDay);
  const combineSlots = useCallback((results: readonly SlotsPage[]) => slotsByDay(results, zone), [zone]);
  const pages = useQueries({
    queries: pageStarts.map((from) => trpc.booking.slots.queryOptions({ practitionerId: practitioner.id, sessionTypeId: sessionTypeId ?? '', from, days: PAGE_DAYS })),
    combine: combineSlots,
  });
  const { byDay } = pages;
  const pagesRead = pages.read.length > 0 && pages.read.every(Boolean);
  // The practice's dates the read pages cover: a visitor's day is known to have no open time when
  // the practice's day before, itself and the day after are all read.
  const readDates = new Set<CalendarDate>();
  pageStarts.forEach((from, index) => {
    if (pages.read[index]) for (let offset = 0; offset < PAGE_DAYS; offset += 1) readDates.add(addDays(from, offset));
  });
  const knownEmpty = (day: CalendarDate): boolean =>
    !byDay.has(day) && [-1, 0, 1].every((offset) => {
      const date = addDays(day, offset);
      return date < practiceToday || readDates.has(date);
    });
  const openDays = [...byDay.keys()].filter((day) => day >= visitorToday && day <= lastDay).sort();
  const monthOpenDays = openDays.filter((day) => day >= month.first && day <= month.last);

  // Follow the first day with open times: this month's, else the next month (up to the last day).
  if (following && sessionTypeId !== null && pagesRead) {
    const first = monthOpenDays[0];
    if (first !== undefined && chosenDay !== first) {
      setChosenDay(first);
      setFocusedDay(first);
    } else if (first === undefined && month.last < lastDay) {
      setFocusedDay(addDays(month.last, 1));
    } else if (first === undefined) {
      setFollowing(false);
    }
  }
  const dayTimes = chosenDay ? (byDay.get(chosenDay) ?? []) : [];

  const form = useZodForm(bookingRequestSchema, bookingRequestDefaults);
  const book = useMutation(
    trpc.booking.book.mutationOptions({
      onSuccess: () => setStep('done'),
      onError: (error) => {
        if (apiErrorCode(error) === 'CONFLICT') {
          notify.error({ title: 'That time is gone', description: apiErrorMessage(error) ?? '' });
          setSlot(null);
          setStep('time');
          pages.refetch();
          return;
        }
        form.showServerErrors(apiFieldErrors(error));
      },
    }),
  );

  const chooseSessionType = (id: string) => {
    setSessionTypeId(id);
    setChosenDay(null);
    setFocusedDay(visitorToday);
    setFollowing(true);
  };

  // The chosen time is held for the visitor while they fill the form (their previous hold released).
  const [holdId, setHoldId] = useState<string | null>(null);
  const hold = useMutation(
    trpc.booking.hold.mutationOptions({
      onError: (error) => {
        notify.error({ title: 'That time is gone', description: apiErrorMessage(error) ?? '' });
        pages.refetch();
      },
    }),
  );

  const choose = (chosen: OpenSlot) => {
    if (hold.isPending) return;
    hold.mutate(
      { practitionerId: practitioner.id, sessionTypeId: sessionTypeId ?? '', startsAt: chosen.startsAt, ...(holdId ? { release: holdId } : {}) },
      {
        onSuccess: (held) => {
          setHoldId(held.holdId);
          setSlot(chosen);
          form.setValue('sessionTypeId', sessionTypeId ?? '');
          form.setValue('startsAt', chosen.startsAt);
          setStep('details');
        },
      },
    );
  };

  const submit = async () => {
    const input = await form.validate();
    if (!input || book.isPending) return;
    book.reset();
    book.mutate({ ...input, practitionerId: practitioner.id, ...(holdId ? { holdId } : {}) });
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
          <p className={styles.note}>{bookingRequestTexts.emailSent(form.values.email)}</p>
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
            {sessionType.name} ({sessionType.durationMinutes} min, {sessionType.mode}, {priceText(sessionType.priceMinor, currency)}), {when}
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
              onChange={chooseSessionType}
            >
              <Label className={styles.groupLabel}>Session type</Label>
              {sessionTypes.map((type) => (
                <Radio key={type.id} value={type.id} className={styles.sessionType}>
                  <span className={styles.sessionName}>{type.name}</span>
                  <span className={styles.sessionMeta}>
                    {type.durationMinutes} min · {type.mode === 'virtual' ? 'Virtual' : 'In person'} · {priceText(type.priceMinor, currency)}
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
              <div className={styles.picker}>
                <Calendar
                  aria-label="Choose a day"
                  size="lg"
                  className={styles.calendar}
                  minValue={visitorToday}
                  maxValue={lastDay}
                  value={chosenDay}
                  onChange={(day) => {
                    setFollowing(false);
                    setChosenDay(day);
                  }}
                  focusedValue={focusedDay}
                  onFocusChange={(day) => {
                    setFollowing(false);
                    setFocusedDay(day);
                  }}
                  isDateUnavailable={knownEmpty}
                />
                <div className={styles.dayTimes} aria-live="polite">
                  {pages.failure ? <FormAlert>{apiErrorMessage(pages.failure) ?? 'The open times could not be loaded. Please try again.'}</FormAlert> : null}
                  {!pages.failure && !pagesRead && !(chosenDay && byDay.has(chosenDay)) ? <p className={styles.intro}>Finding open times…</p> : null}
                  {pagesRead && monthOpenDays.length === 0 && !chosenDay ? <p className={styles.intro}>No open times in these days.</p> : null}
                  {chosenDay && dayTimes.length > 0 ? (
                    <div className={styles.day}>
                      <h3 className={styles.dayTitle}>{dayLabel(dayTimes[0]?.startsAt ?? '', zone)}</h3>
                      <ul className={styles.times}>
                        {dayTimes.map((each) => (
                          <li key={each.startsAt}>
                            <Button variant="outline" size="sm" onPress={() => choose(each)} aria-label={`${dayLabel(each.startsAt, zone)} at ${formatTimeOfDay(each.startsAt, zone)}`}>
                              {formatTimeOfDay(each.startsAt, zone)}
                            </Button>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                  {chosenDay && dayTimes.length === 0 && knownEmpty(chosenDay) ? <p className={styles.intro}>No open times on this day. Please choose another.</p> : null}
                </div>
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
