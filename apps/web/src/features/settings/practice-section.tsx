import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { priceCurrencies, practiceSettingsLabels, practiceSettingsSchema, type PracticeSettings } from '@wellspring/domain';
import { useState } from 'react';
import { apiFieldErrors } from '../../lib/api-errors.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button/button.tsx';
import { ComboBox } from '../../ui/combo-box/combo-box.tsx';
import { ErrorSummary, Form, FormAlert } from '../../ui/form/form.tsx';
import { Select } from '../../ui/select/select.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import { timeZoneItems } from '../../lib/time-zones.ts';
import { formAlertOf } from './form-alert.ts';
import { SettingsSection } from './settings-layout.tsx';
import { settingsTexts } from './settings-texts.ts';
import * as styles from './settings.css.ts';

const currencyItems = priceCurrencies.map((code) => ({ id: code, label: code }));

/** Practice: its own name, its time zone and its currency (online booking shows the same two). */
export function PracticeSection() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.practiceSettings.get.queryOptions());
  return (
    <SettingsSection title="Practice" description={settingsTexts.practiceIntro}>
      {settings.data ? (
        <PracticeForm settings={settings.data} />
      ) : settings.isError ? (
        <div className={styles.failure}>
          <p role="alert">{settingsTexts.practiceLoadFailed}</p>
          <Button variant="outline" onPress={() => void settings.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <div role="status" aria-label="Loading your practice settings">
          <Skeleton height="10rem" />
        </div>
      )}
    </SettingsSection>
  );
}

function PracticeForm({ settings }: { readonly settings: PracticeSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.practiceSettings.save.mutationOptions());
  const form = useZodForm(practiceSettingsSchema, { name: settings.name, timeZone: settings.timeZone, currency: settings.currency as string });
  // Computed once: every zone's offset is a few hundred formatters.
  const [zones] = useState(() => timeZoneItems(settings.timeZone));

  const submit = async () => {
    const input = await form.validate();
    if (!input || save.isPending) return;
    save.mutate(input, {
      onSuccess: async (answer) => {
        notify.success({ title: answer.message });
        // The schedule, the dashboard and online booking read the zone and the currency.
        await queryClient.invalidateQueries();
      },
      onError: (error) => form.showServerErrors(apiFieldErrors(error)),
    });
  };
  const alert = formAlertOf(save);

  return (
    <Form
      aria-label="Practice"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <ErrorSummary labels={practiceSettingsLabels} errors={form.errors} onSelect={form.focusField} />
      <TextField
        label={practiceSettingsLabels.name}
        autoComplete="organization"
        description={settingsTexts.practiceNameHint}
        className={styles.narrow}
        {...form.textField('name')}
      />
      <ComboBox
        label={practiceSettingsLabels.timeZone}
        description={settingsTexts.practiceZoneHint}
        defaultItems={zones}
        selectedKey={form.values.timeZone === '' ? null : form.values.timeZone}
        onSelectionChange={(key) => form.setValue('timeZone', key === null ? '' : String(key))}
        emptyText="No time zone matches"
        listInPage
        className={styles.narrow}
        inputRef={form.fieldRef('timeZone')}
        errorMessage={form.errors.timeZone}
      />
      <div ref={form.fieldRef('currency')} className={styles.narrow}>
        <Select
          label={practiceSettingsLabels.currency}
          description={settingsTexts.practiceCurrencyHint}
          items={currencyItems}
          selectedKey={form.values.currency}
          onSelectionChange={(key) => {
            if (key !== null) form.setValue('currency', String(key));
          }}
          errorMessage={form.errors.currency}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" isDisabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save practice settings'}
        </Button>
      </div>
    </Form>
  );
}
