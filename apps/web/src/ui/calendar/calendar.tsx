import { parseDate } from '@internationalized/date';
import type { CalendarDate } from '@wellspring/domain';
import {
  Button as AriaButton,
  Calendar as AriaCalendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
  type CalendarProps as AriaCalendarProps,
  type DateValue,
} from 'react-aria-components';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons/icons.tsx';
import * as styles from './calendar.css.ts';

/** A domain date (`yyyy-MM-dd`) as react-aria's date, or undefined when it is not one. */
export function toDateValue(date: CalendarDate | null | undefined): DateValue | undefined {
  if (!date) return undefined;
  try {
    return parseDate(date);
  } catch {
    return undefined;
  }
}

type Replaced = 'className' | 'style' | 'children' | 'value' | 'defaultValue' | 'onChange' | 'minValue' | 'maxValue' | 'focusedValue' | 'defaultFocusedValue' | 'onFocusChange' | 'isDateUnavailable';

export type CalendarProps = Omit<AriaCalendarProps<DateValue>, Replaced> & {
  /** The chosen day (`yyyy-MM-dd`); null for none. */
  value?: CalendarDate | null;
  onChange?: (value: CalendarDate) => void;
  /** Earliest and latest days that can be chosen (`yyyy-MM-dd`). */
  minValue?: CalendarDate;
  maxValue?: CalendarDate;
  /** The day keyboard focus is on, which decides the month shown (controlled). */
  focusedValue?: CalendarDate;
  onFocusChange?: (value: CalendarDate) => void;
  /** Days shown struck through: focusable, but not chosen. */
  isDateUnavailable?: (date: CalendarDate) => boolean;
  /** Larger day cells, for a calendar that is the main control of its screen rather than a popover. */
  size?: 'md' | 'lg';
  className?: string;
};

/**
 * A month of days: arrow keys move by day and week, Page Up/Down by month, Home/End to the week's
 * ends, Enter or Space chooses; the month's name is the grid's heading. Values are the domain's
 * `yyyy-MM-dd` strings, never `Date`s, so no time zone can move a day. Inside a DatePicker it takes
 * the picker's value from react-aria's context (no props needed).
 */
export function Calendar({ value, onChange, minValue, maxValue, focusedValue, onFocusChange, isDateUnavailable, size = 'md', className, ...props }: CalendarProps) {
  // Only props that are set: inside a DatePicker, react-aria's context supplies the rest.
  const controlled: Partial<AriaCalendarProps<DateValue>> = {};
  if (value !== undefined) controlled.value = toDateValue(value) ?? null;
  if (onChange) controlled.onChange = (next) => onChange(next.toString());
  if (minValue !== undefined) controlled.minValue = toDateValue(minValue) ?? null;
  if (maxValue !== undefined) controlled.maxValue = toDateValue(maxValue) ?? null;
  if (focusedValue !== undefined) controlled.focusedValue = toDateValue(focusedValue) ?? null;
  if (onFocusChange) controlled.onFocusChange = (next) => onFocusChange(next.toString());
  if (isDateUnavailable) controlled.isDateUnavailable = (date) => isDateUnavailable(date.toString());
  return (
    <AriaCalendar<DateValue> {...props} {...controlled} className={[styles.calendar, className].filter(Boolean).join(' ')}>
      <header className={styles.header}>
        <AriaButton slot="previous" className={styles.navButton}>
          <ChevronLeftIcon size={18} />
        </AriaButton>
        <Heading className={styles.heading} />
        <AriaButton slot="next" className={styles.navButton}>
          <ChevronRightIcon size={18} />
        </AriaButton>
      </header>
      <CalendarGrid className={styles.grid}>
        <CalendarGridHeader>{(day) => <CalendarHeaderCell className={styles.weekday}>{day}</CalendarHeaderCell>}</CalendarGridHeader>
        <CalendarGridBody>{(date) => <CalendarCell date={date} className={styles.cell[size]} />}</CalendarGridBody>
      </CalendarGrid>
    </AriaCalendar>
  );
}
