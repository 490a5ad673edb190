import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchesPatientSearch, patientFormMessages, type PatientListRow } from '@wellspring/domain';
import { buildSamplePatientRows } from '@wellspring/domain/samples';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { ApiProvider } from '../../lib/api.tsx';
import { ApiError, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';
import { SEARCH_DEBOUNCE_MS } from '../../lib/use-address-search.ts';
import { PatientListPage } from './patient-list.page.tsx';

const samples = buildSamplePatientRows('2025-06-16');
/** A practice of `count` patients: the spec's samples, then numbered ones. */
const practice = (count: number): PatientListRow[] => [
  ...samples,
  ...Array.from({ length: Math.max(0, count - samples.length) }, (_, index) => ({
    ...(samples[0] as PatientListRow),
    id: `p${index}`,
    name: `Patient ${String(index).padStart(4, '0')}`,
    email: `patient${index}@example.com`,
    phone: `(555) 000-${String(index).padStart(4, '0')}`,
  })),
];

interface ListInput {
  query: string;
  page: number;
  pageSize: number;
}

/** The server's answer for a practice: the search rule of docs/product.md#patients, a page at a time. */
function listOf(patients: PatientListRow[]) {
  return (input: unknown) => {
    const { query, page, pageSize } = input as ListInput;
    const matches = patients.filter((patient) => matchesPatientSearch(patient, query.trim()));
    return { items: matches.slice((page - 1) * pageSize, page * pageSize), total: matches.length, page, pageSize, previousCursor: `before-${page}`, nextCursor: `after-${page}` };
  };
}

function renderList(path: string, list: (input: unknown) => unknown) {
  const api = stubApi({ 'patients.list': list });
  const rendered = renderWithProviders(
    <ApiProvider>
      <Route path="/dashboard/patients" component={PatientListPage} />
    </ApiProvider>,
    { path },
  );
  return { ...api, ...rendered };
}

/** The names in the table (a row header also holds the email shown under the name on a phone). */
const rowNames = () => screen.getAllByRole('rowheader').map((cell) => cell.firstElementChild?.firstElementChild?.textContent);

afterEach(() => {
  vi.useRealTimers();
});

describe('patient list', () => {
  it('shows the heading, a skeleton, then the patients with their status', async () => {
    renderList('/dashboard/patients', listOf(samples));
    expect(screen.getByRole('heading', { level: 1, name: 'Patient Records' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading patients' })).toBeTruthy();
    const table = await screen.findByRole('grid', { name: 'Patients' });
    expect(within(table).getAllByRole('columnheader').map((column) => column.textContent)).toEqual(['Name', 'Contact', 'Last Visit', 'Next Appointment', 'Status', 'Actions']);
    const emma = within(table).getByRole('row', { name: /Emma Thompson/ });
    expect(within(emma).getByText('Active')).toBeTruthy();
    expect(within(emma).getByRole('link', { name: 'View Emma Thompson' }).getAttribute('href')).toBe('/dashboard/patients/1');
    expect(screen.getByPlaceholderText('Search patients by name, email, or phone')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
  });

  it('adds a patient: the form checks its fields, warns about a patient the practice may already have, then opens the new record', { timeout: 30_000 }, async () => {
    const events = userEvent.setup();
    const api = stubApi({
      'patients.list': listOf(samples),
      'patients.possibleDuplicates': (input) =>
        (input as { email: string }).email === 'emma.thompson@example.com' ? [{ id: '1', name: 'Emma Thompson', email: 'emma.thompson@example.com', dob: '1985-04-12', status: 'active', sameEmail: true }] : [],
      'patients.create': () => ({ id: '77', message: patientFormMessages.created }),
    });
    const { location } = renderWithProviders(
      <ApiProvider>
        <Route path="/dashboard/patients" component={PatientListPage} />
      </ApiProvider>,
      { path: '/dashboard/patients' },
    );
    await events.click(await screen.findByRole('button', { name: 'Add New Patient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Patient' });
    await events.type(within(dialog).getByRole('textbox', { name: 'Full name' }), 'E');
    await events.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'emma.thompson@');
    await events.click(within(dialog).getByRole('button', { name: 'Add patient' }));
    expect(within(dialog).getByText(patientFormMessages.name)).toBeTruthy();
    expect(api.calls.some((call) => call.path === 'patients.create')).toBe(false);

    await events.type(within(dialog).getByRole('textbox', { name: 'Full name' }), 'mma Thompson');
    await events.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'example.com');
    await events.type(within(dialog).getByRole('textbox', { name: 'Conditions' }), 'IBS, Anxiety');
    await events.click(within(dialog).getByRole('button', { name: 'Add patient' }));
    const warning = await within(dialog).findByRole('alert');
    expect(warning.textContent).toContain(patientFormMessages.duplicateTitle);
    expect(within(warning).getByRole('link', { name: 'Emma Thompson' }).getAttribute('href')).toBe('/dashboard/patients/1');
    expect(api.calls.some((call) => call.path === 'patients.create')).toBe(false);

    await events.click(within(dialog).getByRole('button', { name: 'Add anyway' }));
    await findToast(patientFormMessages.created);
    expect(api.calls.filter((call) => call.path === 'patients.create').map((call) => call.input)).toEqual([
      expect.objectContaining({ name: 'Emma Thompson', email: 'emma.thompson@example.com', conditions: 'IBS, Anxiety', status: 'new' }),
    ]);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/dashboard/patients/77'));
  });

  it('opens a patient’s record from the row and from View', async () => {
    const events = userEvent.setup();
    const { location } = renderList('/dashboard/patients', listOf(samples));
    await events.click(await screen.findByText('Michael Chen'));
    expect(location.history?.at(-1)).toBe('/dashboard/patients/2');
    location.navigate('/dashboard/patients');
    await events.click(await screen.findByRole('link', { name: 'View Sofia Martinez' }));
    expect(location.history?.at(-1)).toBe('/dashboard/patients/3');
  });

  it('searches after a pause, puts the search in the address, and says "No patients found"', async () => {
    const events = userEvent.setup();
    const { calls, location } = renderList('/dashboard/patients', listOf(samples));
    await screen.findByText('Emma Thompson');
    const box = screen.getByRole('searchbox', { name: 'Search patients' });

    // Four keystrokes in quick succession: nothing is asked while typing, one search once it stops.
    for (const text of ['C', 'CH', 'CHE', 'CHEN']) fireEvent.change(box, { target: { value: text } });
    expect(calls.filter((call) => call.path === 'patients.list')).toHaveLength(1);
    await vi.waitFor(() => expect(rowNames()).toEqual(['Michael Chen']));
    expect(location.history?.at(-1)).toBe('/dashboard/patients?q=CHEN');
    expect(calls.filter((call) => call.path === 'patients.list').map((call) => call.input)).toEqual([
      { query: '', page: 1, pageSize: 25 },
      { query: 'CHEN', page: 1, pageSize: 25 },
    ]);

    await events.clear(box);
    await events.type(box, 'nobody at all');
    expect(await screen.findByText('No patients found')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('0 patients');
  });

  it('keeps the search on reload (from the address) and refills the box when the address changes', async () => {
    const { location } = renderList('/dashboard/patients?q=sofia', listOf(samples));
    await vi.waitFor(() => expect(rowNames()).toEqual(['Sofia Martinez']));
    const box = screen.getByRole('searchbox', { name: 'Search patients' }) as HTMLInputElement;
    expect(box.value).toBe('sofia');
    act(() => location.navigate('/dashboard/patients?q=emma'));
    await vi.waitFor(() => expect(rowNames()).toEqual(['Emma Thompson']));
    expect(box.value).toBe('emma');
  });

  it('pages through thousands of patients, 25 rows at a time', async () => {
    const events = userEvent.setup();
    const { location } = renderList('/dashboard/patients', listOf(practice(3000)));
    await screen.findByText('Emma Thompson');
    expect(rowNames()).toHaveLength(25);
    expect(screen.getByRole('status').textContent).toBe('Showing 1–25 of 3000 patients');
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);

    await events.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe('Showing 26–50 of 3000 patients'));
    expect(location.history?.at(-1)).toBe('/dashboard/patients?page=2&cursor=after-1');
    expect(rowNames()).toHaveLength(25);
    expect(screen.getByText('Page 2 of 120')).toBeTruthy();
  }, 15_000);

  it('opens on the page in the address, and a new search starts again on page 1', async () => {
    const events = userEvent.setup();
    const { location } = renderList('/dashboard/patients?page=120', listOf(practice(3000)));
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe('Showing 2976–3000 of 3000 patients'));
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    await events.type(screen.getByRole('searchbox', { name: 'Search patients' }), '0042');
    await vi.waitFor(() => expect(rowNames()).toEqual(['Patient 0042']));
    expect(location.history?.at(-1)).toBe('/dashboard/patients?q=0042');
  }, 15_000);

  it('matches phone numbers exactly as typed', async () => {
    const events = userEvent.setup();
    renderList('/dashboard/patients', listOf(samples));
    await screen.findByText('Emma Thompson');
    const emmaPhone = samples.find((patient) => patient.name === 'Emma Thompson')?.phone ?? '';
    await events.type(screen.getByRole('searchbox', { name: 'Search patients' }), emmaPhone.slice(-8));
    await vi.waitFor(() => expect(rowNames()).toEqual(['Emma Thompson']));
  });

  it('shows the server’s message for a search it refuses, and a retry when the list cannot load', async () => {
    let fail = true;
    renderList('/dashboard/patients?q=bad', (input) => {
      if ((input as ListInput).query === 'bad') {
        throw new ApiError({ code: 'BAD_REQUEST', httpStatus: 400, message: 'Invalid input', fieldErrors: { query: ['Search text must be at most 200 characters.'] } });
      }
      if (fail) throw new ApiError({ code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, message: 'Internal server error' });
      return listOf(samples)(input);
    });
    expect(await screen.findByText('Search text must be at most 200 characters.')).toBeTruthy();
    const events = userEvent.setup();
    await events.clear(screen.getByRole('searchbox', { name: 'Search patients' }));
    expect(await screen.findByText('We could not load your patients. Please check your connection and try again.', {}, { timeout: 8000 })).toBeTruthy();
    fail = false;
    await events.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Emma Thompson')).toBeTruthy();
  }, 15_000);
});

// The debounce is what keeps one search per pause; a test that changes it should be deliberate.
it('waits 300 ms of quiet before searching', () => {
  expect(SEARCH_DEBOUNCE_MS).toBe(300);
});
