import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountMessages, authMessages } from '@wellspring/domain';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { SignInPage } from './sign-in.page.tsx';
import { SignUpPage } from './sign-up.page.tsx';

const user = { id: 'u1', name: 'Dr. Robin Vale', email: 'robin@example.com', emailVerified: true };

describe('sign-in page', () => {
  it('signs in and goes to /dashboard', async () => {
    const { calls } = stubApi({ 'auth.signIn': () => ({ status: 'signed-in', user }), 'auth.me': () => ({ user, secondFactorPending: false }) });
    const events = userEvent.setup();
    const { location } = renderWithProviders(<SignInPage />, { path: '/login' });

    await events.type(screen.getByLabelText('Email'), 'robin@example.com');
    await events.type(screen.getByLabelText('Password'), 'correct horse battery');
    await events.click(screen.getByRole('button', { name: 'Sign in' }));

    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/dashboard'));
    expect(calls[0]).toEqual({ path: 'auth.signIn', input: { email: 'robin@example.com', password: 'correct horse battery' } });
  });

  it('asks for the 2-step code after the password, offers a recovery code instead, and then goes to /dashboard', async () => {
    const { calls } = stubApi({
      'auth.signIn': () => ({ status: 'second-factor' }),
      'auth.secondFactor': (input) =>
        (input as { code?: string }).code === '123456'
          ? { user }
          : Promise.reject(new ApiError({ code: 'BAD_REQUEST', httpStatus: 400, message: accountMessages.codeWrong, fieldErrors: { code: [accountMessages.codeWrong] } })),
      'auth.me': () => ({ user: null, secondFactorPending: true }),
    });
    const events = userEvent.setup();
    const { location } = renderWithProviders(<SignInPage />, { path: '/login' });
    await events.type(screen.getByLabelText('Email'), 'robin@example.com');
    await events.type(screen.getByLabelText('Password'), 'correct horse battery');
    await events.click(screen.getByRole('button', { name: 'Sign in' }));

    const code = await screen.findByLabelText('Authentication code');
    await events.type(code, '12345');
    await events.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(accountMessages.codeFormat)).toBeTruthy();
    await events.clear(code);
    await events.type(code, '654321');
    await events.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(accountMessages.codeWrong)).toBeTruthy();
    await events.clear(code);
    await events.type(code, '123 456');
    await events.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/dashboard'));
    expect(calls.filter((call) => call.path === 'auth.secondFactor').map((call) => call.input)).toEqual([{ code: '654321' }, { code: '123456' }]);
  });

  it('shows the server’s message for wrong credentials and keeps the form filled', async () => {
    stubApi({
      'auth.signIn': () =>
        Promise.reject(new ApiError({ code: 'UNAUTHORIZED', httpStatus: 401, message: authMessages.invalidCredentials })),
    });
    const events = userEvent.setup();
    const { location } = renderWithProviders(<SignInPage />, { path: '/login' });

    await events.type(screen.getByLabelText('Email'), 'robin@example.com');
    await events.type(screen.getByLabelText('Password'), 'wrong password');
    await events.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Invalid email or password.')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('robin@example.com');
    expect(location.history?.at(-1)).toBe('/login');
  });

  it('shows the rate-limit message', async () => {
    stubApi({
      'auth.signIn': () =>
        Promise.reject(new ApiError({ code: 'TOO_MANY_REQUESTS', httpStatus: 429, message: authMessages.tooManyAttempts })),
    });
    const events = userEvent.setup();
    renderWithProviders(<SignInPage />, { path: '/login' });
    await events.type(screen.getByLabelText('Email'), 'robin@example.com');
    await events.type(screen.getByLabelText('Password'), 'whatever');
    await events.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/Too many attempts/)).toBeTruthy();
  });
});

describe('sign-up page', () => {
  it('validates with the domain schema before calling the server', async () => {
    const { calls } = stubApi({});
    const events = userEvent.setup();
    renderWithProviders(<SignUpPage />, { path: '/signup' });
    await events.type(screen.getByLabelText('Full name'), 'R');
    await events.type(screen.getByLabelText('Email'), 'robin@');
    await events.type(screen.getByLabelText('Password'), 'short');
    await events.click(screen.getByRole('button', { name: 'Create account' }));

    expect(screen.getByText(authMessages.name)).toBeTruthy();
    expect(screen.getByText(authMessages.email)).toBeTruthy();
    expect(screen.getByText(authMessages.passwordTooShort)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('answers "check your email" with the address, stays on the page, and offers to sign in', async () => {
    const { calls } = stubApi({ 'auth.signUp': () => ({ message: accountMessages.signUpCheckEmail }) });
    const events = userEvent.setup();
    const { location } = renderWithProviders(<SignUpPage />, { path: '/signup' });
    await events.type(screen.getByLabelText('Full name'), 'Dr. Robin Vale');
    await events.type(screen.getByLabelText('Email'), 'robin@example.com');
    await events.type(screen.getByLabelText('Password'), 'correct horse battery');
    await events.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(`${accountMessages.signUpCheckEmail} We sent it to robin@example.com.`);
    expect(screen.getByRole('link', { name: 'sign in' }).getAttribute('href')).toBe('/login');
    expect(location.history?.at(-1)).toBe('/signup');
    expect(calls).toHaveLength(1);
  });
});

describe('focus after a refused submit (lib/use-zod-form)', () => {
  it('moves to the first invalid field of the sign-up form, in page order', async () => {
    stubApi({});
    const events = userEvent.setup();
    renderWithProviders(<SignUpPage />, { path: '/signup' });
    await events.type(screen.getByLabelText('Full name'), 'Dr. Robin Vale');
    await events.type(screen.getByLabelText('Password'), 'short');
    await events.click(screen.getByRole('button', { name: 'Create account' }));

    // Email and Password are both invalid; Email comes first on the page.
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');

    await events.type(screen.getByLabelText('Email'), 'robin@example.com');
    await events.click(screen.getByRole('button', { name: 'Create account' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
  });

  it('moves to the field the server refused on sign-in', async () => {
    stubApi({
      'auth.signIn': () =>
        Promise.reject(
          new ApiError({ code: 'BAD_REQUEST', httpStatus: 400, message: authMessages.email, fieldErrors: { email: [authMessages.email] } }),
        ),
    });
    const events = userEvent.setup();
    renderWithProviders(<SignInPage />, { path: '/login' });
    await events.type(screen.getByLabelText('Email'), 'robin@example.com');
    await events.type(screen.getByLabelText('Password'), 'correct horse battery');
    await events.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(authMessages.email)).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });

  it('moves to the first field when the sign-in form is sent empty', async () => {
    stubApi({});
    const events = userEvent.setup();
    renderWithProviders(<SignInPage />, { path: '/login' });
    await events.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });
});
