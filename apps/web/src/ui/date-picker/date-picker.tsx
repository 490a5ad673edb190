import type { CalendarDate } from '@wellspring/domain';
import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  DateInput,
  DatePicker as AriaDatePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Label,
  Popover,
  Text,
  type DatePickerProps as AriaDatePickerProps,
  type DateValue,
} from 'react-aria-components';
import { Calendar, toDateValue } from '../calendar/calendar.tsx';
import { CalendarIcon } from '../icons/icons.tsx';
import * as fieldStyles from '../text-field/text-field.css.ts';
import * as styles from './date-picker.css.ts';

type AriaProps = AriaDatePickerProps<DateValue>;

export type DatePickerProps = Omit<
  AriaProps,
  'className' | 'style' | 'children' | 'value' | 'defaultValue' | 'onChange' | 'minValue' | 'maxValue' | 'placeholderValue' | 'isInvalid' | 'granularity'
> & {
  label: ReactNode;
  /** The chosen day as the domain's calendar date, `yyyy-MM-dd`; null for none. */
  value: CalendarDate | null;
  onChange: (value: CalendarDate | null) => void;
  /** Earliest and latest days that can be chosen (`yyyy-MM-dd`). */
  minValue?: CalendarDate;
  maxValue?: CalendarDate;
  description?: ReactNode;
  /** The field's message; the field is invalid while set. */
  errorMessage?: string | undefined;
  className?: string;
};

/**
 * A day: typed segment by segment (arrow keys or digits, in the user's locale order) or picked in
 * a calendar popover. Values are the domain's `yyyy-MM-dd` strings, never `Date`s, so no time zone
 * can move the day.
 */
export function DatePicker({ label, value, onChange, minValue, maxValue, description, errorMessage, className, ...props }: DatePickerProps) {
  return (
    <AriaDatePicker<DateValue>
      {...props}
      granularity="day"
      value={toDateValue(value) ?? null}
      onChange={(next) => onChange(next ? next.toString() : null)}
      minValue={toDateValue(minValue)}
      maxValue={toDateValue(maxValue)}
      isInvalid={Boolean(errorMessage)}
      className={[styles.field, className].filter(Boolean).join(' ')}
    >
      <Label className={fieldStyles.label}>{label}</Label>
      <Group className={styles.group}>
        <DateInput className={styles.dateInput}>{(segment) => <DateSegment segment={segment} className={styles.segment} />}</DateInput>
        <AriaButton className={styles.trigger} aria-label="Open calendar">
          <CalendarIcon size={18} />
        </AriaButton>
      </Group>
      {description ? (
        <Text slot="description" className={fieldStyles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={fieldStyles.error}>{errorMessage}</FieldError>
      <Popover className={styles.popover} placement="bottom start">
        <Dialog className={styles.dialog} aria-label="Choose a date">
          <Calendar />
        </Dialog>
      </Popover>
    </AriaDatePicker>
  );
}
