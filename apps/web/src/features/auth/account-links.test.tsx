import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountMessages, authMessages } from '@wellspring/domain';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ForgotPasswordPage } from './forgot-password.page.tsx';
import { ResetPasswordPage } from './reset-password.page.tsx';
import { VerifyEmailPage } from './verify-email.page.tsx';

const TOKEN = 'A'.repeat(43);
const openLink = (path: string) => window.history.replaceState(null, '', `${path}#${TOKEN}`);

describe('forgot password', () => {
  it('sends the address and shows the one answer given for any address', async () => {
    const { calls } = stubApi({ 'auth.requestPasswordReset': () => ({ message: accountMessages.resetSent }) });
    const events = userEvent.setup();
    renderWithProviders(<ForgotPasswordPage />, { path: '/forgot-password' });
    await events.type(screen.getByLabelText('Email'), 'robin@example.com');
    await events.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe(accountMessages.resetSent);
    expect(calls).toEqual([{ path: 'auth.requestPasswordReset', input: { email: 'robin@example.com' } }]);
  });
});

describe('the reset link', () => {
  it('takes the token out of the address bar, asks for the code when 2-step is on, and says the password changed', async () => {
    openLink('/reset-password');
    const { calls } = stubApi({
      'auth.passwordResetLink': () => ({ twoStep: true }),
      'auth.resetPassword': () => ({ message: accountMessages.passwordReset }),
    });
    const events = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    expect(window.location.hash).toBe('');
    await events.type(await screen.findByLabelText('New password'), 'a brand new passphrase');
    await events.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(accountMessages.codeRequired)).toBeTruthy();
    await events.type(screen.getByLabelText('Authentication code'), '123456');
    await events.click(screen.getByRole('button', { name: 'Save new password' }));
    expect((await screen.findByRole('status')).textContent).toContain(accountMessages.passwordReset);
    expect(calls.filter((call) => call.path === 'auth.resetPassword').map((call) => call.input)).toEqual([{ token: TOKEN, password: 'a brand new passphrase', code: '123456' }]);
  });

  it('takes a recovery code instead of the app’s code (the phone lost), keeping the new password typed', async () => {
    openLink('/reset-password');
    const { calls } = stubApi({
      'auth.passwordResetLink': () => ({ twoStep: true }),
      'auth.resetPassword': () => ({ message: accountMessages.passwordReset }),
    });
    const events = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    await events.type(await screen.findByLabelText('New password'), 'a brand new passphrase');
    await events.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await events.type(screen.getByLabelText('Recovery code'), 'abcde-23456');
    await events.click(screen.getByRole('button', { name: 'Save new password' }));
    expect((await screen.findByRole('status')).textContent).toContain(accountMessages.passwordReset);
    expect(calls.filter((call) => call.path === 'auth.resetPassword').map((call) => call.input)).toEqual([{ token: TOKEN, password: 'a brand new passphrase', recoveryCode: 'abcde23456' }]);
  });

  it('shows the server\'s password message under the field and keeps what was typed', async () => {
    openLink('/reset-password');
    stubApi({
      'auth.passwordResetLink': () => ({ twoStep: false }),
      'auth.resetPassword': () => Promise.reject(new ApiError({ code: 'BAD_REQUEST', httpStatus: 400, message: authMessages.passwordTooCommon, fieldErrors: { password: [authMessages.passwordTooCommon] } })),
    });
    const events = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    const field = await screen.findByLabelText('New password');
    await events.type(field, 'iloveyou1');
    await events.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(authMessages.passwordTooCommon)).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('iloveyou1');
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
  });

  it('says when the link no longer works, with a way to ask for a new one', async () => {
    openLink('/reset-password');
    stubApi({ 'auth.passwordResetLink': () => Promise.reject(new ApiError({ code: 'NOT_FOUND', httpStatus: 404, message: accountMessages.linkInvalid })) });
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    expect((await screen.findByRole('alert')).textContent).toContain(accountMessages.linkInvalid);
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
  });
});

describe('the confirmation link', () => {
  it('confirms the address once on opening', async () => {
    openLink('/verify-email');
    const { calls } = stubApi({ 'auth.verifyEmail': () => ({ message: accountMessages.emailVerified }) });
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email' });
    expect((await screen.findByRole('status')).textContent).toBe(accountMessages.emailVerified);
    await vi.waitFor(() => expect(calls).toEqual([{ path: 'auth.verifyEmail', input: { token: TOKEN } }]));
  });
});
