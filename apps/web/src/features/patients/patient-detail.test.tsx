import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { patientFormMessages, unknownPatient, type PatientDetail } from '@wellspring/domain';
import { patientDetailById } from '@wellspring/domain/samples';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { ApiProvider } from '../../lib/api.tsx';
import { ApiError, deferred, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';
import { PatientDetailPage } from './patient-detail.page.tsx';

const TODAY = '2025-06-16';
const emma = patientDetailById('1', TODAY);
const practice = { today: TODAY, timeZone: 'America/Los_Angeles', currency: 'USD' };
const notFound = () => {
  throw new ApiError({ code: 'NOT_FOUND', httpStatus: 404, message: 'Unknown Patient' });
};

const trail = {
  entries: [
    { id: 'e2', occurredAt: new Date('2025-06-16T17:30:00Z'), action: 'read', recordType: 'patient', recordId: '1', actorUserId: 'u1', actorName: 'Dr. Sarah Mitchell', requestId: 'r2', sourceAddress: null },
    { id: 'e1', occurredAt: new Date('2025-06-15T16:00:00Z'), action: 'create', recordType: 'appointment', recordId: 'a1', actorUserId: 'u1', actorName: null, requestId: 'r1', sourceAddress: null },
  ],
  nextCursor: null,
};

function renderDetail(path: string, byId: (input: unknown) => unknown, more: Record<string, (input: unknown) => unknown> = {}) {
  const api = stubApi({ 'patients.byId': byId, 'practiceSettings.current': () => practice, 'patients.auditTrail': () => trail, ...more });
  const rendered = renderWithProviders(
    <ApiProvider>
      <Route path="/dashboard/patients/:id" component={PatientDetailPage} />
    </ApiProvider>,
    { path },
  );
  return { ...api, ...rendered, events: userEvent.setup() };
}

const patientCard = () => screen.getByRole('region', { name: /^(Emma Thompson|Unknown Patient|Ada)/ });
const expanded = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-expanded');

describe('patient detail', () => {
  it('shows a skeleton, then the patient card: age on the practice’s today with the date of birth, contact, 3 conditions then +N more', async () => {
    const answer = deferred<PatientDetail>();
    const { events, calls } = renderDetail('/dashboard/patients/1', () => answer.promise);
    expect(screen.getByRole('status', { name: 'Loading patient record' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Patient Record' })).toBeTruthy();
    answer.resolve(emma);

    expect(await screen.findByRole('heading', { level: 2, name: 'Emma Thompson' })).toBeTruthy();
    expect(calls.find((call) => call.path === 'patients.byId')?.input).toEqual({ id: '1' });
    const card = patientCard();
    // Born 1985-04-12; on the practice's today, 2025-06-16, she is 40 (whatever the machine's date).
    expect(await within(card).findByText('40 years (4/12/1985)')).toBeTruthy();
    // The practice's today comes from its own small answer: the schedule's week is not fetched for it.
    expect(calls.filter((call) => call.path === 'practiceSettings.current')).not.toHaveLength(0);
    expect(calls.some((call) => call.path === 'schedule.week')).toBe(false);
    expect(within(card).getByText('emma.thompson@example.com')).toBeTruthy();
    expect(within(card).getByText('(503) 555-0142')).toBeTruthy();
    const conditions = () => within(within(card).getByRole('list', { name: 'Conditions' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(conditions()).toEqual(['Chronic Fatigue', 'IBS', 'Anxiety']);
    await events.click(within(card).getByRole('button', { name: '+2 more' }));
    expect(conditions()).toEqual(emma.conditions);
    await events.click(within(card).getByRole('button', { name: 'Show less' }));
    expect(conditions()).toHaveLength(3);

    expect(screen.getByRole('link', { name: 'Back to Patient List' }).getAttribute('href')).toBe('/dashboard/patients');
  });

  it('lists upcoming appointments soonest first as "Month day at time", and the two newest notes', async () => {
    renderDetail('/dashboard/patients/1', () => emma);
    const upcoming = await screen.findByRole('region', { name: 'Upcoming Appointments' });
    const expected = emma.appointments.filter((a) => a.timing === 'upcoming').reverse();
    expect(within(upcoming).getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      expected.map((a) => `${new Date(`${a.date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' })} at ${a.time}${a.type} · ${a.duration}`),
    );
    const recent = screen.getByRole('region', { name: 'Recent Activity' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(2);
    expect(within(recent).getByText(emma.notes[0]?.title ?? '')).toBeTruthy();
    expect(within(recent).queryByText(emma.notes[2]?.title ?? 'none')).toBeNull();
  });

  it('opens on Overview: the patient overview and the visit history with the machine’s status and the Upcoming cue', async () => {
    renderDetail('/dashboard/patients/1', () => emma);
    expect((await screen.findByRole('tab', { name: 'Overview' })).getAttribute('aria-selected')).toBe('true');
    const overview = screen.getByRole('region', { name: 'Patient Overview' });
    expect(within(overview).getByText(emma.address)).toBeTruthy();
    const field = (term: string) => within(overview).getByText(term).nextElementSibling?.textContent;
    expect(field('Emergency Contact')).toBe('David Thompson (Spouse)(503) 555-0178');
    expect(field('Insurance')).toBe('Blue Cross Blue ShieldPolicy: BCB-448812907Group: GRP-20331');
    expect(await within(overview).findByText('40 years (4/12/1985)')).toBeTruthy();
    const visits = screen.getByRole('region', { name: 'Visit History' });
    expect(within(visits).getAllByRole('listitem')).toHaveLength(emma.appointments.length);
    expect(within(visits).getAllByText('Upcoming').length).toBe(emma.appointments.filter((a) => a.timing === 'upcoming').length);
    expect(within(visits).getAllByText('Scheduled').length).toBe(emma.appointments.filter((a) => a.status === 'scheduled').length);
    expect(within(visits).getAllByText('Completed').length).toBe(emma.appointments.filter((a) => a.status === 'completed').length);
    expect(within(visits).getByRole('link', { name: 'New Visit' }).getAttribute('href')).toBe('/dashboard/schedule');
  });

  it('never calls a past visit Completed by the clock: nobody completed it, so it is Scheduled and Past, as in the portal', async () => {
    const [first, ...rest] = emma.appointments;
    const pastOpen = { ...emma, appointments: [{ ...first!, id: 'a-past', date: '2025-06-16', time: '9:00 AM', status: 'scheduled' as const, timing: 'past' as const }, ...rest] };
    renderDetail('/dashboard/patients/1', () => pastOpen);
    const visits = await screen.findByRole('region', { name: 'Visit History' });
    const past = within(visits).getAllByRole('listitem').find((item) => item.textContent?.includes('9:00 AM') && item.textContent.includes('Past'));
    expect(past?.textContent).toContain('Scheduled');
    expect(past?.textContent).not.toContain('Completed');
    // Not ahead any more, so not among the upcoming ones either.
    const upcoming = screen.getByRole('region', { name: 'Upcoming Appointments' });
    expect(within(upcoming).queryByText(/9:00 AM/)).toBeNull();
  });

  it('lists who opened or changed the record, in the practice’s zone, only once the Access log is opened', async () => {
    const { events, calls } = renderDetail('/dashboard/patients/1', () => emma);
    const toggle = await screen.findByRole('button', { name: 'Access log' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(calls.some((call) => call.path === 'patients.auditTrail')).toBe(false);
    await events.click(toggle);
    expect(await screen.findByText('Dr. Sarah Mitchell')).toBeTruthy();
    const entries = screen.getAllByRole('listitem').filter((item) => item.textContent?.includes('the '));
    expect(entries.map((item) => item.textContent)).toEqual([
      'Dr. Sarah Mitchell viewed the record · June 16, 2025 at 10:30 AM',
      'A removed account created the appointment · June 15, 2025 at 9:00 AM',
    ]);
    expect(calls.find((call) => call.path === 'patients.auditTrail')?.input).toMatchObject({ id: '1' });
  });

  it('keeps the chosen tab in the address; Health Record opens three sections and keeps two closed', async () => {
    const { events, location } = renderDetail('/dashboard/patients/1', () => emma);
    await events.click(await screen.findByRole('tab', { name: 'Health Record' }));
    expect(location.history?.at(-1)).toBe('/dashboard/patients/1?tab=health-record');
    expect(expanded('Allergies & Intolerances')).toBe('true');
    expect(expanded('Current Medications & Supplements')).toBe('true');
    expect(expanded('Medical History')).toBe('true');
    expect(expanded('Family History')).toBe('false');
    expect(expanded('Lifestyle & Social History')).toBe('false');
    expect(screen.getByText(emma.allergies[0]?.name ?? '')).toBeTruthy();
    await events.click(screen.getByRole('button', { name: 'Family History' }));
    expect(expanded('Family History')).toBe('true');
  });

  it('shows the notes as closed SOAP cards; a signed one takes an addendum, and New Note opens the editor for this patient', async () => {
    const { events } = renderDetail('/dashboard/patients/1?tab=notes', () => emma);
    expect((await screen.findByRole('tab', { name: 'Clinical Notes' })).getAttribute('aria-selected')).toBe('true');
    const first = emma.notes[0];
    const trigger = screen.getByRole('button', { name: new RegExp(`^${first?.title ?? ''}`) });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(trigger.textContent).toContain('SOAP Note');
    await events.click(trigger);
    expect(screen.getByRole('heading', { name: 'Assessment' })).toBeTruthy();
    expect(screen.getByText(first?.content.assessment ?? '')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Note' })).toBeNull();
    await events.click(screen.getByRole('button', { name: 'Add addendum' }));
    await events.click(within(await screen.findByRole('dialog', { name: 'Add addendum' })).getByRole('button', { name: 'Cancel' }));
    await events.click(screen.getByRole('button', { name: 'New Note' }));
    const editor = await screen.findByRole('dialog', { name: 'New Note' });
    expect(within(editor).getByText(new RegExp(`^${emma.name} · SOAP Note`))).toBeTruthy();
  });

  it('merges appointments and notes newest first on the Timeline', async () => {
    renderDetail('/dashboard/patients/1?tab=timeline', () => emma);
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items).toHaveLength(emma.appointments.length + emma.notes.length);
    expect(items.some((item) => item.textContent?.includes(emma.notes[0]?.content.assessment ?? '—'))).toBe(true);
  });

  it('shows "Unknown Patient" with every empty state when the server does not know the id', async () => {
    const { events } = renderDetail('/dashboard/patients/not-mine', notFound);
    expect(await screen.findByRole('heading', { level: 2, name: 'Unknown Patient' })).toBeTruthy();
    expect(screen.getByText('No upcoming appointments')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Schedule' }).getAttribute('href')).toBe('/dashboard/schedule');
    expect(screen.getByText('No recent activity')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Conditions' })).toBeNull();
    // Nothing to list for a record that is not the practitioner's.
    expect(screen.queryByRole('button', { name: 'Access log' })).toBeNull();

    await events.click(screen.getByRole('tab', { name: 'Health Record' }));
    for (const text of ['No known allergies', 'No current medications', 'No medical history recorded']) expect(screen.getByText(text)).toBeTruthy();
    await events.click(screen.getByRole('button', { name: 'Family History' }));
    expect(screen.getByText('No family history recorded')).toBeTruthy();

    await events.click(screen.getByRole('tab', { name: 'Clinical Notes' }));
    expect(screen.getByRole('heading', { name: 'No Clinical Notes' })).toBeTruthy();
    expect(screen.getByText('There are no clinical notes for this patient yet.')).toBeTruthy();
    // Nothing can be written to a record that is not the practitioner's.
    expect(screen.getByRole('button', { name: 'Create First Note' }).hasAttribute('disabled')).toBe(true);
  });

  it('renders a malformed id exactly as an unknown one', async () => {
    const unknown = renderDetail('/dashboard/patients/nobody', notFound);
    await screen.findByRole('heading', { level: 2, name: 'Unknown Patient' });
    // The same markup, but for react-aria's generated ids.
    const markup = (html: string, id: string) => html.replaceAll(id, 'ID').replace(/_r_[0-9a-z]+_/g, '_r_');
    const unknownScreen = markup(unknown.container.innerHTML, 'nobody');
    unknown.unmount();

    const malformed = renderDetail(`/dashboard/patients/${'x'.repeat(300)}`, () => {
      throw new ApiError({ code: 'BAD_REQUEST', httpStatus: 400, message: 'Invalid input' });
    });
    await screen.findByRole('heading', { level: 2, name: 'Unknown Patient' });
    expect(markup(malformed.container.innerHTML, 'x'.repeat(300))).toBe(unknownScreen);
    expect(unknownPatient('a').conditions).toEqual([]);
  });

  it('offers to try again when the record cannot be loaded', async () => {
    let fail = true;
    const { events } = renderDetail('/dashboard/patients/1', () => {
      if (fail) throw new ApiError({ code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, message: 'Internal server error' });
      return emma;
    });
    expect(await screen.findByText("We could not load this patient's record. Please check your connection and try again.", {}, { timeout: 8000 })).toBeTruthy();
    fail = false;
    await events.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Emma Thompson' })).toBeTruthy();
  }, 15_000);

  it('edits the patient from the card: the form filled with the record, the change saved, archiving from the same form', { timeout: 30_000 }, async () => {
    const events = userEvent.setup();
    let current: PatientDetail = { ...emma };
    const { calls } = renderDetail('/dashboard/patients/1', () => current, {
      'patients.possibleDuplicates': () => [],
      'patients.update': (input) => {
        current = { ...current, phone: (input as { phone: string }).phone };
        return { id: '1', message: patientFormMessages.saved };
      },
      'patients.setArchived': (input) => {
        current = { ...current, status: 'inactive' };
        return { id: '1', archived: (input as { archived: boolean }).archived, message: patientFormMessages.archived };
      },
    });
    const card = await screen.findByRole('region', { name: emma.name });
    await events.click(within(card).getByRole('button', { name: 'Edit patient info' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit patient info' });
    expect((within(dialog).getByRole('textbox', { name: 'Full name' }) as HTMLInputElement).value).toBe(emma.name);
    expect((within(dialog).getByRole('textbox', { name: 'Conditions' }) as HTMLTextAreaElement).value).toBe(emma.conditions.join('\n'));
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' });
    await events.clear(phone);
    await events.type(phone, '(503) 555-0199');
    await events.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await findToast(patientFormMessages.saved);
    expect(calls.filter((call) => call.path === 'patients.update').map((call) => call.input)).toEqual([
      expect.objectContaining({ id: '1', name: emma.name, phone: '(503) 555-0199', dateOfBirth: emma.dob, conditions: emma.conditions.join('\n'), status: 'active' }),
    ]);
    expect(await within(card).findByText('(503) 555-0199')).toBeTruthy();

    await events.click(within(card).getByRole('button', { name: 'Edit patient info' }));
    const again = await screen.findByRole('dialog', { name: 'Edit patient info' });
    await events.click(within(again).getByRole('button', { name: 'Archive patient' }));
    await findToast(patientFormMessages.archived);
    expect(calls.filter((call) => call.path === 'patients.setArchived').map((call) => call.input)).toEqual([{ id: '1', archived: true }]);
  });
});
