import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type PractitionerProfile } from '@wellspring/domain';
import { demoPractitionerProfile } from '@wellspring/domain/samples';
import type { RouterInputs } from '@wellspring/server/router';
import { describe, expect, it } from 'vitest';
import { ApiError, serverError, stubApi, type ApiHandler } from '../../test/api-stub.ts';
import { stubMatchMedia } from '../../test/match-media.ts';
import { renderApp } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';

type SaveInput = RouterInputs['profile']['save'];

const robin = { id: 'u1', name: 'Dr. Robin Vale', email: 'robin@example.com' };
const about = 'I help patients with digestive health and fatigue through food-first, root-cause care.';

function renderEditor(options: { profile?: PractitionerProfile | null; path?: string; handlers?: Record<string, ApiHandler> } = {}) {
  stubMatchMedia();
  const api = stubApi({
    'auth.me': () => ({ user: robin }),
    'profile.mine': () => ({ profile: options.profile ?? null, practitionerId: options.profile ? 'listing-1' : null }),
    'profile.save': () => ({ created: !options.profile, practitionerId: 'listing-1' }),
    'dashboard.overview': () => ({ stats: { totalPatients: 0, appointmentsThisWeek: 0, averageSessionMinutes: 0, profileCompletion: 85 }, timeZone: 'America/Los_Angeles', upcoming: [] }),
    ...options.handlers,
  });
  return { ...api, ...renderApp({ path: options.path ?? '/practitioner-profile/create' }) };
}

const field = (name: string) => screen.findByRole('textbox', { name });
const saveInput = (calls: { path: string; input: unknown }[]) => calls.find((call) => call.path === 'profile.save')?.input as SaveInput | undefined;

async function fillBasics(events: ReturnType<typeof userEvent.setup>) {
  await events.type(await field('Full Name'), 'Dr. Robin Vale');
  await events.type(await field('Location'), 'Austin TX');
  await events.click(await field('About'));
  await events.paste(about);
  await events.type(await field('Years of Experience'), '12');
}

describe('profile editor', { timeout: 60_000 }, () => {
  it('has the four tabs, Cancel to /dashboard and "Create Profile" for a practitioner without a profile', async () => {
    renderEditor();
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Your Profile' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Basic Info', 'Expertise', 'Credentials', 'Approaches']);
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('button', { name: 'Create Profile' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    // Nothing published yet: no public profile to view.
    expect(screen.queryByRole('link', { name: 'View public profile' })).toBeNull();
  });

  it('says "Save Changes" once there is a profile, on /create too, and shows what was saved on every tab', async () => {
    renderEditor({ profile: demoPractitionerProfile, path: '/practitioner-profile/create' });
    const events = userEvent.setup();
    expect(((await field('Full Name')) as HTMLInputElement).value).toBe(demoPractitionerProfile.name);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Profile' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View public profile' }).getAttribute('href')).toBe('/practitioners/listing-1');
    await events.click(screen.getByRole('tab', { name: 'Credentials' }));
    expect(screen.getByRole('list', { name: 'Certifications' }).textContent).toContain('IFM Certified Practitioner');
    expect(screen.getByRole('list', { name: 'Education' }).textContent).toContain('ND, National University of Natural Medicine');
  });

  it('counts the short bio as n/200 and refuses 201 characters with the spec message', async () => {
    const { calls } = renderEditor();
    const events = userEvent.setup();
    await fillBasics(events);
    const bio = await field('Short Bio');
    expect(screen.getByText('0/200')).toBeTruthy();
    await events.type(bio, 'Hello');
    expect(screen.getByText('5/200')).toBeTruthy();
    await events.clear(bio);
    await events.click(bio);
    await events.paste('x'.repeat(201));
    expect(screen.getByText('201/200')).toBeTruthy();
    await events.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByText('Short bio must be less than 200 characters')).toBeTruthy();
    expect(calls.some((call) => call.path === 'profile.save')).toBe(false);
  });

  it('shows every rule of docs/product.md#profile-editor without calling the server', async () => {
    const { calls } = renderEditor();
    const events = userEvent.setup();
    await events.type(await field('Full Name'), 'Al');
    await events.type(await field('Location'), 'NY');
    await events.type(await field('About'), 'Too short');
    await events.type(await field('Years of Experience'), '-1');
    await events.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByText('Name must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Location is required')).toBeTruthy();
    expect(screen.getByText('About section must be at least 50 characters')).toBeTruthy();
    expect(screen.getByText('Experience must be a positive number')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Full Name' })));
    expect(calls.some((call) => call.path === 'profile.save')).toBe(false);
  });

  it('checks the billing details before saving and opens their tab: an NPI whose check digit is wrong, a malformed EIN', async () => {
    const { calls } = renderEditor();
    const events = userEvent.setup();
    await fillBasics(events);
    await events.click(screen.getByRole('tab', { name: 'Credentials' }));
    await events.type(await field('NPI'), '1234567890');
    await events.type(await field('Tax ID (EIN)'), '12-34');
    await events.click(screen.getByRole('tab', { name: 'Basic Info' }));
    await events.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByText('This NPI is not valid: please check its digits')).toBeTruthy();
    expect(screen.getByText('Tax ID must be an EIN written as 12-3456789')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Credentials' }).getAttribute('aria-selected')).toBe('true');
    expect(calls.some((call) => call.path === 'profile.save')).toBe(false);
  });

  it('adds list entries trimmed, disables Add while the input is empty, refuses duplicates, and removes entries', async () => {
    renderEditor();
    const events = userEvent.setup();
    await field('Full Name');
    await events.click(screen.getByRole('tab', { name: 'Approaches' }));
    const input = await field('Treatment Approaches');
    const add = screen.getByRole('button', { name: 'Add treatment approach' });
    expect(add.hasAttribute('disabled')).toBe(true);
    await events.type(input, '   ');
    expect(add.hasAttribute('disabled')).toBe(true);
    await events.clear(input);
    await events.type(input, '  Cupping   therapy ');
    expect(add.hasAttribute('disabled')).toBe(false);
    await events.click(add);
    expect(screen.getByRole('list', { name: 'Treatment Approaches' }).textContent).toBe('Cupping therapy');
    expect((input as HTMLInputElement).value).toBe('');
    // Enter adds too; a duplicate in another case is refused with its message.
    await events.type(input, 'cupping THERAPY{Enter}');
    expect(await screen.findByText('"Cupping therapy" is already in the list')).toBeTruthy();
    const entries = () => within(screen.getByRole('list', { name: 'Treatment Approaches' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(entries()).toEqual(['Cupping therapy']);
    await events.clear(input);
    await events.type(input, 'Botanical medicine{Enter}');
    expect(entries()).toEqual(['Cupping therapy', 'Botanical medicine']);
    await events.click(screen.getByRole('button', { name: 'Remove Cupping therapy' }));
    expect(entries()).toEqual(['Botanical medicine']);
  });

  it('takes specialties from the catalog only, kept as their label', async () => {
    renderEditor();
    const events = userEvent.setup();
    await field('Full Name');
    await events.click(screen.getByRole('tab', { name: 'Expertise' }));
    const input = await field('Specialties');
    await events.type(input, 'Reiki{Enter}');
    expect(await screen.findByText('Please choose a specialty from the list')).toBeTruthy();
    expect(screen.getByText('One of: Naturopathy, Acupuncture, Ayurveda, Functional Medicine, Herbalism, Homeopathy, Nutrition')).toBeTruthy();
    await events.clear(input);
    await events.type(input, 'functional medicine{Enter}');
    expect(screen.getByRole('list', { name: 'Specialties' }).textContent).toBe('Functional Medicine');
  });

  it('creates the profile with every tab\'s values, toasts, and goes to /dashboard after 1.5 s', async () => {
    const { calls, location } = renderEditor();
    const events = userEvent.setup();
    await fillBasics(events);
    await events.click(screen.getByRole('checkbox', { name: 'I accept insurance' }));
    await events.click(screen.getByRole('tab', { name: 'Expertise' }));
    await events.type(await field('Specialties'), 'Nutrition{Enter}');
    await events.click(screen.getByRole('tab', { name: 'Credentials' }));
    await events.type(await field('Certifications'), 'CNS{Enter}');
    await events.type(await field('Education'), 'MS Nutrition{Enter}');
    await events.type(await field('NPI'), '1234567893');
    await events.type(await field('Tax ID (EIN)'), '12-3456789');
    await events.click(screen.getByRole('tab', { name: 'Approaches' }));
    await events.type(await field('Treatment Approaches'), 'Meal planning{Enter}');

    const clickedAt = Date.now();
    let leftAt = 0;
    await events.click(screen.getByRole('button', { name: 'Create Profile' }));
    const toast = await findToast('Profile created successfully!');
    expect(toast.textContent).toContain('Your profile is now live and visible to patients.');
    expect(saveInput(calls)).toEqual({
      name: 'Dr. Robin Vale',
      location: 'Austin TX',
      shortBio: '',
      about,
      yearsExperience: '12',
      acceptsInsurance: true,
      specialties: ['Nutrition'],
      certifications: ['CNS'],
      education: ['MS Nutrition'],
      treatmentApproaches: ['Meal planning'],
      profileImage: null,
      npi: '1234567893',
      taxId: '12-3456789',
      billingAddress: '',
    });
    // On the dashboard 1.5 s after the save, not before.
    await waitFor(
      () => {
        expect(location.history?.at(-1)).toBe('/dashboard');
        leftAt ||= Date.now();
      },
      { timeout: 6000, interval: 20 },
    );
    expect(leftAt - clickedAt).toBeGreaterThanOrEqual(1500);
    expect(location.history?.filter((path) => path === '/dashboard')).toHaveLength(1);
  });

  it('says "Profile updated successfully!" when saving changes', async () => {
    renderEditor({ profile: demoPractitionerProfile, path: '/practitioner-profile/edit' });
    const events = userEvent.setup();
    await events.click(await screen.findByRole('button', { name: 'Save Changes' }));
    const toast = await findToast('Profile updated successfully!');
    expect(toast.textContent).toContain('Your changes have been saved.');
  });

  it('keeps every tab\'s input when the save fails, and opens the tab of the server\'s message', async () => {
    let fail: 'server' | 'place' = 'place';
    const { location } = renderEditor({
      handlers: {
        'profile.save': () => {
          if (fail === 'server') throw serverError();
          throw new ApiError({
            code: 'BAD_REQUEST',
            httpStatus: 400,
            message: "We couldn't find that place.",
            fieldErrors: { location: ["We couldn't find that place. Enter a US city and state (Portland, OR) or a 5-digit ZIP code."] },
          });
        },
      },
    });
    const events = userEvent.setup();
    await fillBasics(events);
    await events.click(screen.getByRole('tab', { name: 'Approaches' }));
    await events.type(await field('Treatment Approaches'), 'Meal planning{Enter}');
    await events.click(screen.getByRole('button', { name: 'Create Profile' }));

    await findToast('Please check your profile');
    // Back on Basic Info, where the message is.
    // Under the field (and in the toast, which says what to fix rather than "try again later").
    const placeMessages = await screen.findAllByText("We couldn't find that place. Enter a US city and state (Portland, OR) or a 5-digit ZIP code.");
    expect(placeMessages.some((message) => message.closest('form') !== null)).toBe(true);
    expect(((await field('Location')) as HTMLInputElement).value).toBe('Austin TX');
    expect(((await field('About')) as HTMLInputElement).value).toBe(about);
    await events.click(screen.getByRole('tab', { name: 'Approaches' }));
    expect(screen.getByRole('list', { name: 'Treatment Approaches' }).textContent).toBe('Meal planning');

    fail = 'server';
    await events.click(screen.getByRole('button', { name: 'Create Profile' }));
    await waitFor(() => expect(screen.getAllByRole('alert').filter((alert) => alert.textContent?.includes('Failed to save profile')).length).toBeGreaterThan(0));
    expect(screen.getByRole('list', { name: 'Treatment Approaches' }).textContent).toBe('Meal planning');
    expect(location.history?.at(-1)).toBe('/practitioner-profile/create');
  });

  it('refuses a photo of another type or over 5 MB before uploading, and uploads a good one', async () => {
    const { fetchStub } = renderEditor();
    const events = userEvent.setup({ applyAccept: false });
    await field('Full Name');
    const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
    await events.upload(fileInput(), new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Please choose a JPEG, PNG or WebP image')).toBeTruthy();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await events.upload(fileInput(), big);
    expect(await screen.findByText('The photo must be at most 5 MB')).toBeTruthy();

    const uploads: string[] = [];
    const trpcFetch = fetchStub.getMockImplementation();
    fetchStub.mockImplementation(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url).endsWith('/api/profile-photo')) {
        uploads.push(String((init?.headers as Record<string, string>)['content-type']));
        return new Response(JSON.stringify({ photoUrl: '/api/photos/0f8fad5b-d9cb-469f-a165-70867728950e.webp', width: 512, height: 512 }), { status: 201 });
      }
      return trpcFetch ? trpcFetch(url, init) : new Response(null, { status: 500 });
    });
    await events.upload(fileInput(), new File(['jpeg bytes'], 'me.jpg', { type: 'image/jpeg' }));
    await findToast('Photo uploaded');
    expect(uploads).toEqual(['image/jpeg']);
    expect(screen.getByRole('button', { name: 'Change Photo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Photo' })).toBeTruthy();
  });
});
