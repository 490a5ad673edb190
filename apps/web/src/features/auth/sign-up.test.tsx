import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authMessages } from '@wellspring/domain';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { SignUpPage } from './sign-up.page.tsx';

/** What a screen reader says after the field's name: its hint and, when invalid, its message. */
function descriptionOf(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

async function fillSignUp(values: { name: string; email: string; password: string }) {
  const events = userEvent.setup();
  renderWithProviders(<SignUpPage />, { path: '/signup' });
  await events.type(screen.getByLabelText('Full name'), values.name);
  await events.type(screen.getByLabelText('Email'), values.email);
  await events.type(screen.getByLabelText('Password'), values.password);
  await events.click(screen.getByRole('button', { name: 'Create account' }));
  return events;
}

describe('sign-up password rules', () => {
  it('tells what a good password is under the Password field', () => {
    stubApi({});
    renderWithProviders(<SignUpPage />, { path: '/signup' });
    expect(descriptionOf(screen.getByLabelText('Password'))).toBe('At least 8 characters. Not a common password, your name or your email.');
  });

  it('refuses the email or the name as the password before calling the server', async () => {
    const { calls } = stubApi({});
    const events = await fillSignUp({ name: 'Dr. Robin Vale', email: 'robin.vale@example.com', password: 'Robin.Vale@example.com' });

    const password = screen.getByLabelText('Password');
    expect(descriptionOf(password)).toContain(authMessages.passwordIsEmail);
    expect(password.getAttribute('aria-invalid')).toBe('true');

    await events.clear(password);
    await events.type(password, 'dr. robin vale');
    await events.click(screen.getByRole('button', { name: 'Create account' }));
    expect(descriptionOf(screen.getByLabelText('Password'))).toContain(authMessages.passwordIsName);
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s message for a common password under the Password field and keeps the form filled', async () => {
    const { calls } = stubApi({
      'auth.signUp': () =>
        Promise.reject(
          new ApiError({
            code: 'BAD_REQUEST',
            httpStatus: 400,
            message: authMessages.passwordTooCommon,
            fieldErrors: { password: [authMessages.passwordTooCommon] },
          }),
        ),
    });
    await fillSignUp({ name: 'Dr. Robin Vale', email: 'robin@example.com', password: 'iloveyou' });

    await vi.waitFor(() => expect(descriptionOf(screen.getByLabelText('Password'))).toContain(authMessages.passwordTooCommon));
    expect(screen.getAllByText(authMessages.passwordTooCommon)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('robin@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('iloveyou');
    expect(calls.map((call) => call.path)).toEqual(['auth.signUp']);
  });
});

describe('sign-up with a referral code', () => {
  it('carries the code of /signup?code= and shows the server’s refusal under the field', async () => {
    const { calls } = stubApi({
      'auth.signUp': () =>
        Promise.reject(
          new ApiError({ code: 'BAD_REQUEST', httpStatus: 400, message: 'This referral code is inactive.', fieldErrors: { referralCode: ['This referral code is inactive.'] } }),
        ),
    });
    const events = userEvent.setup();
    renderWithProviders(<SignUpPage />, { path: '/signup?code=initial25' });
    expect((screen.getByLabelText('Referral code (optional)') as HTMLInputElement).value).toBe('INITIAL25');
    await events.type(screen.getByLabelText('Full name'), 'Dr. Robin Vale');
    await events.type(screen.getByLabelText('Email'), 'robin@example.com');
    await events.type(screen.getByLabelText('Password'), 'Quiet-River-Stones-42');
    await events.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This referral code is inactive.')).toBeTruthy();
    expect(calls.find((call) => call.path === 'auth.signUp')?.input).toMatchObject({ email: 'robin@example.com', referralCode: 'INITIAL25' });
  });
});
