import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PatientNote } from '@wellspring/domain';
import { describe, expect, it } from 'vitest';
import { ApiProvider } from '../../lib/api.tsx';
import { stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ClinicalNotes } from './clinical-notes.tsx';

const signedNote: PatientNote = {
  id: 'n1',
  date: '2025-06-16',
  title: 'SOAP Note',
  type: 'SOAP Note',
  provider: 'Dr. Lena Park',
  content: { subjective: 'Headaches', objective: 'BP 120/80', assessment: 'Tension headache', plan: 'Magnesium' },
  addenda: [
    { id: 'd1', text: 'BP was 125/80.', author: 'Dr. Lena Park', at: '2025-06-16T17:30:00.000Z' },
    { id: 'd2', text: 'Patient reports relief.', author: 'Dr. Sam Ortiz', at: '2025-06-18T09:05:00.000Z' },
  ],
};
const plainNote: PatientNote = { ...signedNote, id: 'n2', title: 'Progress Note', type: 'Progress Note', date: '2025-06-01' };
delete (plainNote as { addenda?: unknown }).addenda;

function renderNotes(notes: readonly PatientNote[]) {
  stubApi({ 'schedule.week': () => ({ today: '2025-06-18', timeZone: 'America/Los_Angeles', days: [] }) });
  renderWithProviders(
    <ApiProvider>
      <ClinicalNotes notes={notes} />
    </ApiProvider>,
  );
  return userEvent.setup();
}

describe('Clinical Notes', { timeout: 15_000 }, () => {
  it('lists a note’s addenda under it, oldest first, with author and time in the practice’s zone', async () => {
    const events = renderNotes([signedNote, plainNote]);
    const toggle = screen.getByRole('button', { name: /^SOAP Note/ });
    // The count is on the closed card already.
    expect(toggle.textContent).toContain('2 addenda');
    await events.click(toggle);
    const addenda = await screen.findByRole('list', { name: 'Addenda' });
    expect(within(addenda).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'BP was 125/80.Dr. Lena Park · June 16, 2025 at 10:30 AM',
      'Patient reports relief.Dr. Sam Ortiz · June 18, 2025 at 2:05 AM',
    ]);
  });

  it('shows no addenda for a note without any', async () => {
    const events = renderNotes([plainNote]);
    const toggle = screen.getByRole('button', { name: /^Progress Note/ });
    expect(toggle.textContent).not.toContain('addend');
    await events.click(toggle);
    expect(await screen.findByRole('button', { name: 'Edit Note' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Addenda' })).toBeNull();
  });
});
