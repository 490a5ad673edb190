import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUCCESS_SCREEN_MS } from '@wellspring/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, conflict, deferred, LostAnswer, serverError, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';
import { WaitlistForm } from './waitlist-form.tsx';

const joinForm = () => screen.getByRole('form', { name: /join the (patient|practitioner) waitlist/i });

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, name: string, email: string) {
  const form = joinForm();
  if (name) await user.type(within(form).getByLabelText('Full Name'), name);
  if (email) await user.type(within(form).getByLabelText('Email'), email);
  await user.click(within(form).getByRole('button', { name: 'Join Waitlist' }));
}


afterEach(() => {
  vi.useRealTimers();
});

describe('WaitlistForm', () => {
  it('shows the spec’s messages under the fields for bad input, keeps the values, and sends nothing', async () => {
    const { calls } = stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<WaitlistForm type="patient" />);

    await fillAndSubmit(user, 'A', 'not-an-email');

    expect(screen.getByText('Full name must be at least 2 characters.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('A');
    expect(screen.getByLabelText('Full Name').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);

    // Two problems: a summary above the form, focus on the first invalid field, each entry a way to its field.
    const summary = screen.getByRole('alert');
    expect(summary.textContent).toContain('There are 2 problems with this form');
    expect(document.activeElement).toBe(screen.getByLabelText('Full Name'));
    await user.click(within(summary).getByRole('link', { name: 'Email' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('with one problem needs no summary: focus goes to that field', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<WaitlistForm type="patient" />);

    await fillAndSubmit(user, 'Avery Patient', 'nope');

    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('shows "Submitting..." on a disabled button while the request is in flight', async () => {
    const pending = deferred<{ id: string }>();
    const { calls } = stubApi({ 'waitlist.join': () => pending.promise });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistForm type="practitioner" />);

    await fillAndSubmit(user, 'Dr. Robin Vale', 'robin@example.com');

    const button = await screen.findByRole('button', { name: 'Submitting...' });
    expect(button.hasAttribute('disabled') || button.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(calls).toEqual([{ path: 'waitlist.join', input: { name: 'Dr. Robin Vale', email: 'robin@example.com', type: 'practitioner' } }]);

    await act(async () => pending.resolve({ id: 'w1' }));
    expect(await screen.findByText('Thank you for joining our waitlist!')).toBeTruthy();
  });

  it('on success shows the toast and the thank-you for exactly 3 seconds, then an empty form', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({ 'waitlist.join': () => ({ id: 'w1' }) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<WaitlistForm type="patient" />);

    await fillAndSubmit(user, 'Avery Patient', 'avery@example.com');

    expect(await screen.findByText('Thank you for joining our waitlist!')).toBeTruthy();
    expect(screen.queryByRole('form', { name: /join the patient waitlist/i })).toBeNull();
    // Focus follows the form's replacement instead of falling to the page body.
    expect(document.activeElement).toBe(screen.getByRole('status'));

    await act(async () => vi.advanceTimersByTime(SUCCESS_SCREEN_MS - 100));
    expect(screen.getByText('Thank you for joining our waitlist!')).toBeTruthy();

    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Thank you for joining our waitlist!')).toBeNull();
    expect((within(joinForm()).getByLabelText('Full Name') as HTMLInputElement).value).toBe('');
    expect((within(joinForm()).getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(within(joinForm()).getByLabelText('Full Name'));

    // Checked last: the toast library loads on the first toast, which takes real time (and the fake
    // clock advances with it), so waiting for it first could eat into the 3 seconds above.
    const toast = await findToast('Added to waitlist!');
    expect(toast.textContent).toContain("We'll notify you when patient access become available.");
  });

  it('a duplicate email (CONFLICT) is not a success: its own toast, and the form keeps the values', async () => {
    stubApi({ 'waitlist.join': () => Promise.reject(conflict('Email already registered')) });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistForm type="patient" />);

    await fillAndSubmit(user, 'Second Person', 'AVERY@EXAMPLE.COM');

    const toast = await findToast('Email already registered');
    expect(toast.textContent).toContain('This email is already on our waitlist.');
    expect(screen.queryByText('Thank you for joining our waitlist!')).toBeNull();
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Second Person');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('AVERY@EXAMPLE.COM');
    expect(screen.getByRole('button', { name: 'Join Waitlist' })).toBeTruthy();
  });

  it('a submission whose answer was lost is sent again with its key; told it was already carried out, it says the email is on the waitlist', async () => {
    let attempts = 0;
    const { requests } = stubApi({
      'waitlist.join': () => {
        attempts += 1;
        if (attempts === 1) throw new LostAnswer();
        // The server's answer to a key whose write committed while its answer was lost (409).
        throw conflict('This request was already received and carried out; it changed nothing this time.');
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistForm type="patient" />);

    await fillAndSubmit(user, 'Avery Patient', 'avery@example.com');

    const toast = await findToast('Email already registered');
    expect(toast.textContent).toContain('This email is already on our waitlist.');
    const keys = requests.map((request) => request.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeDefined();
    expect(keys[1]).toBe(keys[0]);
  });

  it('any other failure shows "Failed to join waitlist" and keeps the values', async () => {
    stubApi({ 'waitlist.join': () => Promise.reject(serverError()) });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistForm type="patient" />);

    await fillAndSubmit(user, 'Avery Patient', 'avery@example.com');

    const toast = await findToast('Failed to join waitlist');
    expect(toast.textContent).toContain('Please try again or contact support.');
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Avery Patient');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('avery@example.com');
  });

  it('shows the server’s field messages under the fields', async () => {
    stubApi({
      'waitlist.join': () =>
        Promise.reject(
          new ApiError({
            code: 'BAD_REQUEST',
            httpStatus: 400,
            message: 'Invalid input',
            fieldErrors: { email: ['Please enter a valid email address.'] },
          }),
        ),
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistForm type="patient" />);

    await fillAndSubmit(user, 'Avery Patient', 'avery@example.com');

    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('Invite a friend', () => {
  it('is revealed by its toggle, validates with the spec’s messages, and hides again after "Referral sent!"', async () => {
    const { calls } = stubApi({ 'waitlist.invite': () => ({ id: 'i1' }) });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistForm type="practitioner" />);

    expect(screen.queryByLabelText('Your Name')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Invite a friend to join' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.type(screen.getByLabelText('Your Name'), 'J');
    await user.type(screen.getByLabelText("Friend's Email"), 'friend@');
    await user.click(screen.getByRole('button', { name: 'Send Invite' }));
    expect(screen.getByText('Your name must be at least 2 characters.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Your Name'), 'ordan');
    await user.clear(screen.getByLabelText("Friend's Email"));
    await user.type(screen.getByLabelText("Friend's Email"), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Invite' }));

    const toast = await findToast('Referral sent!');
    expect(toast.textContent).toContain("We've sent an invitation to sam@example.com.");
    expect(calls).toEqual([
      { path: 'waitlist.invite', input: { yourName: 'Jordan', friendEmail: 'sam@example.com', waitlistType: 'practitioner' } },
    ]);
    expect(screen.queryByLabelText('Your Name')).toBeNull();
  });

  it('shows "Sending Invite..." while sending, and on failure its toast with the form still filled', async () => {
    const pending = deferred<never>();
    stubApi({ 'waitlist.invite': () => pending.promise });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistForm type="patient" />);

    await user.click(screen.getByRole('button', { name: 'Invite a friend to join' }));
    await user.type(screen.getByLabelText('Your Name'), 'Jordan');
    await user.type(screen.getByLabelText("Friend's Email"), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Invite' }));

    expect(await screen.findByRole('button', { name: 'Sending Invite...' })).toBeTruthy();
    await act(async () => pending.reject(serverError()));

    const toast = await findToast('Failed to send referral');
    expect(toast.textContent).toContain('Please try again or contact support.');
    expect((screen.getByLabelText('Your Name') as HTMLInputElement).value).toBe('Jordan');
    expect((screen.getByLabelText("Friend's Email") as HTMLInputElement).value).toBe('sam@example.com');
  });
});
