import { recoveryCodeField, totpCodeField } from '@wellspring/domain';
import { useState } from 'react';
import { z } from 'zod';
import { apiErrorMessage, apiFieldErrors } from '../../lib/api-errors.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { Form, FormAlert } from '../../ui/form/form.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import * as styles from './auth.css.ts';
import { useSecondFactor } from './use-auth-mutations.ts';

const codeSchema = z.object({ code: totpCodeField });
const recoverySchema = z.object({ recoveryCode: recoveryCodeField });
const FALLBACK_ERROR = 'Could not check the code. Please try again.';

/**
 * The sign-in's second step (2-step verification on): the 6-digit code from the authenticator app,
 * or — with the phone lost — one of the recovery codes, each of which works once.
 */
export function SecondFactorStep({ onSignedIn }: { onSignedIn: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  return (
    <div className={styles.page}>
      <Card as="section" padding="lg" tone="raised" className={styles.card} aria-labelledby="second-factor-title">
        <div className={styles.header}>
          <h1 id="second-factor-title" className={styles.title}>
            2-step verification
          </h1>
          <p className={styles.subtitle}>
            {useRecovery ? 'Enter one of the recovery codes you saved when you turned 2-step verification on.' : 'Enter the 6-digit code from your authenticator app.'}
          </p>
        </div>
        <CodeForm key={useRecovery ? 'recovery' : 'code'} recovery={useRecovery} onSignedIn={onSignedIn} />
        <p className={styles.switchText}>
          <Button variant="link" onPress={() => setUseRecovery(!useRecovery)}>
            {useRecovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
          </Button>
        </p>
      </Card>
    </div>
  );
}

/** The code form: the app's 6-digit code, or a recovery code (both through `auth.secondFactor`). */
function CodeForm({ recovery, onSignedIn }: { recovery: boolean; onSignedIn: () => void }) {
  const secondFactor = useSecondFactor();
  const form = useZodForm<{ code: string; recoveryCode: string }, z.infer<typeof codeSchema> | z.infer<typeof recoverySchema>>(recovery ? recoverySchema : codeSchema, {
    code: '',
    recoveryCode: '',
  });
  const submit = async () => {
    const input = await form.validate();
    if (!input || secondFactor.isPending) return;
    secondFactor.mutate(input, { onSuccess: onSignedIn, onError: (error) => form.showServerErrors(apiFieldErrors(error)) });
  };
  const formError = secondFactor.isError && Object.keys(apiFieldErrors(secondFactor.error)).length === 0 ? (apiErrorMessage(secondFactor.error) ?? FALLBACK_ERROR) : null;
  return (
    <Form
      aria-labelledby="second-factor-title"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {recovery ? (
        <TextField label="Recovery code" autoComplete="off" autoFocus {...form.textField('recoveryCode')} />
      ) : (
        <TextField label="Authentication code" autoComplete="one-time-code" inputMode="numeric" autoFocus {...form.textField('code')} />
      )}
      <Button type="submit" fullWidth isDisabled={secondFactor.isPending}>
        {secondFactor.isPending ? 'Checking...' : 'Verify'}
      </Button>
    </Form>
  );
}
