import { passwordResetRequestSchema } from '@wellspring/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiProvider } from '../../lib/api.tsx';
import { apiErrorMessage, apiFieldErrors } from '../../lib/api-errors.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { Form, FormAlert } from '../../ui/form/form.tsx';
import { TextLink } from '../../ui/link/link.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import * as styles from './auth.css.ts';
import { Notice } from '../../ui/notice/notice.tsx';

const FALLBACK_ERROR = 'Could not send the link. Please try again.';

/**
 * `/forgot-password`: the address of the account; the answer is the same whether or not it has one,
 * and the e-mail carries a link that works once, for an hour.
 */
export function ForgotPasswordPage() {
  return (
    <ApiProvider>
      <ForgotPassword />
    </ApiProvider>
  );
}

function ForgotPassword() {
  useDocumentTitle('Reset your password');
  const trpc = useTRPC();
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  const form = useZodForm(passwordResetRequestSchema, { email: '' });

  const submit = async () => {
    const input = await form.validate();
    if (!input || request.isPending) return;
    request.mutate(input, { onError: (error) => form.showServerErrors(apiFieldErrors(error)) });
  };
  const formError = request.isError && Object.keys(apiFieldErrors(request.error)).length === 0 ? (apiErrorMessage(request.error) ?? FALLBACK_ERROR) : null;

  return (
    <div className={styles.page}>
      <Card as="section" padding="lg" tone="raised" className={styles.card} aria-labelledby="forgot-title">
        <div className={styles.header}>
          <h1 id="forgot-title" className={styles.title}>
            Reset your password
          </h1>
          <p className={styles.subtitle}>Enter the email address of your account and we will send you a link to choose a new password.</p>
        </div>
        {request.isSuccess ? (
          <Notice role="status" size="sm">
            {request.data.message}
          </Notice>
        ) : (
          <Form
            aria-labelledby="forgot-title"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            {formError ? <FormAlert>{formError}</FormAlert> : null}
            <TextField label="Email" type="email" autoComplete="email" {...form.textField('email')} />
            <Button type="submit" fullWidth isDisabled={request.isPending}>
              {request.isPending ? 'Sending link...' : 'Send reset link'}
            </Button>
          </Form>
        )}
        <p className={styles.switchText}>
          Remembered it? <TextLink href="/login">Sign in</TextLink>
        </p>
      </Card>
    </div>
  );
}
