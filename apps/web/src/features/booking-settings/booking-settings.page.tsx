import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookingReminderLabels, bookingReminders, slotSteps, type BookingReminder, type SlotStepMinutes } from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { apiErrorCode, apiErrorMessage, apiFieldErrors } from '../../lib/api-errors.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Button, LinkButton } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { ComboBox } from '../../ui/combo-box/combo-box.tsx';
import { ErrorSummary, Form, FormAlert } from '../../ui/form/form.tsx';
import { NumberField } from '../../ui/number-field/number-field.tsx';
import { Select } from '../../ui/select/select.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import { Switch } from '../../ui/toggle-button/toggle-button.tsx';
import { draftOf, fieldPlaces } from './booking-settings-form.ts';
import { CalendarFeedSection } from './calendar-feed-section.tsx';
import { Place } from './field-place.tsx';
import { DateOverridesFields, WeeklyHoursFields } from './hours-fields.tsx';
import { SessionTypesFields } from './session-types-fields.tsx';
import { timeZoneItems } from '../../lib/time-zones.ts';
import { useBookingSettingsForm, type BookingSettingsForm } from './use-booking-settings-form.ts';
import * as styles from './booking-settings.css.ts';
import { PageHeader } from '../../ui/page-header/page-header.tsx';
import { Notice } from '../../ui/notice/notice.tsx';

type LoadedSettings = RouterOutputs['booking']['settings'];

const bookingSettingsTexts = {
  saved: 'Online booking settings saved.',
  loadFailed: 'We couldn’t load your booking settings.',
  notSaved: 'Your settings were not saved.',
  serverFailed: 'Something went wrong on our side. Please try again.',
  unreachable: 'We could not reach Wellspring. Please check your connection and try again.',
} as const;

/** Why a save failed, as the form says it: the server's own words when they are meant for people. */
function saveFailure(error: unknown): string {
  const code = apiErrorCode(error);
  if (code === undefined) return bookingSettingsTexts.unreachable;
  if (code === 'INTERNAL_SERVER_ERROR') return bookingSettingsTexts.serverFailed;
  return apiErrorMessage(error) ?? bookingSettingsTexts.serverFailed;
}

const slotStepItems = slotSteps.map((minutes) => ({ id: String(minutes), label: `Every ${minutes} minutes` }));
const reminderItems = bookingReminders.map((reminder) => ({ id: reminder, label: bookingReminderLabels[reminder] }));

/**
 * `/dashboard/booking` (issue 24): what patients can book on the practitioner's public profile and
 * when. Every field is checked by the domain's one schema before anything is sent, each message
 * under its own field; the server checks the same schema again.
 */
export function BookingSettingsPage() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.booking.settings.queryOptions());
  // The form starts from the first answer; a later refetch never replaces what is being typed.
  if (settings.data) return <BookingSettingsEditor loaded={settings.data} />;
  return (
    <div className={styles.page}>
      <BookingSettingsHeader />
      {settings.isError ? (
        <Card padding="lg" className={styles.failure}>
          <p role="alert">{bookingSettingsTexts.loadFailed}</p>
          <Button variant="outline" onPress={() => void settings.refetch()}>
            Try Again
          </Button>
        </Card>
      ) : (
        <div role="status" aria-label="Loading your booking settings" className={styles.loading}>
          <Skeleton height="8rem" />
          <Skeleton height="16rem" />
        </div>
      )}
    </div>
  );
}

function BookingSettingsHeader() {
  return (
    <PageHeader
      title="Online booking"
      description="What patients can book on your public profile, and when."
      actions={
        <LinkButton href="/dashboard/schedule" variant="outline">
          Back to schedule
        </LinkButton>
      }
    />
  );
}

function FormSection({ title, description, children }: { readonly title: string; readonly description?: ReactNode; readonly children: ReactNode }) {
  const titleId = useId();
  return (
    <Card as="section" padding="lg" aria-labelledby={titleId} className={styles.section}>
      <div className={styles.sectionHeader}>
        <h2 id={titleId} className={styles.sectionTitle}>
          {title}
        </h2>
        {description ? <p className={styles.muted}>{description}</p> : null}
      </div>
      {children}
    </Card>
  );
}

function BookingSettingsEditor({ loaded }: { readonly loaded: LoadedSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [initial] = useState(() => draftOf(loaded.settings));
  const form = useBookingSettingsForm(initial);
  const save = useMutation(trpc.booking.saveSettings.mutationOptions());
  const labels = useMemo(() => Object.fromEntries(fieldPlaces(form.draft).map(({ path, label }) => [path, label])), [form.draft]);

  const submit = () => {
    if (save.isPending) return;
    const settings = form.validate();
    if (!settings) return;
    save.reset();
    save.mutate(settings, {
      onSuccess: async (result) => {
        // The form keeps what is on screen; the cache holds what the server has now.
        queryClient.setQueryData(trpc.booking.settings.queryKey(), { settings: result.settings, saved: true });
        notify.success({ title: bookingSettingsTexts.saved });
        await queryClient.invalidateQueries(trpc.booking.offer.pathFilter());
        await queryClient.invalidateQueries(trpc.booking.slots.pathFilter());
      },
      // Everything typed stays; a field the server named shows its message there as well.
      onError: (error) => form.showErrors(apiFieldErrors(error)),
    });
  };

  return (
    <div className={styles.page} ref={form.container}>
      <BookingSettingsHeader />
      {loaded.saved ? null : (
        <Notice size="sm">These are the starting settings: nothing is saved yet, and online booking stays off until you turn it on and save.</Notice>
      )}
      <Form
        aria-label="Online booking settings"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <ErrorSummary labels={labels} errors={form.errors} onSelect={form.focusPath} />

        <FormSection title="Booking" description="When booking is on, your public profile shows a Book button with the times below.">
          <Place path="enabled">
            <Switch isSelected={form.draft.enabled} onChange={(enabled) => form.edit('enabled', (draft) => ({ ...draft, enabled }))}>
              Take bookings on my public profile
            </Switch>
          </Place>
          <TimeZoneField form={form} />
        </FormSection>

        <FormSection title="Session types" description="What patients can book, in the order your profile lists them.">
          <SessionTypesFields form={form} />
        </FormSection>

        <FormSection title="Weekly hours" description={`When patients can book each week, in ${form.draft.timeZone || 'your time zone'}. A day can have several ranges.`}>
          <WeeklyHoursFields form={form} />
        </FormSection>

        <FormSection title="Date overrides" description="Days that differ from the week: closed, or open at other times.">
          <DateOverridesFields form={form} />
        </FormSection>

        <FormSection title="Booking rules">
          <RulesFields form={form} />
        </FormSection>

        {save.isError ? (
          <FormAlert>
            {bookingSettingsTexts.notSaved} {saveFailure(save.error)}
          </FormAlert>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" isDisabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save settings'}
          </Button>
        </div>
      </Form>
      <CalendarFeedSection />
    </div>
  );
}

function TimeZoneField({ form }: { readonly form: BookingSettingsForm }) {
  const { timeZone } = form.draft;
  // Computed once per zone the field starts with: every zone's offset is a few hundred formatters.
  const [items] = useState(() => timeZoneItems(timeZone));
  return (
    <Place path="timeZone">
      <ComboBox
        label="Time zone"
        description="Your hours are in this zone; patients see times in their own."
        defaultItems={items}
        selectedKey={timeZone === '' ? null : timeZone}
        onSelectionChange={(key) => form.edit('timeZone', (draft) => ({ ...draft, timeZone: key === null ? '' : String(key) }))}
        emptyText="No time zone matches"
        listInPage
        errorMessage={form.errorAt('timeZone')}
      />
    </Place>
  );
}

type NumberKey = 'bufferBeforeMinutes' | 'bufferAfterMinutes' | 'minimumNoticeHours' | 'horizonDays' | 'cancellationWindowHours';

/** Where each number's message is: the settings' own name (minimum notice is typed in hours, kept in minutes). */
const pathOfNumber: Record<NumberKey, string> = {
  bufferBeforeMinutes: 'bufferBeforeMinutes',
  bufferAfterMinutes: 'bufferAfterMinutes',
  minimumNoticeHours: 'minimumNoticeMinutes',
  horizonDays: 'horizonDays',
  cancellationWindowHours: 'cancellationWindowHours',
};

const numberField = (form: BookingSettingsForm, field: NumberKey) => ({
  value: form.draft[field],
  onChange: (value: number | null) => form.edit(pathOfNumber[field], (draft) => ({ ...draft, [field]: value })),
  errorMessage: form.errorAt(pathOfNumber[field]),
});

function RulesFields({ form }: { readonly form: BookingSettingsForm }) {
  return (
    <div className={styles.gridWide}>
      <Place path="bufferBeforeMinutes">
        <NumberField label="Buffer before (minutes)" description="Kept free before each booking." {...numberField(form, 'bufferBeforeMinutes')} />
      </Place>
      <Place path="bufferAfterMinutes">
        <NumberField label="Buffer after (minutes)" description="Kept free after each booking." {...numberField(form, 'bufferAfterMinutes')} />
      </Place>
      <Place path="minimumNoticeMinutes">
        <NumberField label="Minimum notice (hours)" description="How soon before its start a time can be booked." {...numberField(form, 'minimumNoticeHours')} />
      </Place>
      <Place path="horizonDays">
        <NumberField label="Booking horizon (days)" description="How far ahead patients can book." {...numberField(form, 'horizonDays')} />
      </Place>
      <Place path="slotStepMinutes">
        <Select
          label="Slot step"
          description="How often a start time is offered."
          items={slotStepItems}
          selectedKey={String(form.draft.slotStepMinutes)}
          onSelectionChange={(key) => {
            if (key !== null) form.edit('slotStepMinutes', (draft) => ({ ...draft, slotStepMinutes: Number(key) as SlotStepMinutes }));
          }}
          errorMessage={form.errorAt('slotStepMinutes')}
        />
      </Place>
      <Place path="cancellationWindowHours">
        <NumberField
          label="Cancellation window (hours)"
          description="Patients can cancel or move a booking up to this long before it."
         
          {...numberField(form, 'cancellationWindowHours')}
        />
      </Place>
      <Place path="reminder">
        <Select
          label="Reminder e-mail"
          description="Sent to the patient before the appointment."
          items={reminderItems}
          selectedKey={form.draft.reminder}
          onSelectionChange={(key) => {
            if (key !== null) form.edit('reminder', (draft) => ({ ...draft, reminder: String(key) as BookingReminder }));
          }}
          errorMessage={form.errorAt('reminder')}
        />
      </Place>
    </div>
  );
}
