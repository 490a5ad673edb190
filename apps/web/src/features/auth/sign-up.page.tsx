import { signUpSchema } from '@wellspring/domain';
import { useSearchParams } from 'wouter';
import { ApiProvider } from '../../lib/api.tsx';
import { apiErrorMessage, apiFieldErrors } from '../../lib/api-errors.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { Form, ErrorSummary, FormAlert } from '../../ui/form/form.tsx';
import { TextLink } from '../../ui/link/link.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import * as styles from './auth.css.ts';
import { useSignUp } from './use-auth-mutations.ts';

const FALLBACK_ERROR = 'Could not create your account. Please try again.';

/** Each field's label, in the form's order (the error summary lists problems in it). */
const labels = { name: 'Full name', email: 'Email', password: 'Password', referralCode: 'Referral code (optional)' } as const;

/**
 * `/signup`: a practitioner creates an account. The answer is the same whether or not the address
 * already has one (the e-mail to it says which): "check your email", with the link that proves the
 * address; the password signs in at once. A referral code (`?code=`) counts once the address is proved.
 */
export function SignUpPage() {
  return (
    <ApiProvider>
      <SignUp />
    </ApiProvider>
  );
}

function SignUp() {
  const signUp = useSignUp();
  const [params] = useSearchParams();
  // `/signup?code=` (from a referral link): the account redeems the code when it is created.
  const form = useZodForm(signUpSchema, { name: '', email: '', password: '', referralCode: params.get('code')?.trim().toUpperCase() ?? '' });

  const submit = async () => {
    const input = await form.validate();
    if (!input || signUp.isPending) return;
    signUp.mutate(input, { onError: (error) => form.showServerErrors(apiFieldErrors(error)) });
  };

  const formError = signUp.isError && Object.keys(apiFieldErrors(signUp.error)).length === 0
    ? (apiErrorMessage(signUp.error) ?? FALLBACK_ERROR)
    : null;

  if (signUp.isSuccess) {
    return (
      <div className={styles.page}>
        <Card as="section" padding="lg" tone="raised" className={styles.card} aria-labelledby="sign-up-done-title">
          <div className={styles.header}>
            <h1 id="sign-up-done-title" className={styles.title}>
              Check your email
            </h1>
            <p role="status" className={styles.subtitle}>
              {signUp.data.message} We sent it to {form.values.email}.
            </p>
          </div>
          <p className={styles.switchText}>
            You can already <TextLink href="/login">sign in</TextLink> with your password; confirm your address to publish your listing and take online bookings.
          </p>
        </Card>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <Card as="section" padding="lg" tone="raised" className={styles.card} aria-labelledby="sign-up-title">
        <div className={styles.header}>
          <h1 id="sign-up-title" className={styles.title}>
            Create your practitioner account
          </h1>
          <p className={styles.subtitle}>Manage your profile, schedule and patients in one place.</p>
        </div>
        <Form
          aria-labelledby="sign-up-title"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <ErrorSummary labels={labels} errors={form.errors} onSelect={form.focusField} />
          <TextField
            label={labels.name}
            autoComplete="name"
            {...form.textField('name')}
          />
          <TextField
            label={labels.email}
            type="email"
            autoComplete="email"
            {...form.textField('email')}
          />
          <TextField
            label={labels.password}
            type="password"
            autoComplete="new-password"
            description="At least 8 characters. Not a common password, your name or your email."
            {...form.textField('password')}
          />
          <TextField
            label={labels.referralCode}
            autoComplete="off"
            description="From a referral link or e-mail; leave empty if you have none."
            {...form.textField('referralCode')}
          />
          <Button type="submit" fullWidth isDisabled={signUp.isPending}>
            {signUp.isPending ? 'Creating account...' : 'Create account'}
          </Button>
        </Form>
        <p className={styles.switchText}>
          Already have an account? <TextLink href="/login">Sign in instead</TextLink>
        </p>
      </Card>
    </div>
  );
}
