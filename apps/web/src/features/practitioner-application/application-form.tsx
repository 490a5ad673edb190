import { useMutation } from '@tanstack/react-query';
import {
  applicationMessages,
  experienceBracketLabels,
  experienceBrackets,
  practitionerApplicationSchema,
  SUCCESS_SCREEN_MS,
} from '@wellspring/domain';
import { apiFieldErrors } from '../../lib/api-errors.ts';
import { useSuccessScreen } from '../../lib/focus.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button/button.tsx';
import { Checkbox } from '../../ui/checkbox/checkbox.tsx';
import { ErrorSummary, Form } from '../../ui/form/form.tsx';
import { CheckIcon } from '../../ui/icons/icons.tsx';
import { Select } from '../../ui/select/select.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import * as styles from './applications.css.ts';

const experienceItems = experienceBrackets.map((bracket) => ({ id: bracket, label: experienceBracketLabels[bracket] }));

const emptyApplication = {
  name: '',
  email: '',
  phone: '',
  specialties: '',
  experience: '',
  website: '',
  message: '',
  acceptTerms: false as boolean,
};

/** Each field's label, in the form's order (the error summary lists problems in it). */
const labels = {
  name: 'Full Name',
  email: 'Email',
  phone: 'Phone',
  experience: 'Years of Experience',
  specialties: 'Specialties',
  website: 'Website (optional)',
  message: 'Message (optional)',
  acceptTerms: 'Terms and conditions',
} as const;

/**
 * The practitioner application (docs/product.md#application): idle → "Submitting..." → "Application Received!"
 * for 3 s → a reset form. On failure the toast says so and every value stays.
 */
export function ApplicationForm() {
  const trpc = useTRPC();
  const submitApplication = useMutation(trpc.applications.submit.mutationOptions());
  const form = useZodForm(practitionerApplicationSchema, emptyApplication);
  const { focusField } = form;
  const success = useSuccessScreen(SUCCESS_SCREEN_MS, () => focusField('name'));

  const submit = async () => {
    const input = await form.validate();
    if (!input || submitApplication.isPending) return;
    submitApplication.mutate(input, {
      onSuccess: () => {
        notify.success(applicationMessages.submitted);
        form.reset();
        success.show();
      },
      onError: (error) => {
        form.showServerErrors(apiFieldErrors(error));
        notify.error(applicationMessages.failed);
      },
    });
  };

  if (success.shown) {
    return (
      <div className={styles.received} role="status" tabIndex={-1} ref={success.successRef}>
        <span className={styles.receivedIcon} aria-hidden="true">
          <CheckIcon size={28} strokeWidth={3} />
        </span>
        <h2 className={styles.receivedTitle}>{applicationMessages.successScreen}</h2>
        <p>Thank you for applying. Our team reviews every application and will be in touch by email.</p>
      </div>
    );
  }

  const pending = submitApplication.isPending;
  return (
    <Form
      aria-label="Practitioner application"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ErrorSummary labels={labels} errors={form.errors} onSelect={focusField} />
      <div className={styles.fieldRow}>
        <TextField
          label={labels.name}
          autoComplete="name"
          {...form.textField('name')}
          isDisabled={pending}
        />
        <TextField
          label={labels.email}
          type="email"
          autoComplete="email"
          {...form.textField('email')}
          isDisabled={pending}
        />
      </div>
      <div className={styles.fieldRow}>
        <TextField
          label={labels.phone}
          type="tel"
          autoComplete="tel"
          {...form.textField('phone')}
          isDisabled={pending}
        />
        <div ref={form.fieldRef('experience')}>
          <Select
            label={labels.experience}
            name="experience"
            placeholder="Select your experience"
            items={experienceItems}
            selectedKey={form.values.experience === '' ? null : form.values.experience}
            onSelectionChange={(key) => form.setValue('experience', key === null ? '' : String(key))}
            errorMessage={form.errors.experience}
            isDisabled={pending}
          />
        </div>
      </div>
      <TextField
        label={labels.specialties}
        placeholder="e.g. Naturopathy, Herbalism"
        {...form.textField('specialties')}
        isDisabled={pending}
      />
      <TextField
        label={labels.website}
        type="url"
        autoComplete="url"
        placeholder="https://"
        {...form.textField('website')}
        isDisabled={pending}
      />
      <TextField
        label={labels.message}
        rows={4}
        placeholder="Tell us about your practice"
        {...form.textField('message')}
        isDisabled={pending}
      />
      <div ref={form.fieldRef('acceptTerms')}>
        <Checkbox
          name="acceptTerms"
          isSelected={form.values.acceptTerms}
          onChange={(selected) => form.setValue('acceptTerms', selected)}
          errorMessage={form.errors.acceptTerms}
          isDisabled={pending}
        >
          I accept the terms and conditions
        </Checkbox>
      </div>
      <p className={styles.termsNote}>
        Read the{' '}
        <a href="/terms" target="_blank" rel="noopener">
          terms and conditions
        </a>{' '}
        and how we handle your information in our{' '}
        <a href="/privacy" target="_blank" rel="noopener">
          privacy policy
        </a>{' '}
        (each opens in a new tab, so nothing you typed here is lost).
      </p>
      <Button type="submit" size="lg" fullWidth isDisabled={pending}>
        {pending ? applicationMessages.submitting : 'Submit Application'}
      </Button>
    </Form>
  );
}
