import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUCCESS_SCREEN_MS } from '@wellspring/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, deferred, serverError, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';
import { PractitionerWaitlistPage } from './practitioner-waitlist.page.tsx';

afterEach(() => {
  vi.useRealTimers();
});

type User = ReturnType<typeof userEvent.setup>;

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

async function fillApplication(user: User) {
  await user.type(screen.getByLabelText('Full Name'), 'Dr. Robin Vale');
  await user.type(screen.getByLabelText('Email'), 'robin@example.com');
  await user.type(screen.getByLabelText('Phone'), '503-555-0142');
  await user.type(screen.getByLabelText('Specialties'), 'Naturopathy, Herbalism');
  await user.click(screen.getByRole('button', { name: /Years of Experience/ }));
  await user.click(await screen.findByRole('option', { name: '6-10 years' }));
  await user.type(screen.getByLabelText('Website (optional)'), 'https://vale.example');
  await user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
}

const submitButton = () => screen.getByRole('button', { name: 'Submit Application' });

describe('practitioner application', { timeout: 20_000 }, () => {
  it('is titled "Join Our Practitioner Network" and shows every message of docs/product.md#application under its field', async () => {
    const { calls } = stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<PractitionerWaitlistPage />, { path: '/practitioner-waitlist' });

    expect(screen.getByRole('heading', { level: 1, name: 'Join Our Practitioner Network' })).toBeTruthy();
    await user.type(screen.getByLabelText('Full Name'), 'A');
    await user.type(screen.getByLabelText('Phone'), '12345');
    await user.click(submitButton());

    expect(await screen.findByText('Name must be at least 2 characters.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number.')).toBeTruthy();
    expect(screen.getByText('Please list your specialties.')).toBeTruthy();
    expect(screen.getByText('Please select your years of experience.')).toBeTruthy();
    expect(screen.getByText('You must accept the terms and conditions.')).toBeTruthy();
    expect(screen.getByLabelText('Full Name').getAttribute('aria-invalid')).toBe('true');
    expect(value('Full Name')).toBe('A');
    expect(calls).toHaveLength(0);

    const summary = screen.getByRole('alert');
    expect(summary.textContent).toContain('There are 6 problems with this form');
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Full Name',
      'Email',
      'Phone',
      'Years of Experience',
      'Specialties',
      'Terms and conditions',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Full Name'));
    await user.click(within(summary).getByRole('link', { name: 'Terms and conditions' }));
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
  });

  it('on failure shows the failure toast and keeps every value', async () => {
    stubApi({ 'applications.submit': () => Promise.reject(serverError()) });
    const user = userEvent.setup();
    renderWithProviders(<PractitionerWaitlistPage />, { path: '/practitioner-waitlist' });

    await fillApplication(user);
    await user.click(submitButton());

    const toast = await findToast('Failed to submit application');
    expect(toast.textContent).toContain('Please try again or contact support.');
    expect(value('Full Name')).toBe('Dr. Robin Vale');
    expect(value('Email')).toBe('robin@example.com');
    expect(value('Specialties')).toBe('Naturopathy, Herbalism');
    expect(screen.getByRole('button', { name: /Years of Experience/ }).textContent).toContain('6-10 years');
    expect((screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the server’s field messages for bad input (400)', async () => {
    stubApi({
      'applications.submit': () =>
        Promise.reject(new ApiError({ code: 'BAD_REQUEST', httpStatus: 400, message: 'Bad input', fieldErrors: { email: ['Please enter a valid email address.'] } })),
    });
    const user = userEvent.setup();
    renderWithProviders(<PractitionerWaitlistPage />, { path: '/practitioner-waitlist' });

    await fillApplication(user);
    await user.click(submitButton());

    await findToast('Failed to submit application');
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(value('Email')).toBe('robin@example.com');
  });

  it('sends the application, shows "Submitting...", the toast, "Application Received!" for 3 s, then an empty form', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pending = deferred<{ id: string }>();
    const { calls } = stubApi({ 'applications.submit': () => pending.promise });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<PractitionerWaitlistPage />, { path: '/practitioner-waitlist' });

    await fillApplication(user);
    await user.click(submitButton());

    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeTruthy();
    expect(calls.at(-1)).toEqual({
      path: 'applications.submit',
      input: {
        name: 'Dr. Robin Vale',
        email: 'robin@example.com',
        phone: '503-555-0142',
        specialties: 'Naturopathy, Herbalism',
        experience: '6-10',
        website: 'https://vale.example',
        message: '',
        acceptTerms: true,
      },
    });

    await act(async () => pending.resolve({ id: 'a1' }));
    expect(await screen.findByText('Application Received!')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('status'));
    const toast = await findToast('Waitlist application submitted!');
    expect(toast.textContent).toContain("We'll notify you when your application is approved.");

    await act(async () => vi.advanceTimersByTime(SUCCESS_SCREEN_MS - 100));
    expect(screen.getByText('Application Received!')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Application Received!')).toBeNull();
    expect(value('Full Name')).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Full Name'));
    expect((screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }) as HTMLInputElement).checked).toBe(false);
  });
});
