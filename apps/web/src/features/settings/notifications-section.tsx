import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationLabels, notificationSettingsSchema, type NotificationSettings } from '@wellspring/domain';
import { apiFieldErrors } from '../../lib/api-errors.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button/button.tsx';
import { Checkbox } from '../../ui/checkbox/checkbox.tsx';
import { ErrorSummary, Form, FormAlert } from '../../ui/form/form.tsx';
import { formAlertOf } from './form-alert.ts';
import { SettingsSection } from './settings-layout.tsx';
import { settingsTexts } from './settings-texts.ts';
import * as styles from './settings.css.ts';

const kinds = Object.keys(notificationLabels) as (keyof NotificationSettings)[];

/** Notifications: the e-mails about the practice that can be turned off, saved together. */
export function NotificationsSection({ notifications }: { readonly notifications: NotificationSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.account.notifications.mutationOptions());
  const form = useZodForm(notificationSettingsSchema, { ...notifications });

  const submit = async () => {
    const input = await form.validate();
    if (!input || save.isPending) return;
    save.mutate(input, {
      onSuccess: async (answer) => {
        notify.success({ title: answer.message });
        await queryClient.invalidateQueries(trpc.account.overview.queryFilter());
      },
      onError: (error) => form.showServerErrors(apiFieldErrors(error)),
    });
  };
  const alert = formAlertOf(save);

  return (
    <SettingsSection title="Notifications" description={settingsTexts.notificationsIntro}>
      <Form
        aria-label="Email notifications"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <ErrorSummary labels={notificationLabels} errors={form.errors} onSelect={form.focusField} />
        <fieldset className={styles.checkboxes}>
          <legend className={styles.legend}>Email me about</legend>
          {kinds.map((kind) => (
            <div key={kind} ref={form.fieldRef(kind)}>
              <Checkbox isSelected={form.values[kind]} onChange={(selected) => form.setValue(kind, selected)} errorMessage={form.errors[kind]}>
                {notificationLabels[kind]}
              </Checkbox>
            </div>
          ))}
        </fieldset>
        <div className={styles.actions}>
          <Button type="submit" isDisabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save email preferences'}
          </Button>
        </div>
      </Form>
    </SettingsSection>
  );
}
