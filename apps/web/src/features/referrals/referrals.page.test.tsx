import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouterInputs, RouterOutputs } from '@wellspring/server/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, deferred, stubApi, type ApiHandler } from '../../test/api-stub.ts';
import { stubMatchMedia } from '../../test/match-media.ts';
import { renderApp } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';

type Referral = RouterOutputs['referrals']['list']['referrals'][number];
type Code = RouterOutputs['referralCodes']['list'][number];

const robin = { id: 'u1', name: 'Dr. Robin Vale', email: 'robin@example.com' };

const referral = (fields: Partial<Referral>): Referral => ({
  id: 'r1',
  role: 'sender',
  referrerName: 'Dr. Robin Vale',
  refereeName: 'Emma Thompson',
  refereeEmail: 'emma@example.com',
  refereeType: 'patient',
  status: 'pending',
  referralCode: 'WELLNESS50',
  offer: '$50 off first consultation',
  notes: '',
  createdAt: '2026-11-20T19:00:00.000Z',
  completedAt: null,
  expiresAt: '2026-12-20T19:00:00.000Z',
  rewardEarnedMinor: null,
  actions: ['resend', 'cancel'],
  ...fields,
});

const code = (fields: Partial<Code>): Code => ({
  id: 'c1',
  code: 'WELLNESS50',
  description: '$50 off first consultation',
  rewards: { referrer: 5000, referee: 5000 },
  usageCount: 12,
  maxUsage: 50,
  expiryDate: '2027-02-23T23:59:59.000Z',
  active: true,
  redeemable: true,
  ...fields,
});

const referrals: Referral[] = [
  referral({ id: 'r1' }),
  referral({ id: 'r2', role: 'receiver', referrerName: 'Dr. Grace Kim', refereeName: 'Dr. Robin Vale', refereeEmail: 'robin@example.com', refereeType: 'practitioner', actions: ['accept', 'decline'] }),
  referral({ id: 'r3', refereeName: 'Sofia Martinez', status: 'completed', actions: [], rewardEarnedMinor: 2500, completedAt: '2026-11-22T19:00:00.000Z' }),
  referral({ id: 'r4', refereeName: 'Nina Volkova', status: 'expired', actions: [] }),
  referral({ id: 'r5', refereeName: 'Zed Mystery', status: 'lost', actions: [] }),
];
const codes: Code[] = [
  code({}),
  code({ id: 'c2', code: 'COLLAB20', description: '20% off collaborative sessions', rewards: { referrer: 2000, referee: 2000 }, usageCount: 7, maxUsage: null, expiryDate: null }),
  code({ id: 'c3', code: 'INITIAL25', description: '25% off initial visit', rewards: { referrer: 2500, referee: 2500 }, usageCount: 9, maxUsage: 25, active: false, redeemable: false }),
];

function renderPage(handlers: Record<string, ApiHandler> = {}, path = '/referrals') {
  stubMatchMedia();
  const api = stubApi({
    'auth.me': () => ({ user: robin }),
    'referrals.list': () => ({ referrals, stats: { total: 12, completed: 5, rewardsEarned: 12000 } }),
    'referralCodes.list': () => codes,
    ...handlers,
  });
  return { ...api, ...renderApp({ path }) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Referrals page', { timeout: 20_000 }, () => {
  it('shows the figures of the practitioner’s own referrals and the three tabs', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Referrals' })).toBeTruthy();
    const figures = screen.getByRole('region', { name: 'Referral figures' });
    await waitFor(() => expect(figures.textContent).toContain('$120'));
    expect(figures.textContent).toContain('Total Referrals12');
    expect(figures.textContent).toContain('Completed5');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['My Referrals', 'Refer Someone', 'My Referral Codes']);
  });

  it('lists sent and received referrals with the spec’s badges, and Unknown for anything else', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'My referrals' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]?.textContent).toContain('Pending');
    expect(within(items[0] as HTMLElement).getAllByRole('button').map((button) => button.textContent)).toEqual(['Resend', 'Cancel']);
    expect(items[1]?.textContent).toContain('Dr. Grace Kim');
    expect(within(items[1] as HTMLElement).getAllByRole('button').map((button) => button.textContent)).toEqual(['Accept', 'Decline']);
    expect(items[2]?.textContent).toContain('Completed');
    expect(items[2]?.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('check-green');
    expect(items[3]?.textContent).toContain('Expired');
    expect(items[3]?.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('x-red');
    expect(items[4]?.textContent).toContain('Unknown');
  });

  it('runs each action through its own procedure and shows its toast', async () => {
    const events = userEvent.setup();
    const { calls } = renderPage({
      'referrals.resend': (input) => ({ id: (input as { id: string }).id, status: 'pending' }),
      'referrals.accept': (input) => ({ id: (input as { id: string }).id, status: 'accepted' }),
    });
    await events.click(await screen.findByRole('button', { name: 'Resend referral to Emma Thompson' }));
    expect(await findToast('Referral resent')).toBeTruthy();
    await events.click(screen.getByRole('button', { name: 'Accept referral from Dr. Grace Kim' }));
    expect(await findToast('Referral accepted')).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('referrals.') && call.path !== 'referrals.list').map((call) => [call.path, call.input])).toEqual([
      ['referrals.resend', { id: 'r1' }],
      ['referrals.accept', { id: 'r2' }],
    ]);
  });

  it('Cancel asks first: the dialog opens on "Keep referral", Escape and Keep change nothing, "Cancel referral" cancels', async () => {
    const events = userEvent.setup();
    const { calls } = renderPage({ 'referrals.cancel': (input) => ({ id: (input as { id: string }).id, status: 'cancelled' }) });
    const cancelCalls = () => calls.filter((call) => call.path === 'referrals.cancel').map((call) => call.input);
    await events.click(await screen.findByRole('button', { name: 'Cancel referral to Emma Thompson' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this referral?' });
    expect(dialog.textContent).toContain('Emma Thompson will no longer be able to accept it. A cancelled referral cannot be restored.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep referral' }));

    await events.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await events.click(screen.getByRole('button', { name: 'Cancel referral to Emma Thompson' }));
    await events.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep referral' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(cancelCalls()).toEqual([]);

    // By keyboard: Tab to the confirming button, Enter.
    await events.click(screen.getByRole('button', { name: 'Cancel referral to Emma Thompson' }));
    await screen.findByRole('alertdialog');
    await events.keyboard('{Tab}{Enter}');
    expect(await findToast('Referral cancelled')).toBeTruthy();
    expect(cancelCalls()).toEqual([{ id: 'r1' }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Decline asks first too: "Keep referral" changes nothing, "Decline referral" declines', async () => {
    const events = userEvent.setup();
    const { calls } = renderPage({ 'referrals.decline': (input) => ({ id: (input as { id: string }).id, status: 'declined' }) });
    const declineCalls = () => calls.filter((call) => call.path === 'referrals.decline').map((call) => call.input);
    await events.click(await screen.findByRole('button', { name: 'Decline referral from Dr. Grace Kim' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Decline this referral?' });
    expect(dialog.textContent).toContain('Dr. Grace Kim will see it as declined. A declined referral cannot be accepted later.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep referral' }));
    await events.click(within(dialog).getByRole('button', { name: 'Keep referral' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(declineCalls()).toEqual([]);

    await events.click(screen.getByRole('button', { name: 'Decline referral from Dr. Grace Kim' }));
    await events.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Decline referral' }));
    expect(await findToast('Referral declined')).toBeTruthy();
    expect(declineCalls()).toEqual([{ id: 'r2' }]);
  });

  it('refers someone: active codes only, "Sending Referral..." while sending, then success and a reset form', async () => {
    const events = userEvent.setup();
    const pending = deferred<unknown>();
    const { calls } = renderPage({ 'referrals.create': () => pending.promise }, '/referrals?tab=refer');
    await events.type(await screen.findByRole('textbox', { name: 'Name' }), 'Laura Perez');
    await events.type(screen.getByRole('textbox', { name: 'Email' }), 'laura@example.com');
    expect(screen.getByRole('button', { name: /Referring a$/ }).textContent).toContain('Patient');
    await events.click(screen.getByRole('button', { name: /Referral code$/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['WELLNESS50 — $50 off first consultation', 'COLLAB20 — 20% off collaborative sessions']);
    await events.click(screen.getByRole('option', { name: 'COLLAB20 — 20% off collaborative sessions' }));
    await events.click(screen.getByRole('button', { name: 'Send Referral' }));
    expect(await screen.findByRole('button', { name: 'Sending Referral...' })).toBeTruthy();
    const input = calls.find((call) => call.path === 'referrals.create')?.input as RouterInputs['referrals']['create'];
    expect(input).toMatchObject({ name: 'Laura Perez', email: 'laura@example.com', type: 'patient', referralCode: 'COLLAB20' });
    await act(async () => pending.resolve({ id: 'r9', status: 'pending', email: 'laura@example.com' }));
    expect(await findToast('Referral sent!')).toBeTruthy();
    expect((await findToast('Referral sent!')).textContent).toContain("We've sent an invitation to laura@example.com.");
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(''));
  });

  it('keeps the form filled when sending fails, with the spec’s toast', async () => {
    const events = userEvent.setup();
    renderPage({ 'referrals.create': () => Promise.reject(new ApiError({ code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, message: 'Internal server error' })) }, '/referrals?tab=refer');
    await events.type(await screen.findByRole('textbox', { name: 'Name' }), 'Laura Perez');
    await events.type(screen.getByRole('textbox', { name: 'Email' }), 'laura@example.com');
    await events.click(screen.getByRole('button', { name: /Referral code$/ }));
    await events.click(await screen.findByRole('option', { name: 'WELLNESS50 — $50 off first consultation' }));
    await events.click(screen.getByRole('button', { name: 'Send Referral' }));
    const toast = await findToast('Failed to send referral');
    expect(toast.textContent).toContain('Please try again later');
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Laura Perez');
  });

  it('checks the form with the spec’s messages before calling the server', async () => {
    const events = userEvent.setup();
    const { calls } = renderPage({}, '/referrals?tab=refer');
    await events.type(await screen.findByRole('textbox', { name: 'Name' }), 'L');
    await events.click(screen.getByRole('button', { name: 'Send Referral' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Please select a referral code')).toBeTruthy();
    expect(calls.some((call) => call.path === 'referrals.create')).toBe(false);
  });
});

describe('My Referral Codes', { timeout: 20_000 }, () => {
  it('shows each code’s offer, rewards, usage and status line; inactive cards dimmed', async () => {
    renderPage({}, '/referrals?tab=codes');
    const first = await screen.findByRole('article', { name: 'Referral code WELLNESS50' });
    expect(first.textContent).toContain('$50 off first consultation');
    expect(first.textContent).toContain('12 of 50 uses');
    expect(first.textContent).toContain('Active until 2/23/2027');
    expect(screen.getByRole('article', { name: 'Referral code COLLAB20' }).textContent).toContain('Active until Never');
    expect(screen.getByRole('article', { name: 'Referral code COLLAB20' }).textContent).toContain('7 uses (no limit)');
    const inactive = screen.getByRole('article', { name: 'Referral code INITIAL25' });
    expect(inactive.textContent).toContain('Currently inactive');
    expect(inactive.getAttribute('data-inactive')).toBe('true');
    expect(within(inactive).getByRole('button', { name: 'Activate code INITIAL25' })).toBeTruthy();
  });

  it('toggles, and deletes only after the confirm dialog', async () => {
    const events = userEvent.setup();
    const { calls } = renderPage(
      {
        'referralCodes.deactivate': (input) => ({ id: (input as { id: string }).id, status: 'inactive' }),
        'referralCodes.delete': (input) => ({ id: (input as { id: string }).id, status: 'deleted' }),
      },
      '/referrals?tab=codes',
    );
    await events.click(await screen.findByRole('button', { name: 'Deactivate code WELLNESS50' }));
    expect(await findToast('Code deactivated')).toBeTruthy();
    await events.click(screen.getByRole('button', { name: 'Delete code COLLAB20' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain('Existing referrals using this code will no longer work.');
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.path === 'referralCodes.delete')).toBe(false);
    await events.click(screen.getByRole('button', { name: 'Delete code COLLAB20' }));
    await events.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Referral code deleted')).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('referralCodes.') && call.path !== 'referralCodes.list').map((call) => [call.path, call.input])).toEqual([
      ['referralCodes.deactivate', { id: 'c1' }],
      ['referralCodes.delete', { id: 'c2' }],
    ]);
  });

  it('copies the code with a copied indicator for 2 s, and shares a link with the code', async () => {
    const events = userEvent.setup();
    renderPage({}, '/referrals?tab=codes');
    await events.click(await screen.findByRole('button', { name: 'Copy code WELLNESS50' }));
    expect(await navigator.clipboard.readText()).toBe('WELLNESS50');
    expect(await screen.findByRole('button', { name: 'Copied WELLNESS50' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy code WELLNESS50' })).toBeTruthy(), { timeout: 3000 });
    await events.click(screen.getByRole('button', { name: 'Share code COLLAB20' }));
    expect(await findToast('Link copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/referral?code=COLLAB20`);
  });

  it('creates a code with the form’s rules, and shows the server’s message for a taken code', async () => {
    const events = userEvent.setup();
    const { calls } = renderPage(
      { 'referralCodes.create': () => Promise.reject(new ApiError({ code: 'BAD_REQUEST', httpStatus: 400, message: 'This referral code already exists.', fieldErrors: { code: ['This referral code already exists.'] } })) },
      '/referrals?tab=codes',
    );
    await events.click(await screen.findByRole('button', { name: 'Create Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Referral Code' });
    await events.click(within(dialog).getByRole('button', { name: 'Create Code' }));
    expect(await within(dialog).findByText('Please describe the offer')).toBeTruthy();
    expect(calls.some((call) => call.path === 'referralCodes.create')).toBe(false);
    await events.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'wellness50');
    await events.type(within(dialog).getByRole('textbox', { name: 'Offer' }), '$50 off');
    await events.type(within(dialog).getByRole('textbox', { name: 'Reward for each side ($)' }), '50');
    await events.click(within(dialog).getByRole('button', { name: 'Create Code' }));
    expect(await within(dialog).findByText('This referral code already exists.')).toBeTruthy();
    expect(calls.find((call) => call.path === 'referralCodes.create')?.input).toMatchObject({ code: 'wellness50', description: '$50 off', reward: '50', maxUsage: '', expiryDate: '' });
  });
});

describe('/referral?code= for a visitor', { timeout: 20_000 }, () => {
  it('shows the offer and a sign-up link carrying the code', async () => {
    renderPage({
      'auth.me': () => ({ user: null }),
      'referralCodes.offer': () => ({ code: 'WELLNESS50', description: '$50 off first consultation', rewardMinor: 5000, referrerName: 'Dr. Sarah Mitchell', unavailable: null }),
    }, '/referral?code=wellness50');
    expect(await screen.findByRole('heading', { name: "You've been referred to Wellspring" })).toBeTruthy();
    expect(await screen.findByText('$50 off first consultation')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up with this code' }).getAttribute('href')).toBe('/signup?code=WELLNESS50');
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('says why a code cannot be redeemed', async () => {
    renderPage({
      'auth.me': () => ({ user: null }),
      'referralCodes.offer': () => ({ code: 'INITIAL25', description: '25% off initial visit', rewardMinor: 2500, referrerName: 'Dr. Sarah Mitchell', unavailable: 'This referral code is inactive.' }),
    }, '/referral?code=INITIAL25');
    expect(await screen.findByText('This referral code is inactive.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign up with this code' })).toBeNull();
  });

  it('shows the tabs to a signed-in practitioner', async () => {
    renderPage({}, '/referral?code=WELLNESS50');
    expect(await screen.findByRole('heading', { level: 1, name: 'Referrals' })).toBeTruthy();
    expect(screen.getAllByRole('tab')).toHaveLength(3);
  });
});
