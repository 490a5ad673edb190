import { signInSchema } from '@wellspring/domain';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiProvider } from '../../lib/api.tsx';
import { apiErrorMessage, apiFieldErrors } from '../../lib/api-errors.ts';
import { safeNextPath, SESSION_ENDED_REASON } from '../../lib/session-guard.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { Form, FormAlert } from '../../ui/form/form.tsx';
import { TextLink } from '../../ui/link/link.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import * as styles from './auth.css.ts';
import { SecondFactorStep } from './second-factor-step.tsx';
import { useSignIn } from './use-auth-mutations.ts';
import { Notice } from '../../ui/notice/notice.tsx';

const FALLBACK_ERROR = 'Could not sign you in. Please try again.';
/** Shown when a signed-in page sent the user here because their session ended (lib/session-guard). */
export const SESSION_ENDED_NOTICE = 'Your session ended after a period of inactivity. Please sign in again to continue where you left off.';

/**
 * `/login`: practitioners sign in, then land on their dashboard — or, with `?next=/a/path` (a page
 * whose session ended), back on that page. Only a path on this site is followed, never another site.
 */
export function SignInPage() {
  return (
    <ApiProvider>
      <SignIn />
    </ApiProvider>
  );
}

function SignIn() {
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const next = safeNextPath(params.get('next')) ?? '/dashboard';
  const sessionEnded = params.get('reason') === SESSION_ENDED_REASON;
  const signIn = useSignIn();
  const form = useZodForm(signInSchema, { email: '', password: '' });
  // The password was right and the account has 2-step on: the code is asked for next.
  const [codeOwed, setCodeOwed] = useState(false);

  const submit = async () => {
    const input = await form.validate();
    if (!input || signIn.isPending) return;
    signIn.mutate(input, {
      onSuccess: (answer) => (answer.status === 'signed-in' ? navigate(next) : setCodeOwed(true)),
      onError: (error) => form.showServerErrors(apiFieldErrors(error)),
    });
  };

  if (codeOwed) return <SecondFactorStep onSignedIn={() => navigate(next)} />;

  const formError = signIn.isError && Object.keys(apiFieldErrors(signIn.error)).length === 0
    ? (apiErrorMessage(signIn.error) ?? FALLBACK_ERROR)
    : null;

  return (
    <div className={styles.page}>
      <Card as="section" padding="lg" tone="raised" className={styles.card} aria-labelledby="sign-in-title">
        <div className={styles.header}>
          <h1 id="sign-in-title" className={styles.title}>
            Welcome back
          </h1>
          <p className={styles.subtitle}>Sign in to your practitioner account.</p>
        </div>
        {sessionEnded ? (
          <Notice role="status" size="sm">
            {SESSION_ENDED_NOTICE}
          </Notice>
        ) : null}
        <Form
          aria-labelledby="sign-in-title"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            {...form.textField('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            {...form.textField('password')}
          />
          <Button type="submit" fullWidth isDisabled={signIn.isPending}>
            {signIn.isPending ? 'Signing in...' : 'Sign in'}
          </Button>
        </Form>
        <p className={styles.switchText}>
          <TextLink href="/forgot-password">Forgot password?</TextLink>
        </p>
        <p className={styles.switchText}>
          New to Wellspring? <TextLink href="/signup">Create an account</TextLink>
        </p>
      </Card>
    </div>
  );
}
