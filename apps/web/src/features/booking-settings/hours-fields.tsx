import { DATE_OVERRIDES_MAX, weekdayLabels } from '@wellspring/domain';
import { useId } from 'react';
import { Button } from '../../ui/button/button.tsx';
import { Checkbox } from '../../ui/checkbox/checkbox.tsx';
import { DatePicker } from '../../ui/date-picker/date-picker.tsx';
import { CloseIcon } from '../../ui/icons/icons.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import {
  canAddRange,
  newDateOverride,
  nextRange,
  removeAt,
  replaceAt,
  type BookingSettingsDraft,
  type DateOverrideDraft,
  type RangeDraft,
} from './booking-settings-form.ts';
import { GroupMessage, Place } from './field-place.tsx';
import type { BookingSettingsForm } from './use-booking-settings-form.ts';
import * as styles from './booking-settings.css.ts';

interface RangesFieldProps {
  readonly form: BookingSettingsForm;
  /** The list's path in the settings: "weeklyHours.1", "dateOverrides.0.ranges". */
  readonly listPath: string;
  /** What the ranges are of ("Monday"), in each range's group name and its Remove button. */
  readonly name: string;
  readonly ranges: readonly RangeDraft[];
  /** The list in a draft (the latest one when an edit is applied). */
  readonly rangesOf: (draft: BookingSettingsDraft) => readonly RangeDraft[];
  /** The draft with this list replaced. */
  readonly withRanges: (draft: BookingSettingsDraft, ranges: readonly RangeDraft[]) => BookingSettingsDraft;
  /** What an empty list means ("Closed"). */
  readonly emptyText: string;
}

/** A day's time ranges: start and end of each, Remove beside it, "Add hours" below. */
function RangesField({ form, listPath, name, ranges, rangesOf, withRanges, emptyText }: RangesFieldProps) {
  const messageId = useId();
  const listMessage = form.errorAt(listPath);
  const change = (recipe: (ranges: readonly RangeDraft[]) => readonly RangeDraft[]) => (draft: BookingSettingsDraft) => withRanges(draft, recipe(rangesOf(draft)));
  const setTime = (index: number, field: 'start' | 'end', time: string) =>
    form.edit(
      `${listPath}.${index}.${field}`,
      change((list) => list.map((range, at) => (at === index ? { ...range, [field]: time } : range))),
    );
  return (
    <div className={styles.ranges}>
      {ranges.length === 0 ? <p className={styles.closed}>{emptyText}</p> : null}
      {ranges.map((range, index) => {
        const rangeName = `${name}, hours ${index + 1}`;
        return (
          <div key={range.key} role="group" aria-label={rangeName} className={styles.range}>
            <Place path={`${listPath}.${index}.start`}>
              <TextField
                type="time"
                label="Start"
                value={range.start}
                onChange={(start) => setTime(index, 'start', start)}
                errorMessage={form.errorAt(`${listPath}.${index}.start`)}
              />
            </Place>
            <Place path={`${listPath}.${index}.end`}>
              <TextField
                type="time"
                label="End"
                value={range.end}
                onChange={(end) => setTime(index, 'end', end)}
                errorMessage={form.errorAt(`${listPath}.${index}.end`)}
              />
            </Place>
            <Button
              variant="ghost"
              size="sm"
              className={styles.removeRange}
              aria-label={`Remove ${rangeName}`}
              onPress={() => form.remove(listPath, index, change((list) => removeAt(list, index)))}
            >
              <CloseIcon size={16} />
              Remove
            </Button>
          </div>
        );
      })}
      <GroupMessage id={messageId} message={listMessage} />
      <Place path={listPath} className={styles.rowActions}>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Add hours on ${name}`}
          aria-describedby={listMessage ? messageId : undefined}
          isDisabled={!canAddRange(ranges)}
          onPress={() => form.add(listPath, change((list) => [...list, nextRange(list)]))}
        >
          Add hours
        </Button>
      </Place>
    </div>
  );
}

/** When patients can book, week by week: each weekday's ranges, Sunday first as in the schedule. */
export function WeeklyHoursFields({ form }: { readonly form: BookingSettingsForm }) {
  const baseId = useId();
  return (
    <>
      <GroupMessage id={`${baseId}-week`} message={form.errorAt('weeklyHours')} />
      <ul className={styles.days}>
        {form.draft.weeklyHours.map((ranges, day) => {
          const name = weekdayLabels[day] ?? `Day ${day + 1}`;
          const nameId = `${baseId}-${day}`;
          return (
            <li key={name} className={styles.day}>
              <h3 id={nameId} className={styles.dayName}>
                {name}
              </h3>
              <div role="group" aria-labelledby={nameId}>
                <RangesField
                  form={form}
                  listPath={`weeklyHours.${day}`}
                  name={name}
                  ranges={ranges}
                  rangesOf={(draft) => draft.weeklyHours[day] ?? []}
                  withRanges={(draft, next) => ({ ...draft, weeklyHours: replaceAt(draft.weeklyHours, day, next) })}
                  emptyText="Closed"
                />
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

const overrideDayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Thursday, December 25, 2025" for a `yyyy-MM-dd`, read as a calendar day (no zone can move it). */
const overrideDayName = (date: string | null): string | null => {
  if (!date) return null;
  const instant = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(instant.getTime()) ? null : overrideDayFormat.format(instant);
};

/** Days with hours of their own: closed (a holiday), or open at other times than the week says. */
export function DateOverridesFields({ form }: { readonly form: BookingSettingsForm }) {
  const messageId = useId();
  const overrides = form.draft.dateOverrides;
  const listMessage = form.errorAt('dateOverrides');
  const setOverride = (index: number, path: string, recipe: (override: DateOverrideDraft) => DateOverrideDraft) =>
    form.edit(path, (draft) => ({ ...draft, dateOverrides: draft.dateOverrides.map((each, at) => (at === index ? recipe(each) : each)) }));
  return (
    <>
      {overrides.length === 0 ? <p className={styles.muted}>No date overrides: every day follows the weekly hours.</p> : null}
      {overrides.length > 0 ? (
        <ul className={styles.list}>
          {overrides.map((override, index) => {
            const at = `dateOverrides.${index}`;
            const title = overrideDayName(override.date) ?? `Date override ${index + 1}`;
            return (
              <li key={override.key}>
                <section className={styles.entry} aria-label={title}>
                  <div className={styles.entryHeader}>
                    <h3 className={styles.entryTitle}>{title}</h3>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove date override ${index + 1}`}
                      onPress={() => form.remove('dateOverrides', index, (draft) => ({ ...draft, dateOverrides: removeAt(draft.dateOverrides, index) }))}
                    >
                      <CloseIcon size={16} />
                      Remove
                    </Button>
                  </div>
                  <GroupMessage id={`${messageId}-${index}`} message={form.errorAt(at)} />
                  <div className={styles.grid}>
                    <Place path={`${at}.date`}>
                      <DatePicker
                        label="Date"
                        value={override.date}
                        onChange={(date) => setOverride(index, `${at}.date`, (each) => ({ ...each, date }))}
                        errorMessage={form.errorAt(`${at}.date`)}
                      />
                    </Place>
                    <Place path={`${at}.closed`} className={styles.besideField}>
                      <Checkbox
                        isSelected={override.closed}
                        onChange={(closed) =>
                          setOverride(index, `${at}.closed`, (each) => ({
                            ...each,
                            closed,
                            // Opening a closed day starts it with a range to edit, not with none.
                            ranges: !closed && each.ranges.length === 0 ? [nextRange([])] : each.ranges,
                          }))
                        }
                        errorMessage={form.errorAt(`${at}.closed`)}
                      >
                        Closed all day
                      </Checkbox>
                    </Place>
                  </div>
                  {override.closed ? null : (
                    <div role="group" aria-label={`Hours on ${title}`}>
                      <RangesField
                        form={form}
                        listPath={`${at}.ranges`}
                        name={title}
                        ranges={override.ranges}
                        rangesOf={(draft) => draft.dateOverrides[index]?.ranges ?? []}
                        withRanges={(draft, ranges) => ({
                          ...draft,
                          dateOverrides: draft.dateOverrides.map((each, at) => (at === index ? { ...each, ranges } : each)),
                        })}
                        emptyText="No hours yet."
                      />
                    </div>
                  )}
                </section>
              </li>
            );
          })}
        </ul>
      ) : null}
      <GroupMessage id={messageId} message={listMessage} />
      <Place path="dateOverrides" className={styles.rowActions}>
        <Button
          variant="outline"
          aria-describedby={listMessage ? messageId : undefined}
          isDisabled={overrides.length >= DATE_OVERRIDES_MAX}
          onPress={() => form.add('dateOverrides', (draft) => ({ ...draft, dateOverrides: [...draft.dateOverrides, newDateOverride()] }))}
        >
          Add a date override
        </Button>
      </Place>
    </>
  );
}
