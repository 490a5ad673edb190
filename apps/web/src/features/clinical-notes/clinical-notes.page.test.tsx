import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouterInputs, RouterOutputs } from '@wellspring/server/router';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { ApiProvider } from '../../lib/api.tsx';
import { SEARCH_DEBOUNCE_MS } from '../../lib/use-address-search.ts';
import { stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ClinicalNotesPage } from './clinical-notes.page.tsx';

type ListInput = RouterInputs['clinicalRecords']['list'];
type Note = RouterOutputs['clinicalRecords']['list']['items'][number];

const note = (fields: Partial<Note> & Pick<Note, 'id' | 'patientName'>): Note => ({
  recordType: 'soap',
  recordDate: '2025-06-10',
  patientId: `p-${fields.id}`,
  appointmentId: null,
  author: 'Dr. Lena Park',
  signed: true,
  content: { subjective: '', objective: '', assessment: 'Improving', plan: '' },
  addenda: [],
  ...fields,
});

const notes: Note[] = [
  note({ id: 'draft', patientName: 'Ada Lovelace', recordType: 'initial', signed: false, content: { subjective: 'Chief complaint: fatigue', objective: '', assessment: '', plan: '' } }),
  note({ id: 'newer', patientName: 'Bo Reyes', recordDate: '2025-06-12' }),
  note({ id: 'older', patientName: 'Ada Lovelace', recordType: 'progress', recordDate: '2025-06-01' }),
];

/** The stub answers as the server does: filtered by the patient's name and the type, drafts first as given. */
function renderPage(path = '/dashboard/notes') {
  const api = stubApi({
    'practiceSettings.current': () => ({ today: '2025-06-18', timeZone: 'UTC', currency: 'USD' }),
    'clinicalRecords.list': (input) => {
      const { search = '', recordType, page = 1, pageSize = 20 } = input as ListInput;
      const items = notes.filter((row) => row.patientName.toLowerCase().includes(search.toLowerCase()) && (!recordType || row.recordType === recordType));
      return { items, total: items.length, page, pageSize, previousCursor: `before-${page}`, nextCursor: `after-${page}` };
    },
  });
  const rendered = renderWithProviders(
    <ApiProvider>
      <Route path="/dashboard/notes" component={ClinicalNotesPage} />
    </ApiProvider>,
    { path },
  );
  return { ...api, ...rendered, events: userEvent.setup() };
}

const rows = () => within(screen.getByRole('list', { name: 'Notes' })).getAllByRole('article');
const lastList = (calls: { path: string; input: unknown }[]) => calls.filter((call) => call.path === 'clinicalRecords.list').at(-1)?.input as ListInput | undefined;

describe('Clinical Notes screen', { timeout: 15_000 }, () => {
  it('lists every note of the practice, drafts first, each with its patient, date, author and the right action', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Clinical Notes' })).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [draft, signed] = rows();
    expect(draft?.textContent).toContain('Initial Assessment');
    expect(draft?.textContent).toContain('Draft');
    expect(within(draft as HTMLElement).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe('/dashboard/patients/p-draft?tab=notes');
    expect(within(draft as HTMLElement).getByRole('button', { name: /^Edit draft/ })).toBeTruthy();
    expect(signed?.textContent).toContain('Signed');
    expect(signed?.textContent).toContain('June 12, 2025');
    expect(within(signed as HTMLElement).getByRole('button', { name: /^Add addendum/ })).toBeTruthy();
  });

  it('finds notes by the patient’s name and by type, and keeps both in the address', async () => {
    const { events, calls, location } = renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await events.type(screen.getByRole('searchbox', { name: 'Search notes by patient' }), 'ada');
    await waitFor(() => expect(lastList(calls)?.search).toBe('ada'), { timeout: SEARCH_DEBOUNCE_MS + 2000 });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await events.click(screen.getByRole('button', { name: /Type$/ }));
    await events.click(await screen.findByRole('option', { name: 'Progress Note' }));
    await waitFor(() => expect(lastList(calls)).toMatchObject({ search: 'ada', recordType: 'progress' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(location.history?.at(-1)).toBe('/dashboard/notes?q=ada&type=progress');
    await events.click(screen.getByRole('button', { name: /Type$/ }));
    await events.click(await screen.findByRole('option', { name: 'Discharge Summary' }));
    expect(await screen.findByText('No notes match this search.')).toBeTruthy();
  });

  it('opens a draft in the note editor', async () => {
    const { events } = renderPage('/dashboard/notes?type=initial');
    await waitFor(() => expect(rows()).toHaveLength(1));
    await events.click(screen.getByRole('button', { name: /^Edit draft/ }));
    const editor = await screen.findByRole('dialog', { name: 'Edit Note' });
    expect((within(editor).getByRole('textbox', { name: 'Subjective' }) as HTMLTextAreaElement).value).toBe('Chief complaint: fatigue');
  });
});
