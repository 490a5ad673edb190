import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RECOVERY_CODE_COUNT, recoveryCodeField, twoStepCodeSchema, twoStepConfirmSchema, type SecondFactorInput } from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { useCallback, useEffect, useId, useState, type Ref } from 'react';
import QRCode from 'react-qr-code';
import { z } from 'zod';
import { apiFieldErrors } from '../../lib/api-errors.ts';
import { copyText } from '../../lib/clipboard.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Badge } from '../../ui/badge/badge.tsx';
import { Button } from '../../ui/button/button.tsx';
import { Form, FormAlert } from '../../ui/form/form.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import { formAlertOf } from './form-alert.ts';
import { useReauthentication } from './reauthentication.tsx';
import { SettingsPart } from './settings-layout.tsx';
import { failureMessage, settingsTexts } from './settings-texts.ts';
import * as styles from './settings.css.ts';
import { Notice } from '../../ui/notice/notice.tsx';

type TwoStepSetup = RouterOutputs['account']['twoStep']['start'];

/** The set-up key in groups of four (`ABCD EFGH …`), easier to read off and type in; apps ignore the spaces. */
const groupedKey = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

const CODE_LABEL = 'Authentication code';
const CODE_HELP = 'The 6-digit code your authenticator app shows now.';

const recoveryCodeOnly = z.object({ recoveryCode: recoveryCodeField });
const RECOVERY_LABEL = 'Recovery code';
const RECOVERY_HELP = 'One of the recovery codes you saved when you turned 2-step verification on. It is used up.';

/**
 * A form's second factor: a code from the app or, the phone lost, a recovery code ("Use a recovery
 * code instead"); and its "enter the next code" after "confirm it's you" used one.
 */
function useCodeForm() {
  const [recovery, setRecovery] = useState(false);
  const form = useZodForm<{ code: string; recoveryCode: string }, SecondFactorInput>(recovery ? recoveryCodeOnly : twoStepCodeSchema, { code: '', recoveryCode: '' });
  const [nextCodeAsked, setNextCodeAsked] = useState<{ readonly at: number } | null>(null);
  const { focusField, setValue } = form;
  useEffect(() => {
    if (nextCodeAsked) focusField('code');
  }, [nextCodeAsked, focusField]);
  /**
   * "Confirm it's you" took a code from the app, and a code counts once: the one typed here (of
   * that half-minute or an earlier one) would be refused, so the next one is asked for. A recovery
   * code typed here is another one: it stays.
   */
  const askForNextCode = useCallback(() => {
    if (recovery) return;
    setValue('code', '');
    setNextCodeAsked({ at: Date.now() });
  }, [recovery, setValue]);
  const codeField = recovery
    ? { label: RECOVERY_LABEL, autoComplete: 'off', description: RECOVERY_HELP, ...form.textField('recoveryCode') }
    : { label: CODE_LABEL, autoComplete: 'one-time-code', inputMode: 'numeric' as const, description: nextCodeAsked ? settingsTexts.freshCode : CODE_HELP, ...form.textField('code') };
  const switchButton = (
    <Button
      variant="link"
      // The field changes (its key), and the new one takes focus (autoFocus).
      onPress={() => setRecovery(!recovery)}
    >
      {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
    </Button>
  );
  return { form, codeField, switchButton, askForNextCode };
}

export interface TwoStepPartProps {
  readonly twoStep: boolean;
  /** 2-step went on: its recovery codes, to show once. */
  readonly onEnabled: (recoveryCodes: readonly string[]) => void;
  readonly titleRef: Ref<HTMLHeadingElement>;
  readonly focusTitle: () => void;
}

/** 2-step verification: set it up (QR code or key, then a code), or turn it off (with a code). */
export function TwoStepPart({ twoStep, onEnabled, titleRef, focusTitle }: TwoStepPartProps) {
  const trpc = useTRPC();
  const titleId = useId();
  const reauthentication = useReauthentication();
  const [setup, setSetup] = useState<TwoStepSetup | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  // Focus goes back to the button that opened a form the user cancelled (it was gone meanwhile).
  const [returnFocus, setReturnFocus] = useState(false);
  const start = useMutation(trpc.account.twoStep.start.mutationOptions());

  const begin = () => {
    if (start.isPending) return;
    start.mutate(undefined, {
      onSuccess: setSetup,
      onError: (error) => {
        if (reauthentication.askWhenNeeded(error, begin)) return;
        notify.error({ title: 'The set-up did not start', description: failureMessage(error) });
      },
    });
  };

  const status = twoStep ? <Badge color="green">On</Badge> : <Badge color="grey">Off</Badge>;
  return (
    <SettingsPart title="2-step verification" titleId={titleId} titleRef={titleRef} status={status} description={twoStep ? settingsTexts.twoStepOnNote : settingsTexts.twoStepIntro}>
      {twoStep ? (
        turningOff ? (
          <TurnOffForm
            onCancel={() => {
              setTurningOff(false);
              setReturnFocus(true);
            }}
            onTurnedOff={() => {
              setTurningOff(false);
              focusTitle();
            }}
          />
        ) : (
          <div className={styles.actions}>
            <Button variant="outline" autoFocus={returnFocus} onPress={() => setTurningOff(true)}>
              Turn off 2-step verification
            </Button>
          </div>
        )
      ) : setup ? (
        <SetUpSteps
          setup={setup}
          onCancel={() => {
            setSetup(null);
            setReturnFocus(true);
          }}
          onEnabled={(codes) => {
            setSetup(null);
            onEnabled(codes);
          }}
        />
      ) : (
        <div className={styles.actions}>
          <Button autoFocus={returnFocus} isDisabled={start.isPending} onPress={begin}>
            {start.isPending ? 'Starting...' : 'Set up 2-step verification'}
          </Button>
        </div>
      )}
    </SettingsPart>
  );
}

function SetUpSteps({ setup, onCancel, onEnabled }: { readonly setup: TwoStepSetup; readonly onCancel: () => void; readonly onEnabled: (codes: readonly string[]) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const titleId = useId();
  const reauthentication = useReauthentication();
  const confirm = useMutation(trpc.account.twoStep.confirm.mutationOptions());
  const form = useZodForm(twoStepConfirmSchema, { code: '' });
  // The button that started the set-up is gone: focus moves to the set-up's heading.
  const focusOnAppear = useCallback((heading: HTMLHeadingElement | null) => heading?.focus(), []);

  const submit = async () => {
    const input = await form.validate();
    if (!input || confirm.isPending) return;
    confirm.mutate(input, {
      onSuccess: async (answer) => {
        notify.success({ title: answer.message });
        onEnabled(answer.recoveryCodes);
        await queryClient.invalidateQueries(trpc.account.overview.queryFilter());
      },
      onError: (error) => {
        // With 2-step still off, "confirm it's you" takes no code: the same code is sent again.
        if (reauthentication.askWhenNeeded(error, () => void submit())) return;
        form.showServerErrors(apiFieldErrors(error));
      },
    });
  };
  const copyKey = async () => {
    if (await copyText(setup.secret)) notify.success({ title: settingsTexts.keyCopied });
    else notify.error({ title: settingsTexts.copyFailed, description: 'Select the key and copy it yourself.' });
  };
  const alert = formAlertOf(confirm);

  return (
    <div className={styles.step}>
      <h4 id={titleId} ref={focusOnAppear} tabIndex={-1} className={styles.partTitle}>
        Set up your authenticator app
      </h4>
      <ol className={styles.steps}>
        <li className={styles.numberedStep}>
          <div className={styles.stepBody}>
            <p>{settingsTexts.scanQr}</p>
            <div className={styles.qrCode}>
              <QRCode value={setup.uri} size={176} role="img" aria-label="QR code to scan with your authenticator app" />
            </div>
          </div>
        </li>
        <li className={styles.numberedStep}>
          <div className={styles.stepBody}>
            <p>{settingsTexts.typeKey}</p>
            <div className={styles.keyRow}>
              <dl className={styles.key}>
                <dt className={styles.keyLabel}>Set-up key</dt>
                <dd className={styles.keyValue}>
                  <code data-testid="two-step-secret">{groupedKey(setup.secret)}</code>
                </dd>
              </dl>
              <Button variant="secondary" onPress={() => void copyKey()}>
                Copy key
              </Button>
            </div>
          </div>
        </li>
        <li className={styles.numberedStep}>
          <div className={styles.stepBody}>
            <Form
              aria-label="Turn on 2-step verification"
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <p>{settingsTexts.enterCode}</p>
              {alert ? <FormAlert>{alert}</FormAlert> : null}
              <TextField label={CODE_LABEL} autoComplete="one-time-code" inputMode="numeric" className={styles.narrow} {...form.textField('code')} />
              <div className={styles.actions}>
                <Button type="submit" isDisabled={confirm.isPending}>
                  {confirm.isPending ? 'Turning on...' : 'Turn on'}
                </Button>
                <Button variant="outline" onPress={onCancel}>
                  Cancel
                </Button>
              </div>
            </Form>
          </div>
        </li>
      </ol>
    </div>
  );
}

interface SecondFactorFormProps {
  /** The form's name for assistive technology. */
  readonly label: string;
  /** What the action does, above the code field. */
  readonly explanation: string;
  readonly submitLabel: string;
  /** The submit button while the action runs. */
  readonly pendingLabel: string;
  readonly mutation: { readonly isPending: boolean; readonly isError: boolean; readonly error: unknown };
  /** Runs the action with the code; `onError` puts a refusal under its field, or asks for the password. */
  readonly send: (input: SecondFactorInput, onError: (error: unknown) => void) => void;
  readonly onCancel: () => void;
}

/** An action that needs a second factor: a code from the app (or a recovery code), then the action. */
function SecondFactorForm({ label, explanation, submitLabel, pendingLabel, mutation, send, onCancel }: SecondFactorFormProps) {
  const reauthentication = useReauthentication();
  const { form, codeField, switchButton, askForNextCode } = useCodeForm();

  const submit = async () => {
    const input = await form.validate();
    if (!input || mutation.isPending) return;
    send(input, (error) => {
      if (reauthentication.askWhenNeeded(error, askForNextCode)) return;
      form.showServerErrors(apiFieldErrors(error));
    });
  };
  const alert = formAlertOf(mutation);

  return (
    <Form
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p>{explanation}</p>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <TextField key={codeField.label} autoFocus className={styles.narrow} {...codeField} />
      {switchButton}
      <div className={styles.actions}>
        <Button type="submit" isDisabled={mutation.isPending}>
          {mutation.isPending ? pendingLabel : submitLabel}
        </Button>
        <Button variant="outline" onPress={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

function TurnOffForm({ onCancel, onTurnedOff }: { readonly onCancel: () => void; readonly onTurnedOff: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const disable = useMutation(trpc.account.twoStep.disable.mutationOptions());
  return (
    <SecondFactorForm
      label="Turn off 2-step verification"
      explanation="Signing in will ask only for your password. Your recovery codes stop working."
      submitLabel="Turn off"
      pendingLabel="Turning off..."
      mutation={disable}
      onCancel={onCancel}
      send={(input, onError) =>
        disable.mutate(input, {
          onSuccess: async (answer) => {
            notify.success({ title: answer.message });
            await queryClient.invalidateQueries(trpc.account.overview.queryFilter());
            onTurnedOff();
          },
          onError,
        })
      }
    />
  );
}

export interface RecoveryCodesPartProps {
  readonly left: number;
  readonly onCodes: (recoveryCodes: readonly string[]) => void;
}

/** How many recovery codes are left, and 10 new ones (the old ones stop working) with a code. */
export function RecoveryCodesPart({ left, onCodes }: RecoveryCodesPartProps) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [returnFocus, setReturnFocus] = useState(false);
  return (
    <SettingsPart title="Recovery codes" titleId={titleId} description="To sign in when you don’t have your phone: each code works once.">
      <Notice tone={left <= 3 ? 'attention' : 'info'} size="sm">
        {settingsTexts.codesLeft(left, RECOVERY_CODE_COUNT)}
        {left <= 3 ? ` ${settingsTexts.codesLow}` : ''}
      </Notice>
      {open ? (
        <NewCodesForm
          onCancel={() => {
            setOpen(false);
            setReturnFocus(true);
          }}
          onCodes={(codes) => {
            setOpen(false);
            onCodes(codes);
          }}
        />
      ) : (
        <div className={styles.actions}>
          <Button variant="outline" autoFocus={returnFocus} onPress={() => setOpen(true)}>
            Get new recovery codes
          </Button>
        </div>
      )}
    </SettingsPart>
  );
}

function NewCodesForm({ onCancel, onCodes }: { readonly onCancel: () => void; readonly onCodes: (codes: readonly string[]) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const regenerate = useMutation(trpc.account.twoStep.regenerateRecoveryCodes.mutationOptions());
  return (
    <SecondFactorForm
      label="Get new recovery codes"
      explanation="The codes you have now stop working."
      submitLabel="Get new codes"
      pendingLabel="Creating codes..."
      mutation={regenerate}
      onCancel={onCancel}
      send={(input, onError) =>
        regenerate.mutate(input, {
          onSuccess: async (answer) => {
            notify.success({ title: settingsTexts.newCodes, description: settingsTexts.newCodesDescription });
            onCodes(answer.recoveryCodes);
            await queryClient.invalidateQueries(trpc.account.overview.queryFilter());
          },
          onError,
        })
      }
    />
  );
}
