import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contactPractitionerSchema } from '@wellspring/domain';
import { samplePractitioners } from '@wellspring/domain/samples';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { ApiError, deferred, serverError, stubApi, type ApiHandler } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';
import { PractitionerProfilePage } from './practitioner-profile.page.tsx';

const { distance: _distance, ...elena } = samplePractitioners[0]!;

type User = ReturnType<typeof userEvent.setup>;

async function openContact(send: ApiHandler) {
  const api = stubApi({
    'auth.me': () => ({ user: null }),
    'practitioners.byId': () => elena,
    'favorites.ids': () => [],
    'contactMessages.send': send,
  });
  const user = userEvent.setup();
  renderWithProviders(<Route path="/practitioners/:id" component={PractitionerProfilePage} />, { path: '/practitioners/1' });
  await screen.findByRole('heading', { level: 1, name: elena.name });
  await user.click(screen.getByRole('button', { name: 'Contact' }));
  const dialog = await screen.findByRole('dialog', { name: `Contact ${elena.name}` });
  return { ...api, user, dialog };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
const consentLabel = `I agree that ${elena.name} and Wellspring may contact me about this message at the e-mail or phone number above.`;

async function fill(user: User, dialog: HTMLElement) {
  await user.type(field(dialog, 'Your Name'), 'Ada Lovelace');
  await user.type(field(dialog, 'Email'), 'ada@example.com');
  await user.type(field(dialog, 'Phone (optional)'), '(503) 555-0142');
  await user.type(field(dialog, 'Message'), 'I would like to book a first visit.');
  await user.click(within(dialog).getByRole('checkbox', { name: consentLabel }));
}

describe('contact a practitioner', { timeout: 20_000 }, () => {
  it('opens a dialog with the form; each field shows its message inline, focus goes to the first, nothing is sent', async () => {
    const { user, dialog, calls } = await openContact(() => ({ id: 'm1' }));
    expect(document.activeElement).toBe(field(dialog, 'Your Name'));
    await user.type(field(dialog, 'Your Name'), 'A');
    await user.type(field(dialog, 'Email'), 'nope');
    await user.type(field(dialog, 'Phone (optional)'), '555');
    await user.type(field(dialog, 'Message'), 'Hi');
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));

    for (const message of [
      'Name must be at least 2 characters.',
      'Please enter a valid email address.',
      'Please enter a valid phone number.',
      'Message must be at least 10 characters.',
      'Please agree to be contacted about your message.',
    ]) {
      expect(within(dialog).getByText(message)).toBeTruthy();
    }
    await waitFor(() => expect(document.activeElement).toBe(field(dialog, 'Your Name')));
    expect(field(dialog, 'Your Name').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.path === 'contactMessages.send')).toBe(false);
  });

  it('sends the form with the practitioner, shows "Contact initiated" only once stored, and closes', async () => {
    const stored = deferred<{ id: string }>();
    const { user, dialog, calls } = await openContact(() => stored.promise);
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));

    const send = await waitFor(() => {
      const call = calls.find((entry) => entry.path === 'contactMessages.send');
      expect(call).toBeTruthy();
      return call;
    });
    expect(contactPractitionerSchema.parse(send?.input)).toEqual({
      practitionerId: '1',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '(503) 555-0142',
      message: 'I would like to book a first visit.',
      consent: true,
    });
    // Not stored yet: no toast, the dialog stays, sending.
    expect(within(dialog).getByRole('button', { name: /Sending/ })).toBeTruthy();
    expect(screen.queryAllByRole('alert').some((alert) => alert.textContent?.includes('Contact initiated'))).toBe(false);

    stored.resolve({ id: 'm1' });
    const toast = await findToast('Contact initiated');
    expect(toast.textContent).toContain('A message has been sent to the practitioner.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Contact' }));
  });

  it('keeps everything typed when the send fails, and says why: the server\'s message for too many messages', async () => {
    let failure: ApiError = serverError() as ApiError;
    const { user, dialog } = await openContact(() => {
      throw failure;
    });
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    await findToast('Failed to send message');
    expect(within(dialog).getByRole('alert').textContent).toContain('Please try again or contact support.');
    expect(field(dialog, 'Your Name').value).toBe('Ada Lovelace');
    expect(field(dialog, 'Email').value).toBe('ada@example.com');
    expect(field(dialog, 'Phone (optional)').value).toBe('(503) 555-0142');
    expect(field(dialog, 'Message').value).toBe('I would like to book a first visit.');
    expect((within(dialog).getByRole('checkbox', { name: consentLabel }) as HTMLInputElement).checked).toBe(true);

    failure = new ApiError({ code: 'TOO_MANY_REQUESTS', httpStatus: 429, message: 'Too many messages sent from your connection. Please wait 10 minutes and try again.' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('Please wait 10 minutes and try again.'));
    expect(field(dialog, 'Message').value).toBe('I would like to book a first visit.');
    expect(screen.queryAllByRole('alert').some((alert) => alert.textContent?.includes('Contact initiated'))).toBe(false);
  });

  it('shows the server\'s field messages under their fields', async () => {
    const { user, dialog } = await openContact(() => {
      throw new ApiError({ code: 'BAD_REQUEST', httpStatus: 400, message: 'Please enter a valid email address.', fieldErrors: { email: ['Please enter a valid email address.'] } });
    });
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(field(dialog, 'Email').getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getAllByText('Please enter a valid email address.').length).toBeGreaterThan(0);
  });

  it('Cancel closes without sending', async () => {
    const { user, dialog, calls } = await openContact(() => ({ id: 'm1' }));
    await user.type(field(dialog, 'Your Name'), 'Ada');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.path === 'contactMessages.send')).toBe(false);
  });
});
