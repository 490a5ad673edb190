import type { CalendarDate } from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { Link as AriaLink } from 'react-aria-components';
import { Button } from '../../ui/button/button.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import { dayOfMonth, fullDay, shortWeekday } from './schedule-dates.ts';
import * as styles from './week-grid.css.ts';

type ScheduleWeek = RouterOutputs['schedule']['week'];

export interface WeekGridProps {
  readonly week: ScheduleWeek;
  /** Each day's Add: opens the dialog on that day. */
  readonly onAdd: (date: CalendarDate) => void;
}

/**
 * docs/product.md#schedule: seven columns from Sunday, each 500 px high, today highlighted; each day
 * lists its appointments (time, patient, type), each opening that patient's record, and its Add.
 */
export function WeekGrid({ week, onAdd }: WeekGridProps) {
  return (
    <div className={styles.scroller}>
      <ol className={styles.week} aria-label={`Week of ${fullDay(week.days[0]?.date ?? week.today)}`}>
        {week.days.map(({ date, appointments }) => {
          const isToday = date === week.today;
          const headingId = `schedule-day-${date}`;
          return (
            <li key={date} className={styles.day} data-today={isToday || undefined} aria-labelledby={headingId}>
              <h2 id={headingId} className={styles.dayHeader} aria-current={isToday ? 'date' : undefined}>
                <span aria-hidden="true">{shortWeekday(date)}</span>
                <span className={styles.dayNumber} aria-hidden="true">
                  {dayOfMonth(date)}
                </span>
                {isToday ? (
                  <span className={styles.todayTag} aria-hidden="true">
                    Today
                  </span>
                ) : null}
                <span className={visuallyHidden}>{isToday ? `${fullDay(date)}, today` : fullDay(date)}</span>
              </h2>
              {appointments.length > 0 ? (
                <ul className={styles.appointments}>
                  {appointments.map((appointment) => (
                    <li key={appointment.id}>
                      <AriaLink href={`/dashboard/patients/${appointment.patientId}`} className={styles.appointment}>
                        {/* The spaces keep the link's name readable ("9:00 AM Emma Thompson Follow-up"). */}
                        <span className={styles.appointmentTime}>{appointment.time}</span>{' '}
                        <span className={styles.appointmentPatient}>{appointment.patient}</span> <span>{appointment.type}</span>
                      </AriaLink>
                    </li>
                  ))}
                </ul>
              ) : (
                <div className={styles.appointments} />
              )}
              <Button variant="ghost" size="sm" className={styles.addButton} aria-label={`Add appointment on ${fullDay(date)}`} onPress={() => onAdd(date)}>
                Add
              </Button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** The week's seven columns while it loads. */
export function WeekGridSkeleton() {
  return (
    <div className={styles.scroller} role="status" aria-label="Loading the week">
      <div className={styles.week} aria-hidden="true">
        {Array.from({ length: 7 }, (_, index) => (
          <div key={index} className={styles.day}>
            <div className={styles.dayHeader}>
              <Skeleton width="2.5rem" />
              <Skeleton width="1.75rem" height="1.5rem" />
            </div>
            <div className={styles.appointments}>
              <Skeleton height="3.5rem" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
