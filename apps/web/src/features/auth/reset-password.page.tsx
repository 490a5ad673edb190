import { accountMessages, newPasswordField, recoveryCodeField, totpCodeField } from '@wellspring/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { ApiProvider } from '../../lib/api.tsx';
import { apiErrorMessage, apiFieldErrors } from '../../lib/api-errors.ts';
import { forgetSignedInUser } from '../../lib/session-guard.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { Form, FormAlert } from '../../ui/form/form.tsx';
import { TextLink } from '../../ui/link/link.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import * as styles from './auth.css.ts';
import { useLinkToken } from './link-token.ts';
import { Notice } from '../../ui/notice/notice.tsx';

const FALLBACK_ERROR = 'Could not change your password. Please try again.';
const PASSWORD_HINT = 'At least 8 characters. Not a common password, your name or your email.';

const passwordOnly = z.object({ password: newPasswordField });
const withCode = z.object({ password: newPasswordField, code: totpCodeField });
const withRecoveryCode = z.object({ password: newPasswordField, recoveryCode: recoveryCodeField });

/**
 * `/reset-password#<token>`: the e-mailed link of "Forgot password?". The page asks the server
 * whether the link still works and whether the account has 2-step on (then the code comes first: a
 * reset never gets past it). A new password ends every session of the account.
 */
export function ResetPasswordPage() {
  return (
    <ApiProvider>
      <ResetPassword />
    </ApiProvider>
  );
}

function ResetPassword() {
  useDocumentTitle('Choose a new password');
  const trpc = useTRPC();
  const token = useLinkToken();
  // Once the new password is saved the link is used up: its answer is what the page shows from then on.
  const [done, setDone] = useState<string | null>(null);
  const link = useQuery({ ...trpc.auth.passwordResetLink.queryOptions({ token }), enabled: token !== '' && done === null, retry: false });

  let body;
  if (done !== null) {
    body = (
      <Notice role="status" size="sm">
        {done} <TextLink href="/login">Sign in</TextLink>
      </Notice>
    );
  } else if (token === '' || link.isError) {
    body = (
      <Notice role="alert" size="sm">
        {accountMessages.linkInvalid} <TextLink href="/forgot-password">Ask for a new link</TextLink>
      </Notice>
    );
  } else if (!link.data) {
    body = <p className={styles.subtitle}>Checking your link...</p>;
  } else {
    body = <NewPasswordForm token={token} twoStep={link.data.twoStep} onDone={setDone} />;
  }

  return (
    <div className={styles.page}>
      <Card as="section" padding="lg" tone="raised" className={styles.card} aria-labelledby="reset-title">
        <div className={styles.header}>
          <h1 id="reset-title" className={styles.title}>
            Choose a new password
          </h1>
        </div>
        {body}
      </Card>
    </div>
  );
}

function NewPasswordForm({ token, twoStep, onDone }: { token: string; twoStep: boolean; onDone: (message: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [useRecovery, setUseRecovery] = useState(false);
  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      // Every session of the account ended, this browser's included.
      onSuccess: (answer) => {
        onDone(answer.message);
        forgetSignedInUser();
        return queryClient.invalidateQueries(trpc.auth.me.pathFilter());
      },
    }),
  );
  const schema = !twoStep ? passwordOnly : useRecovery ? withRecoveryCode : withCode;
  const form = useZodForm<{ password: string; code: string; recoveryCode: string }, z.infer<typeof schema>>(schema, { password: '', code: '', recoveryCode: '' });

  const submit = async () => {
    const input = await form.validate();
    if (!input || reset.isPending) return;
    reset.mutate({ token, ...input }, { onError: (error) => form.showServerErrors(apiFieldErrors(error)) });
  };
  const formError = reset.isError && Object.keys(apiFieldErrors(reset.error)).length === 0 ? (apiErrorMessage(reset.error) ?? FALLBACK_ERROR) : null;

  return (
    <Form
      aria-labelledby="reset-title"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField label="New password" type="password" autoComplete="new-password" description={PASSWORD_HINT} {...form.textField('password')} />
      {twoStep && !useRecovery ? (
        <TextField label="Authentication code" autoComplete="one-time-code" inputMode="numeric" description="Your account has 2-step verification on: the 6-digit code from your authenticator app." {...form.textField('code')} />
      ) : null}
      {twoStep && useRecovery ? <TextField label="Recovery code" autoComplete="off" {...form.textField('recoveryCode')} /> : null}
      {twoStep ? (
        <Button variant="link" onPress={() => setUseRecovery(!useRecovery)}>
          {useRecovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
        </Button>
      ) : null}
      <Button type="submit" fullWidth isDisabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Save new password'}
      </Button>
    </Form>
  );
}
