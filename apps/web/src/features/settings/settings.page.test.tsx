import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountMessages, notificationLabels, practiceSettingsMessages } from '@wellspring/domain';
import type { RouterInputs, RouterOutputs } from '@wellspring/server/router';
import { describe, expect, it } from 'vitest';
import { ApiError, stubApi, type ApiCall, type ApiHandler } from '../../test/api-stub.ts';
import { stubMatchMedia } from '../../test/match-media.ts';
import { renderApp } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';

type Overview = RouterOutputs['account']['overview'];
type Session = RouterOutputs['account']['sessions']['list'][number];

const robin = { id: 'u1', name: 'Dr. Robin Vale', email: 'robin@example.com', emailVerified: true };

const overview = (changes: Partial<Overview> = {}): Overview => ({
  name: robin.name,
  email: robin.email,
  emailVerified: true,
  pendingEmail: null,
  twoStep: false,
  recoveryCodesLeft: 0,
  reauthenticate: false,
  notifications: { referrals: true, contactMessages: true, communityEvents: true },
  ...changes,
});

const thisDevice: Session = {
  id: '11111111-1111-4111-8111-111111111111',
  browser: 'Chrome',
  os: 'Linux',
  address: '203.0.113.7',
  startedAt: new Date('2025-06-16T09:00:00Z'),
  lastUsedAt: new Date('2025-06-16T10:00:00Z'),
  current: true,
};
const phone: Session = { ...thisDevice, id: '22222222-2222-4222-8222-222222222222', browser: 'Safari', os: 'iOS', address: '198.51.100.4', current: false };
const laptop: Session = { ...thisDevice, id: '33333333-3333-4333-8333-333333333333', browser: 'Firefox', os: 'Windows', address: '192.0.2.9', current: false };

const reauthenticateFirst = () => new ApiError({ code: 'FORBIDDEN', httpStatus: 403, message: accountMessages.reauthenticate });
const fieldError = (field: string, message: string) => new ApiError({ code: 'BAD_REQUEST', httpStatus: 400, message, fieldErrors: { [field]: [message] } });

function renderSettings(handlers: Record<string, ApiHandler> = {}, path = '/dashboard/settings') {
  stubMatchMedia();
  const api = stubApi({
    'auth.me': () => ({ user: robin, secondFactorPending: false }),
    'account.overview': () => overview(),
    'account.sessions.list': () => [thisDevice],
    'practiceSettings.get': () => ({ name: '', timeZone: 'America/Denver', currency: 'USD' }),
    ...handlers,
  });
  return { ...api, ...renderApp({ path }) };
}

const inputsTo = <Path extends string>(calls: readonly ApiCall[], path: Path) => calls.filter((call) => call.path === path).map((call) => call.input);

/** The screen once the overview has loaded (the first render waits for the lazily loaded route). */
async function findScreen() {
  await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 15_000 });
  return screen.findByRole('region', { name: 'Account' });
}

const region = (name: string) => screen.getByRole('region', { name });
const form = (name: string) => screen.getByRole('form', { name });
/** The message a field shows under it (react-aria names it in the input's aria-describedby). */
const messageOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the settings screen', { timeout: 60_000 }, () => {
  it('shows its sections from the account’s overview', async () => {
    const { calls } = renderSettings({
      'account.overview': () =>
        overview({ emailVerified: false, pendingEmail: 'robin.new@example.com', notifications: { referrals: false, contactMessages: true, communityEvents: false } }),
      'account.sessions.list': () => [thisDevice, phone],
      'account.resendVerification': () => ({ message: accountMessages.verificationSent }),
    });
    const events = userEvent.setup();
    const account = await findScreen();

    expect((within(account).getByLabelText('Full name') as HTMLInputElement).value).toBe(robin.name);
    expect(within(account).getByText(robin.email)).toBeTruthy();
    expect(within(account).getByText('Not confirmed')).toBeTruthy();
    expect(within(account).getByText(accountMessages.unverified)).toBeTruthy();
    expect(within(account).getByRole('status').textContent).toContain('robin.new@example.com');
    expect(within(form('Password')).getByLabelText('Current password')).toBeTruthy();

    const security = region('Security');
    expect(within(security).getByText('Off')).toBeTruthy();
    expect(within(security).getByRole('button', { name: 'Set up 2-step verification' })).toBeTruthy();
    expect(within(security).queryByText(/recovery codes left/)).toBeNull();
    const sessions = await within(security).findAllByRole('listitem');
    expect(sessions.map((item) => item.querySelector('p')?.textContent)).toEqual(['Chrome on LinuxThis device', 'Safari on iOS']);

    const notifications = region('Notifications');
    const checked = Object.entries(notificationLabels).map(([, label]) => (within(notifications).getByRole('checkbox', { name: label }) as HTMLInputElement).checked);
    expect(checked).toEqual([false, true, false]);

    await events.click(within(account).getByRole('button', { name: 'Send the confirmation link again' }));
    await findToast(accountMessages.verificationSent);
    expect(inputsTo(calls, 'account.resendVerification')).toHaveLength(1);
  });

  it('shows how many recovery codes are left when 2-step is on, and works in the provider portal too', async () => {
    renderSettings({ 'account.overview': () => overview({ twoStep: true, recoveryCodesLeft: 7 }) }, '/provider-portal/settings');
    await findScreen();
    expect(screen.getByRole('navigation', { name: 'Provider portal' })).toBeTruthy();
    const security = region('Security');
    expect(within(security).getByText('On')).toBeTruthy();
    expect(within(security).getByText('7 of 10 recovery codes left.')).toBeTruthy();
    expect(within(security).getByRole('button', { name: 'Turn off 2-step verification' })).toBeTruthy();
  });

  it('changes the password: a toast, the fields emptied, the sessions list read again', async () => {
    const { calls } = renderSettings({ 'account.changePassword': () => ({ message: accountMessages.passwordChanged }) });
    const events = userEvent.setup();
    await findScreen();
    const password = form('Password');
    await events.type(within(password).getByLabelText('Current password'), 'correct horse battery');
    await events.type(within(password).getByLabelText('New password'), 'a brand new passphrase');
    const sessionReadsBefore = inputsTo(calls, 'account.sessions.list').length;
    await events.click(within(password).getByRole('button', { name: 'Change password' }));

    await findToast(accountMessages.passwordChanged);
    const sent: RouterInputs['account']['changePassword'][] = inputsTo(calls, 'account.changePassword') as RouterInputs['account']['changePassword'][];
    expect(sent).toEqual([{ currentPassword: 'correct horse battery', newPassword: 'a brand new passphrase' }]);
    await waitFor(() => expect((within(password).getByLabelText('Current password') as HTMLInputElement).value).toBe(''));
    expect((within(password).getByLabelText('New password') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(inputsTo(calls, 'account.sessions.list').length).toBeGreaterThan(sessionReadsBefore));
  });

  it('puts a wrong current password’s message under its field, focuses it and keeps the form filled', async () => {
    renderSettings({ 'account.changePassword': () => Promise.reject(fieldError('currentPassword', accountMessages.currentPasswordWrong)) });
    const events = userEvent.setup();
    await findScreen();
    const password = form('Password');
    const current = within(password).getByLabelText('Current password') as HTMLInputElement;
    const next = within(password).getByLabelText('New password') as HTMLInputElement;
    await events.type(current, 'not my password');
    await events.type(next, 'a brand new passphrase');
    await events.click(within(password).getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(messageOf(current)).toContain(accountMessages.currentPasswordWrong));
    expect(current.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(current.value).toBe('not my password');
    expect(next.value).toBe('a brand new passphrase');
    expect(within(password).queryByRole('alert')).toBeNull();
  });

  it('checks the form with the domain’s schema first: both problems listed, focus on the first, nothing sent', async () => {
    const { calls } = renderSettings();
    const events = userEvent.setup();
    await findScreen();
    const password = form('Password');
    await events.click(within(password).getByRole('button', { name: 'Change password' }));

    const summary = await within(password).findByText(/There are 2 problems with this form/);
    expect(summary).toBeTruthy();
    const current = within(password).getByLabelText('Current password');
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(messageOf(current)).toContain(accountMessages.currentPasswordRequired);
    expect(inputsTo(calls, 'account.changePassword')).toEqual([]);
  });

  it('asks for the password again when the server wants it, then makes the change', async () => {
    let confirmed = false;
    const { calls } = renderSettings({
      'account.changeEmail': () => (confirmed ? { message: accountMessages.emailChangeSent } : Promise.reject(reauthenticateFirst())),
      'account.reauthenticate': (input) => {
        if ((input as { password: string }).password !== 'correct horse battery') throw fieldError('password', accountMessages.currentPasswordWrong);
        confirmed = true;
        return { ok: true };
      },
    });
    const events = userEvent.setup();
    await findScreen();
    const email = form('Change email');
    await events.type(within(email).getByLabelText('New email'), 'robin.new@example.com');
    await events.type(within(email).getByLabelText('Current password'), 'correct horse battery');
    await events.click(within(email).getByRole('button', { name: 'Change email' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(within(dialog).getByText(accountMessages.reauthenticate)).toBeTruthy();
    // 2-step is off: the password only.
    expect(within(dialog).queryByLabelText('Authentication code')).toBeNull();
    const password = within(dialog).getByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    await events.type(password, 'wrong one');
    await events.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(messageOf(password)).toContain(accountMessages.currentPasswordWrong));

    await events.clear(password);
    await events.type(password, 'correct horse battery');
    await events.click(within(dialog).getByRole('button', { name: 'Continue' }));

    await findToast(accountMessages.emailChangeSent);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(inputsTo(calls, 'account.reauthenticate')).toEqual([{ password: 'wrong one' }, { password: 'correct horse battery' }]);
    // The same change, sent again once the password was confirmed.
    expect(inputsTo(calls, 'account.changeEmail')).toEqual([
      { email: 'robin.new@example.com', password: 'correct horse battery' },
      { email: 'robin.new@example.com', password: 'correct horse battery' },
    ]);
    // The refusal itself was never shown as the form's error.
    expect(within(email).queryByText(accountMessages.reauthenticate)).toBeNull();
  });

  it('asks for the code too when 2-step is on, and then for the next code before new recovery codes', async () => {
    let confirmed = false;
    const fresh = Array.from({ length: 10 }, (_, index) => `fresh-code${index}`);
    const { calls } = renderSettings({
      'account.overview': () => overview({ twoStep: true, recoveryCodesLeft: 2 }),
      'account.twoStep.regenerateRecoveryCodes': () => (confirmed ? { recoveryCodes: fresh } : Promise.reject(reauthenticateFirst())),
      'account.reauthenticate': () => {
        confirmed = true;
        return { ok: true };
      },
    });
    const events = userEvent.setup();
    await findScreen();
    const security = region('Security');
    expect(within(security).getByText(/2 of 10 recovery codes left/).textContent).toContain('Get new codes before you run out');
    await events.click(within(security).getByRole('button', { name: 'Get new recovery codes' }));
    const newCodes = form('Get new recovery codes');
    const code = within(newCodes).getByLabelText('Authentication code') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(code));
    await events.type(code, '111111');
    await events.click(within(newCodes).getByRole('button', { name: 'Get new codes' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await events.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await events.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(accountMessages.codeRequired)).toBeTruthy();
    await events.type(within(dialog).getByLabelText('Authentication code'), '222 222');
    await events.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(inputsTo(calls, 'account.reauthenticate')).toEqual([{ password: 'correct horse battery', code: '222222' }]);

    // That code was used up by the check: the form asks for the next one instead of sending a used one.
    await waitFor(() => expect(code.value).toBe(''));
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(messageOf(code)).toContain('enter the next code your app shows');
    expect(inputsTo(calls, 'account.twoStep.regenerateRecoveryCodes')).toEqual([{ code: '111111' }]);

    await events.type(code, '333333');
    await events.click(within(newCodes).getByRole('button', { name: 'Get new codes' }));
    await findToast('New recovery codes created');
    const shown = await within(security).findByRole('list', { name: 'Recovery codes' });
    expect(within(shown).getAllByRole('listitem').map((item) => item.textContent)).toEqual(fresh);
  });

  it('with the phone lost, recovery codes stand in for the app’s code: to confirm it’s you, then to turn 2-step off', async () => {
    let confirmed = false;
    const { calls } = renderSettings({
      'account.overview': () => overview({ twoStep: true, recoveryCodesLeft: 9 }),
      'account.twoStep.disable': () => (confirmed ? { message: accountMessages.twoStepTurnedOff } : Promise.reject(reauthenticateFirst())),
      'account.reauthenticate': () => {
        confirmed = true;
        return { ok: true };
      },
    });
    const events = userEvent.setup();
    await findScreen();
    const security = region('Security');
    await events.click(within(security).getByRole('button', { name: 'Turn off 2-step verification' }));
    const turnOff = form('Turn off 2-step verification');
    await events.click(within(turnOff).getByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = within(turnOff).getByLabelText('Recovery code') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(recovery));
    expect(within(turnOff).queryByLabelText('Authentication code')).toBeNull();
    await events.type(recovery, 'ABCDE-23456');
    await events.click(within(turnOff).getByRole('button', { name: 'Turn off' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await events.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await events.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }));
    await events.type(within(dialog).getByLabelText('Recovery code'), 'fghij-34567');
    await events.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(inputsTo(calls, 'account.reauthenticate')).toEqual([{ password: 'correct horse battery', recoveryCode: 'fghij34567' }]);

    // Another recovery code, typed before: it is still there, and goes with the change.
    expect(recovery.value).toBe('ABCDE-23456');
    await events.click(within(turnOff).getByRole('button', { name: 'Turn off' }));
    await findToast(accountMessages.twoStepTurnedOff);
    expect(inputsTo(calls, 'account.twoStep.disable')).toEqual([{ recoveryCode: 'abcde23456' }, { recoveryCode: 'abcde23456' }]);
  });

  it('sets up 2-step: the QR code and the key to type, then a code, then the 10 recovery codes shown once', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const recoveryCodes = Array.from({ length: 10 }, (_, index) => `abcde-fghi${index}`);
    let twoStep = false;
    const { calls } = renderSettings({
      'account.overview': () => overview({ twoStep, recoveryCodesLeft: twoStep ? 10 : 0 }),
      'account.twoStep.start': () => ({ secret, uri: `otpauth://totp/Wellspring:robin%40example.com?issuer=Wellspring&secret=${secret}` }),
      'account.twoStep.confirm': (input) => {
        if ((input as { code: string }).code !== '123456') throw fieldError('code', accountMessages.codeWrong);
        twoStep = true;
        return { recoveryCodes, message: accountMessages.twoStepOn };
      },
    });
    const events = userEvent.setup();
    await findScreen();
    const security = region('Security');
    await events.click(within(security).getByRole('button', { name: 'Set up 2-step verification' }));

    const setUp = await within(security).findByRole('heading', { name: 'Set up your authenticator app' });
    await waitFor(() => expect(document.activeElement).toBe(setUp));
    expect(within(security).getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeTruthy();
    expect(within(security).getByTestId('two-step-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(within(security).getByText('Set-up key')).toBeTruthy();

    const turnOn = form('Turn on 2-step verification');
    const code = within(turnOn).getByLabelText('Authentication code');
    await events.type(code, '654321');
    await events.click(within(turnOn).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(messageOf(code)).toContain(accountMessages.codeWrong));
    await events.clear(code);
    await events.type(code, '123 456');
    await events.click(within(turnOn).getByRole('button', { name: 'Turn on' }));

    await findToast(accountMessages.twoStepOn);
    expect(inputsTo(calls, 'account.twoStep.confirm')).toEqual([{ code: '654321' }, { code: '123456' }]);
    const panel = await within(security).findByRole('region', { name: 'Your recovery codes' });
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Your recovery codes' })));
    expect(within(panel).getByText('Save these codes now: they are shown only this once.')).toBeTruthy();
    expect(within(within(panel).getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(recoveryCodes);
    expect(within(panel).getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Download codes' })).toBeTruthy();
    // The overview read again: 2-step is on, with all of its codes left.
    expect(await within(security).findByText('10 of 10 recovery codes left.')).toBeTruthy();
    expect(within(security).queryByTestId('two-step-secret')).toBeNull();

    await events.click(within(panel).getByRole('button', { name: 'I have saved my codes' }));
    await waitFor(() => expect(within(security).queryByRole('region', { name: 'Your recovery codes' })).toBeNull());
    expect(document.activeElement).toBe(within(security).getByRole('heading', { name: '2-step verification' }));
    expect(screen.queryByText(recoveryCodes[0] ?? '')).toBeNull();
  });

  it('lists the sessions: "This device", "Sign out" of another, then "Sign out everywhere else"', async () => {
    let sessions = [thisDevice, phone, laptop];
    const { calls } = renderSettings({
      'account.sessions.list': () => sessions,
      'account.sessions.revoke': (input) => {
        sessions = sessions.filter((session) => session.id !== (input as { sessionId: string }).sessionId);
        return { message: accountMessages.sessionEnded };
      },
      'account.sessions.revokeOthers': () => {
        const ended = sessions.length - 1;
        sessions = [thisDevice];
        return { message: accountMessages.otherSessionsEnded, ended };
      },
    });
    const events = userEvent.setup();
    await findScreen();
    const list = await within(region('Security')).findByRole('list', { name: 'Where you’re signed in' });
    const items = () => within(list).getAllByRole('listitem');
    expect(items()).toHaveLength(3);
    const [current, phoneItem] = items();
    expect(within(current as HTMLElement).getByText('This device')).toBeTruthy();
    expect(within(current as HTMLElement).queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(within(phoneItem as HTMLElement).getByText(/198\.51\.100\.4/)).toBeTruthy();
    const signOutPhone = within(phoneItem as HTMLElement).getByRole('button', { name: 'Sign out' });
    expect(signOutPhone.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(signOutPhone.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Safari on iOS');

    await events.click(signOutPhone);
    await findToast(accountMessages.sessionEnded);
    expect(inputsTo(calls, 'account.sessions.revoke')).toEqual([{ sessionId: phone.id }]);
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(screen.queryByText('Safari on iOS')).toBeNull();

    await events.click(within(region('Security')).getByRole('button', { name: 'Sign out everywhere else' }));
    await findToast(accountMessages.otherSessionsEnded);
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(inputsTo(calls, 'account.sessions.revokeOthers')).toHaveLength(1);
    expect(within(region('Security')).queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
    expect(within(region('Security')).getByText('You are signed in on this device only.')).toBeTruthy();
  });

  it('says so when the session had already ended, and shows the list as it is now', async () => {
    let sessions = [thisDevice, phone];
    renderSettings({
      'account.sessions.list': () => sessions,
      'account.sessions.revoke': () => {
        sessions = [thisDevice];
        throw new ApiError({ code: 'NOT_FOUND', httpStatus: 404, message: accountMessages.sessionUnknown });
      },
    });
    const events = userEvent.setup();
    await findScreen();
    const list = await within(region('Security')).findByRole('list', { name: 'Where you’re signed in' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await events.click(within(list).getByRole('button', { name: 'Sign out' }));
    await findToast(accountMessages.sessionUnknown);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(document.activeElement).toBe(within(region('Security')).getByRole('heading', { name: 'Where you’re signed in' }));
  });

  it('saves the name and the e-mail preferences with the server’s messages', async () => {
    const { calls } = renderSettings({
      'account.rename': () => ({ message: accountMessages.nameSaved }),
      'account.notifications': () => ({ message: accountMessages.notificationsSaved }),
    });
    const events = userEvent.setup();
    await findScreen();
    const name = form('Name');
    const field = within(name).getByLabelText('Full name');
    await events.clear(field);
    await events.type(field, 'R');
    await events.click(within(name).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(inputsTo(calls, 'account.rename')).toEqual([]);
    await events.type(field, 'obin Vale');
    await events.click(within(name).getByRole('button', { name: 'Save name' }));
    await findToast(accountMessages.nameSaved);
    expect(inputsTo(calls, 'account.rename')).toEqual([{ name: 'Robin Vale' }]);

    const notifications = form('Email notifications');
    await events.click(within(notifications).getByRole('checkbox', { name: notificationLabels.referrals }));
    await events.click(within(notifications).getByRole('button', { name: 'Save email preferences' }));
    await findToast(accountMessages.notificationsSaved);
    expect(inputsTo(calls, 'account.notifications')).toEqual([{ referrals: false, contactMessages: true, communityEvents: true }]);
  });

  it('saves the practice’s name, time zone and currency; a refused name keeps what was typed, with its message under the field', async () => {
    let refuse = true;
    const { calls } = renderSettings({
      'practiceSettings.save': (input) => {
        if (refuse) {
          refuse = false;
          throw fieldError('name', practiceSettingsMessages.nameTooLong);
        }
        return { settings: input, message: practiceSettingsMessages.saved };
      },
    });
    const events = userEvent.setup();
    await findScreen();
    const practice = await screen.findByRole('form', { name: 'Practice' });
    const zone = within(practice).getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement;
    await waitFor(() => expect(zone.value).toMatch(/^America\/Denver \(GMT-[67]\)$/));
    const name = within(practice).getByRole('textbox', { name: 'Practice name' });
    await events.type(name, 'Cedar Integrative Clinic');
    await events.clear(zone);
    await events.type(zone, 'london');
    await events.click(await screen.findByRole('option', { name: /^Europe\/London/ }));
    await events.click(within(practice).getByRole('button', { name: /Currency/ }));
    await events.click(await screen.findByRole('option', { name: 'GBP' }));

    await events.click(within(practice).getByRole('button', { name: 'Save practice settings' }));
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(messageOf(name)).toContain(practiceSettingsMessages.nameTooLong);
    expect((name as HTMLInputElement).value).toBe('Cedar Integrative Clinic');

    await events.click(within(practice).getByRole('button', { name: 'Save practice settings' }));
    await findToast(practiceSettingsMessages.saved);
    expect(inputsTo(calls, 'practiceSettings.save').at(-1)).toEqual({ name: 'Cedar Integrative Clinic', timeZone: 'Europe/London', currency: 'GBP' });
  });
});
