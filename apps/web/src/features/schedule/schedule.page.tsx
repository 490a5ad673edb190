import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { addDays, formatMonthYear, isCalendarDate, scheduleMessages, type CalendarDate, type ScheduleView } from '@wellspring/domain';
import { useState, type KeyboardEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useTRPC } from '../../lib/trpc.ts';
import { Button, LinkButton } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { DatePicker } from '../../ui/date-picker/date-picker.tsx';
import { EmptyState } from '../../ui/empty-state/empty-state.tsx';
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons/icons.tsx';
import { ToggleButton, ToggleButtonGroup } from '../../ui/toggle-button/toggle-button.tsx';
import { loadScheduleDraft, ScheduleDialog } from './schedule-dialog.tsx';
import { WeekGrid, WeekGridSkeleton } from './week-grid.tsx';
import * as styles from './schedule.css.ts';
import { PageHeader } from '../../ui/page-header/page-header.tsx';

const SCHEDULE_LOAD_FAILED = 'Failed to load the schedule. Please try again.';

/** The day the schedule is on, from `?date=yyyy-MM-dd` (the week holding it is shown); none: today. */
function useScheduleDate(): [CalendarDate | undefined, (date: CalendarDate) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const param = new URLSearchParams(search).get('date');
  const date = param && isCalendarDate(param) ? param : undefined;
  return [date, (next) => navigate(`/dashboard/schedule?date=${next}`)];
}

/**
 * `/dashboard/schedule` (docs/product.md#schedule): the practice's week, Sunday first, from the
 * database; previous/next week, a date picker under the month and year, the Week/Month switch, and
 * "Schedule New Appointment" from each day's Add or from New Appointment.
 */
export function SchedulePage() {
  const trpc = useTRPC();
  const [chosenDate, goToDate] = useScheduleDate();
  const [view, setView] = useState<ScheduleView>('week');
  // A dialog left open when the session ended comes back as it was (its draft).
  const [draft, setDraft] = useState(loadScheduleDraft);
  const [dialogDate, setDialogDate] = useState<CalendarDate | null>(draft?.date ?? null);

  const week = useQuery({ ...trpc.schedule.week.queryOptions({ weekStart: chosenDate }), placeholderData: keepPreviousData });
  const today = week.data?.today;
  // The day on screen: the one asked for, else today (known once the practice's zone has answered).
  const focusDate = chosenDate ?? today;

  return (
    <div className={styles.page}>
      <PageHeader
        size="page"
        title="Schedule"
        description="Your appointments, a week at a time."
        actions={
          <>
            {/* Calendar sync (issue 24; SPEC's "Calendar sync feature coming soon" placeholder) lives in the booking settings. */}
            <LinkButton href="/dashboard/booking#calendar-sync" variant="outline">
              Calendar sync
            </LinkButton>
            <LinkButton href="/dashboard/booking" variant="outline">
              Online booking settings
            </LinkButton>
            <Button isDisabled={!focusDate} onPress={() => focusDate && setDialogDate(focusDate)}>
              <CalendarIcon size={18} />
              New Appointment
            </Button>
          </>
        }
      />

      <div className={styles.toolbar}>
        <div className={styles.navigation}>
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous week"
            isDisabled={!focusDate}
            onPress={() => focusDate && goToDate(addDays(focusDate, -7))}
          >
            <ChevronLeftIcon />
          </Button>
          <h2 className={styles.monthYear} aria-live="polite">
            {focusDate ? formatMonthYear(focusDate, 'UTC') : '\u00a0'}
          </h2>
          <Button variant="outline" size="icon" aria-label="Next week" isDisabled={!focusDate} onPress={() => focusDate && goToDate(addDays(focusDate, 7))}>
            <ChevronRightIcon />
          </Button>
          <MonthYearPicker focusDate={focusDate} onGoTo={goToDate} />
          {today && focusDate && !week.data?.days.some((day) => day.date === today) ? (
            <Button variant="ghost" size="sm" onPress={() => goToDate(today)}>
              Today
            </Button>
          ) : null}
        </div>
        <ToggleButtonGroup
          aria-label="View"
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[view]}
          onSelectionChange={(keys) => {
            const [next] = [...keys];
            if (next === 'week' || next === 'month') setView(next);
          }}
        >
          <ToggleButton id="week">Week</ToggleButton>
          <ToggleButton id="month">Month</ToggleButton>
        </ToggleButtonGroup>
      </div>

      {view === 'month' ? (
        <EmptyState
          icon={<CalendarIcon />}
          level={2}
          title={scheduleMessages.monthViewComingSoon}
          action={
            <Button variant="outline" onPress={() => setView('week')}>
              Back to Week View
            </Button>
          }
        />
      ) : week.isPending ? (
        <WeekGridSkeleton />
      ) : week.isError ? (
        <Card className={styles.failure} role="alert">
          <p>{SCHEDULE_LOAD_FAILED}</p>
          <Button variant="outline" size="sm" onPress={() => void week.refetch()}>
            Try again
          </Button>
        </Card>
      ) : (
        <WeekGrid week={week.data} onAdd={setDialogDate} />
      )}

      {dialogDate ? (
        <ScheduleDialog
          date={dialogDate}
          draft={draft}
          onClose={() => {
            setDialogDate(null);
            setDraft(null);
          }}
          onScheduled={(date) => {
            // Scheduled on another week: show that week, where the appointment is.
            if (!week.data?.days.some((day) => day.date === date)) goToDate(date);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * The date picker beside the month and year: a day picked in its calendar shows that day's week at
 * once; a typed day does when it is complete and the field is left (or Enter), so the week does not
 * jump at every digit.
 */
function MonthYearPicker({ focusDate, onGoTo }: { focusDate: CalendarDate | undefined; onGoTo: (date: CalendarDate) => void }) {
  // What is being typed (null: a segment cleared), until it is committed; undefined: not editing.
  const [typed, setTyped] = useState<CalendarDate | null | undefined>(undefined);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const commit = () => {
    if (typed && typed !== focusDate) onGoTo(typed);
    setTyped(undefined);
  };
  return (
    // Capturing: the date segments consume Enter before it would bubble to the picker.
    <div
      className={styles.datePicker}
      onKeyDownCapture={(event: KeyboardEvent) => {
        if (event.key === 'Enter') commit();
      }}
    >
      <DatePicker
        label="Go to date"
        value={typed === undefined ? (focusDate ?? null) : typed}
        isDisabled={!focusDate}
        isOpen={calendarOpen}
        onOpenChange={setCalendarOpen}
        onChange={(date) => {
          if (calendarOpen && date) {
            setTyped(undefined);
            onGoTo(date);
          } else {
            setTyped(date);
          }
        }}
        onBlur={commit}
      />
    </div>
  );
}
