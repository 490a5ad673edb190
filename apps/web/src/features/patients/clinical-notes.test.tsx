import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { noteTemplates, type PatientNote } from '@wellspring/domain';
import { describe, expect, it } from 'vitest';
import { ApiProvider } from '../../lib/api.tsx';
import { stubApi, type ApiHandler } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ClinicalNotes } from './clinical-notes.tsx';

const signedNote: PatientNote = {
  id: 'n1',
  date: '2025-06-16',
  title: 'SOAP Note',
  type: 'SOAP Note',
  recordType: 'soap',
  signed: true,
  provider: 'Dr. Lena Park',
  content: { subjective: 'Headaches', objective: 'BP 120/80', assessment: 'Tension headache', plan: 'Magnesium' },
  addenda: [
    { id: 'd1', text: 'BP was 125/80.', author: 'Dr. Lena Park', at: '2025-06-16T17:30:00.000Z' },
    { id: 'd2', text: 'Patient reports relief.', author: 'Dr. Sam Ortiz', at: '2025-06-18T09:05:00.000Z' },
  ],
};
const draftNote: PatientNote = { ...signedNote, id: 'n2', title: 'Progress Note', type: 'Progress Note', recordType: 'progress', signed: false, date: '2025-06-01' };
delete (draftNote as { addenda?: unknown }).addenda;

function renderNotes(notes: readonly PatientNote[], handlers: Record<string, ApiHandler> = {}) {
  const api = stubApi({ 'practiceSettings.current': () => ({ today: '2025-06-18', timeZone: 'America/Los_Angeles', currency: 'USD' }), ...handlers });
  renderWithProviders(
    <ApiProvider>
      <ClinicalNotes patient={{ id: 'p1', name: 'Emma Thompson', notes }} />
    </ApiProvider>,
  );
  return { api, events: userEvent.setup() };
}

describe('Clinical Notes', { timeout: 15_000 }, () => {
  it('lists a note’s addenda under it, oldest first, with author and time in the practice’s zone; a signed note takes an addendum, not an edit', async () => {
    const { events } = renderNotes([signedNote, draftNote]);
    const toggle = screen.getByRole('button', { name: /^SOAP Note/ });
    // The count is on the closed card already.
    expect(toggle.textContent).toContain('2 addenda');
    expect(toggle.textContent).not.toContain('Draft');
    await events.click(toggle);
    const addenda = await screen.findByRole('list', { name: 'Addenda' });
    expect(within(addenda).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'BP was 125/80.Dr. Lena Park · June 16, 2025 at 10:30 AM',
      'Patient reports relief.Dr. Sam Ortiz · June 18, 2025 at 2:05 AM',
    ]);
    expect(screen.queryByRole('button', { name: 'Edit Note' })).toBeNull();
    await events.click(screen.getByRole('button', { name: 'Add addendum' }));
    expect(await screen.findByRole('dialog', { name: 'Add addendum' })).toBeTruthy();
  });

  it('marks a draft and lets its author go on editing it', async () => {
    const { api, events } = renderNotes([draftNote], {
      'clinicalRecords.saveDraft': () => ({ id: 'n2', savedAt: '2025-06-18T17:00:00.000Z', message: 'Draft saved' }),
      'clinicalRecords.sign': () => ({ id: 'n2', signedAt: '2025-06-18T17:01:00.000Z', message: 'Note signed' }),
    });
    const toggle = screen.getByRole('button', { name: /^Progress Note/ });
    expect(toggle.textContent).toContain('Draft');
    await events.click(toggle);
    expect(screen.queryByRole('list', { name: 'Addenda' })).toBeNull();
    await events.click(await screen.findByRole('button', { name: 'Edit Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Note' });
    const plan = within(dialog).getByRole('textbox', { name: 'Plan' });
    expect((plan as HTMLTextAreaElement).value).toBe('Magnesium');
    await events.type(plan, ' 200 mg');
    await events.click(within(dialog).getByRole('button', { name: 'Sign note' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The last words are saved before the signature.
    const paths = api.calls.map((call) => call.path).filter((path) => path.startsWith('clinicalRecords.'));
    expect(paths.at(-1)).toBe('clinicalRecords.sign');
    expect(api.calls.filter((call) => call.path === 'clinicalRecords.saveDraft').at(-1)?.input).toMatchObject({ id: 'n2', plan: 'Magnesium 200 mg' });
    expect(await screen.findByText('Note signed')).toBeTruthy();
  });

  it('starts a new note from its type’s template, creates the draft with the first words and saves as typing pauses', async () => {
    const { api, events } = renderNotes([], {
      'clinicalRecords.create': () => ({ id: 'new-note', patientId: 'p1', patientName: 'Emma Thompson', recordType: 'initial', title: 'Initial Assessment', savedAt: '2025-06-18T17:00:00.000Z' }),
      'clinicalRecords.saveDraft': () => ({ id: 'new-note', savedAt: '2025-06-18T17:02:00.000Z', message: 'Draft saved' }),
    });
    await events.click(screen.getByRole('button', { name: 'Create First Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Note' });
    await events.click(within(dialog).getByRole('button', { name: /Note type/ }));
    await events.click(await screen.findByRole('option', { name: 'Initial Assessment' }));
    const subjective = within(dialog).getByRole('textbox', { name: 'Subjective' }) as HTMLTextAreaElement;
    expect(subjective.value).toBe(noteTemplates.initial.subjective);
    // Opening the editor alone saves nothing.
    expect(api.calls.some((call) => call.path === 'clinicalRecords.create')).toBe(false);
    await events.type(subjective, ' Low energy');
    await waitFor(() => expect(api.calls.filter((call) => call.path === 'clinicalRecords.create')).toHaveLength(1), { timeout: 3000 });
    expect(api.calls.find((call) => call.path === 'clinicalRecords.create')?.input).toMatchObject({ patientId: 'p1', recordType: 'initial', subjective: `${noteTemplates.initial.subjective} Low energy` });
    expect(await within(dialog).findByText('Draft saved at 10:00 AM')).toBeTruthy();
    await events.type(within(dialog).getByRole('textbox', { name: 'Plan' }), ' Rest');
    await waitFor(() => expect(api.calls.filter((call) => call.path === 'clinicalRecords.saveDraft')).toHaveLength(1), { timeout: 3000 });
    expect(api.calls.filter((call) => call.path === 'clinicalRecords.create')).toHaveLength(1);
    // The type is the draft's now.
    expect(within(dialog).queryByRole('button', { name: /Note type/ })).toBeNull();
  });

  it('keeps the editor open with everything typed when the draft cannot be saved', async () => {
    const { events } = renderNotes([], {
      'clinicalRecords.create': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await events.click(screen.getByRole('button', { name: 'New Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Note' });
    await events.type(within(dialog).getByRole('textbox', { name: 'Assessment' }), 'Stable');
    await events.click(within(dialog).getByRole('button', { name: 'Save draft and close' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'New Note' })).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: 'Assessment' }) as HTMLTextAreaElement).value).toBe('Stable');
  });
});
