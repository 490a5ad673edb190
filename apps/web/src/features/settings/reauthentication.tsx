import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountMessages, reauthenticateSchema, recoveryCodeField, totpCodeField, type ReauthenticateInput } from '@wellspring/domain';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { apiFieldErrors } from '../../lib/api-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { ErrorSummary, Form, FormAlert } from '../../ui/form/form.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import { formAlertOf } from './form-alert.ts';
import { needsReauthentication, settingsTexts } from './settings-texts.ts';
import * as styles from './settings.css.ts';

interface Reauthentication {
  /**
   * When `error` is the server's "enter your password again" (a sensitive change more than 10
   * minutes after the password was last entered), asks for it and then runs `then` (the change
   * again); answers whether it did.
   */
  readonly askWhenNeeded: (error: unknown, then: () => void) => boolean;
}

const ReauthenticationContext = createContext<Reauthentication | null>(null);

export function useReauthentication(): Reauthentication {
  const reauthentication = useContext(ReauthenticationContext);
  if (!reauthentication) throw new Error('useReauthentication is used outside ReauthenticationProvider');
  return reauthentication;
}

/**
 * One "Confirm it's you" dialog for the whole screen: the password again, and the code from the
 * authenticator app when 2-step is on (`twoStep`). Once the server has accepted them, the change
 * that was refused runs again. Cancelling closes it; the refused form keeps what was typed.
 */
export function ReauthenticationProvider({ twoStep, children }: { readonly twoStep: boolean; readonly children: ReactNode }) {
  const [pending, setPending] = useState<{ readonly then: () => void } | null>(null);
  const askWhenNeeded = useCallback((error: unknown, then: () => void) => {
    if (!needsReauthentication(error)) return false;
    setPending({ then });
    return true;
  }, []);
  const value = useMemo(() => ({ askWhenNeeded }), [askWhenNeeded]);

  return (
    <ReauthenticationContext.Provider value={value}>
      {children}
      <Dialog
        title={settingsTexts.reauthenticateTitle}
        isOpen={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
      >
        {({ close }) => (
          <ReauthenticateForm
            // 2-step turned on meanwhile (in another tab): the form starts again with the code field.
            key={String(twoStep)}
            twoStep={twoStep}
            onCancel={close}
            onConfirmed={() => {
              setPending(null);
              pending?.then();
            }}
          />
        )}
      </Dialog>
    </ReauthenticationContext.Provider>
  );
}

const labels = { password: 'Password', code: 'Authentication code', recoveryCode: 'Recovery code' } as const;

type ReauthenticateValues = { password: string; code: string; recoveryCode: string };
// With 2-step off there is no code to ask for (and an empty one is not sent); with it on, a code from
// the app or, the phone lost, a recovery code.
const withoutCode: z.ZodType<ReauthenticateInput, Partial<ReauthenticateValues>> = reauthenticateSchema.pick({ password: true });
const withCode: z.ZodType<ReauthenticateInput, Partial<ReauthenticateValues>> = reauthenticateSchema.pick({ password: true }).extend({ code: totpCodeField });
const withRecoveryCode: z.ZodType<ReauthenticateInput, Partial<ReauthenticateValues>> = reauthenticateSchema.pick({ password: true }).extend({ recoveryCode: recoveryCodeField });

function ReauthenticateForm({ twoStep, onConfirmed, onCancel }: { readonly twoStep: boolean; readonly onConfirmed: () => void; readonly onCancel: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reauthenticate = useMutation(trpc.account.reauthenticate.mutationOptions());
  const [recovery, setRecovery] = useState(false);
  const form = useZodForm<ReauthenticateValues, ReauthenticateInput>(!twoStep ? withoutCode : recovery ? withRecoveryCode : withCode, { password: '', code: '', recoveryCode: '' });

  const submit = async () => {
    const input = await form.validate();
    if (!input || reauthenticate.isPending) return;
    reauthenticate.mutate(input, {
      onSuccess: async () => {
        // `reauthenticate` on the overview is now false.
        await queryClient.invalidateQueries(trpc.account.overview.queryFilter());
        onConfirmed();
      },
      onError: async (error) => {
        const fieldErrors = apiFieldErrors(error);
        form.showServerErrors(fieldErrors);
        // A code asked for that this form does not show: the overview is behind (2-step went on elsewhere).
        if (!twoStep && fieldErrors.code) await queryClient.invalidateQueries(trpc.account.overview.queryFilter());
      },
    });
  };
  const alert = formAlertOf(reauthenticate);

  return (
    <Form
      aria-label={settingsTexts.reauthenticateTitle}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p>
        {accountMessages.reauthenticate}
        {twoStep ? (recovery ? ' Then one of your recovery codes.' : ' Then the code from your authenticator app.') : ''}
      </p>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <ErrorSummary labels={labels} errors={form.errors} onSelect={form.focusField} />
      <TextField label={labels.password} type="password" autoComplete="current-password" autoFocus {...form.textField('password')} />
      {twoStep && !recovery ? <TextField label={labels.code} autoComplete="one-time-code" inputMode="numeric" {...form.textField('code')} /> : null}
      {twoStep && recovery ? <TextField label={labels.recoveryCode} autoComplete="off" autoFocus {...form.textField('recoveryCode')} /> : null}
      {twoStep ? (
        <Button variant="link" onPress={() => setRecovery(!recovery)}>
          {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
        </Button>
      ) : null}
      <div className={styles.dialogActions}>
        <Button variant="outline" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={reauthenticate.isPending}>
          {reauthenticate.isPending ? 'Checking...' : 'Continue'}
        </Button>
      </div>
    </Form>
  );
}
