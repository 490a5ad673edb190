import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authMessages } from '@wellspring/domain';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, conflict, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { SignInPage } from './sign-in.page.tsx';
import { SignUpPage } from './sign-up.page.tsx';

const user = { id: 'u1', name: 'Dr. Robin Vale', email: 'robin@example.com' };

describe('sign-in page', () => {
  it('signs in and goes to /dashboard', async () => {
    const { calls } = stubApi({ 'auth.signIn': () => ({ user }), 'auth.me': () => ({ user }) });
    const events = userEvent.setup();
    const { location } = renderWithProviders(<SignInPage />, { path: '/login' });

    await events.type(screen.getByLabelText('Email'), 'robin@example.com');
    await events.type(screen.getByLabelText('Password'), 'correct horse battery');
    await events.click(screen.getByRole('button', { name: 'Sign in' }));

    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/dashboard'));
    expect(calls[0]).toEqual({ path: 'auth.signIn', input: { email: 'robin@example.com', password: 'correct horse battery' } });
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

  it('creates the account and goes to /dashboard; a taken email shows the server’s message', async () => {
    let taken = false;
    stubApi({
      'auth.signUp': () => {
        if (taken) return Promise.reject(conflict(authMessages.emailTaken));
        taken = true;
        return { user };
      },
      'auth.me': () => ({ user }),
    });
    const events = userEvent.setup();
    const { location, unmount } = renderWithProviders(<SignUpPage />, { path: '/signup' });
    await events.type(screen.getByLabelText('Full name'), 'Dr. Robin Vale');
    await events.type(screen.getByLabelText('Email'), 'robin@example.com');
    await events.type(screen.getByLabelText('Password'), 'correct horse battery');
    await events.click(screen.getByRole('button', { name: 'Create account' }));
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/dashboard'));
    unmount();

    renderWithProviders(<SignUpPage />, { path: '/signup' });
    await events.type(screen.getByLabelText('Full name'), 'Dr. Robin Vale');
    await events.type(screen.getByLabelText('Email'), 'robin@example.com');
    await events.type(screen.getByLabelText('Password'), 'correct horse battery');
    await events.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(authMessages.emailTaken)).toBeTruthy();
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
