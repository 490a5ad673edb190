import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountMessages, accountNameSchema, changeEmailSchema, changePasswordSchema } from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { useId } from 'react';
import { apiFieldErrors } from '../../lib/api-errors.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Badge } from '../../ui/badge/badge.tsx';
import { Button } from '../../ui/button/button.tsx';
import { ErrorSummary, Form, FormAlert } from '../../ui/form/form.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import { formAlertOf } from './form-alert.ts';
import { useReauthentication } from './reauthentication.tsx';
import { SettingsPart, SettingsSection } from './settings-layout.tsx';
import { failureMessage, settingsTexts } from './settings-texts.ts';
import * as styles from './settings.css.ts';
import { Notice } from '../../ui/notice/notice.tsx';

type Overview = RouterOutputs['account']['overview'];

/** Account: the name, the e-mail address (and whether it is confirmed), the password. */
export function AccountSection({ overview }: { readonly overview: Overview }) {
  return (
    <SettingsSection title="Account">
      <NamePart name={overview.name} />
      <EmailPart email={overview.email} emailVerified={overview.emailVerified} pendingEmail={overview.pendingEmail} />
      <PasswordPart />
    </SettingsSection>
  );
}

function NamePart({ name }: { readonly name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const titleId = useId();
  const rename = useMutation(trpc.account.rename.mutationOptions());
  const form = useZodForm(accountNameSchema, { name });

  const submit = async () => {
    const input = await form.validate();
    if (!input || rename.isPending) return;
    rename.mutate(input, {
      onSuccess: async (answer) => {
        notify.success({ title: answer.message });
        // The name shows in the menus and on the dashboard too.
        await Promise.all([queryClient.invalidateQueries(trpc.account.overview.queryFilter()), queryClient.invalidateQueries(trpc.auth.me.queryFilter())]);
      },
      onError: (error) => form.showServerErrors(apiFieldErrors(error)),
    });
  };
  const alert = formAlertOf(rename);

  return (
    <SettingsPart title="Name" titleId={titleId} description="How Wellspring addresses you, and the name on your e-mails.">
      <Form
        aria-labelledby={titleId}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <TextField label="Full name" autoComplete="name" className={styles.narrow} {...form.textField('name')} />
        <div className={styles.actions}>
          <Button type="submit" isDisabled={rename.isPending}>
            {rename.isPending ? 'Saving...' : 'Save name'}
          </Button>
        </div>
      </Form>
    </SettingsPart>
  );
}

const emailLabels = { email: 'New email', password: 'Current password' } as const;

function EmailPart({ email, emailVerified, pendingEmail }: { readonly email: string; readonly emailVerified: boolean; readonly pendingEmail: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const titleId = useId();
  const reauthentication = useReauthentication();
  const change = useMutation(trpc.account.changeEmail.mutationOptions());
  const resend = useMutation(
    trpc.account.resendVerification.mutationOptions({
      onSuccess: (answer) => notify.success({ title: answer.message }),
      onError: (error) => notify.error({ title: 'The link was not sent', description: failureMessage(error) }),
    }),
  );
  const form = useZodForm(changeEmailSchema, { email: '', password: '' });

  const submit = async () => {
    const input = await form.validate();
    if (!input || change.isPending) return;
    change.mutate(input, {
      onSuccess: async (answer) => {
        notify.success({ title: answer.message });
        form.reset();
        // The address waiting for its link shows above the form.
        await queryClient.invalidateQueries(trpc.account.overview.queryFilter());
      },
      onError: (error) => {
        if (reauthentication.askWhenNeeded(error, () => void submit())) return;
        form.showServerErrors(apiFieldErrors(error));
      },
    });
  };
  const alert = formAlertOf(change);

  return (
    <SettingsPart title="Email" titleId={titleId}>
      <p className={styles.currentEmail}>
        <span>
          Your email is <strong>{email}</strong>
        </span>
        {emailVerified ? <Badge color="green">Confirmed</Badge> : <Badge color="yellow">Not confirmed</Badge>}
      </p>
      {emailVerified ? null : (
        <Notice as="div" tone="attention" layout="stacked" size="sm">
          <p>{accountMessages.unverified}</p>
          <Button variant="outline" size="sm" isDisabled={resend.isPending} onPress={() => resend.mutate()}>
            {resend.isPending ? 'Sending...' : 'Send the confirmation link again'}
          </Button>
        </Notice>
      )}
      {pendingEmail ? (
        <Notice role="status" size="sm">
          {settingsTexts.emailPending(pendingEmail)}
        </Notice>
      ) : null}
      <Form
        aria-label="Change email"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className={styles.muted}>To change it, enter the new address and your password: we send a link to the new address, and your email changes when you open it.</p>
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <ErrorSummary labels={emailLabels} errors={form.errors} onSelect={form.focusField} />
        <div className={styles.fields}>
          <TextField label={emailLabels.email} type="email" autoComplete="email" {...form.textField('email')} />
          <TextField label={emailLabels.password} type="password" autoComplete="current-password" {...form.textField('password')} />
        </div>
        <div className={styles.actions}>
          <Button type="submit" variant="outline" isDisabled={change.isPending}>
            {change.isPending ? 'Sending link...' : 'Change email'}
          </Button>
        </div>
      </Form>
    </SettingsPart>
  );
}

const passwordLabels = { currentPassword: 'Current password', newPassword: 'New password' } as const;

function PasswordPart() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const titleId = useId();
  const reauthentication = useReauthentication();
  const change = useMutation(trpc.account.changePassword.mutationOptions());
  const form = useZodForm(changePasswordSchema, { currentPassword: '', newPassword: '' });

  const submit = async () => {
    const input = await form.validate();
    if (!input || change.isPending) return;
    change.mutate(input, {
      onSuccess: async (answer) => {
        notify.success({ title: answer.message });
        form.reset();
        // Every other session has ended.
        await queryClient.invalidateQueries(trpc.account.sessions.list.queryFilter());
      },
      onError: (error) => {
        if (reauthentication.askWhenNeeded(error, () => void submit())) return;
        form.showServerErrors(apiFieldErrors(error));
      },
    });
  };
  const alert = formAlertOf(change);

  return (
    <SettingsPart title="Password" titleId={titleId} description="Changing it signs you out on every other device.">
      <Form
        aria-labelledby={titleId}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <ErrorSummary labels={passwordLabels} errors={form.errors} onSelect={form.focusField} />
        <div className={styles.fields}>
          <TextField label={passwordLabels.currentPassword} type="password" autoComplete="current-password" {...form.textField('currentPassword')} />
          <TextField
            label={passwordLabels.newPassword}
            type="password"
            autoComplete="new-password"
            description={settingsTexts.passwordRules}
            {...form.textField('newPassword')}
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit" variant="outline" isDisabled={change.isPending}>
            {change.isPending ? 'Changing password...' : 'Change password'}
          </Button>
        </div>
      </Form>
    </SettingsPart>
  );
}
