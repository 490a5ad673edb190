import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clinicalRecordMessages } from '@wellspring/domain';
import type { RouterInputs, RouterOutputs } from '@wellspring/server/router';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { ApiProvider } from '../../../lib/api.tsx';
import { ApiError, deferred, serverError, stubApi, type ApiHandler } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { findToast } from '../../../test/toasts.ts';
import { EhrCreatePage } from './ehr-create.page.tsx';

type CreateInput = RouterInputs['clinicalRecords']['create'];
type Created = RouterOutputs['clinicalRecords']['create'];

const created = (input: unknown): Created => {
  const { recordType = 'soap', patientName } = input as CreateInput;
  return { id: '00000000-0000-4000-8000-000000000001', patientId: 'p-ada', patientName, recordType, title: 'SOAP Note', savedAt: '2025-06-16T10:00:00.000Z' };
};

function renderCreate(path: string, handlers: Record<string, ApiHandler>) {
  const api = stubApi({
    'practiceSettings.current': () => ({ today: '2025-06-16', timeZone: 'UTC', currency: 'USD' }),
    'clinicalRecords.sign': (input) => ({ id: (input as { id: string }).id, signedAt: '2025-06-16T10:00:00.000Z', message: 'Note signed' }),
    ...handlers,
  });
  const rendered = renderWithProviders(
    <ApiProvider>
      <Route path="/provider-portal/ehr/create" component={EhrCreatePage} />
      <Route path="/provider-portal/ehr">
        <h1>The list</h1>
      </Route>
    </ApiProvider>,
    { path },
  );
  return { ...api, ...rendered, events: userEvent.setup() };
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement | HTMLTextAreaElement;

async function fill(events: ReturnType<typeof userEvent.setup>, name: string, text: string) {
  await events.click(field(name));
  await events.paste(text);
}

const createCalls = (calls: { path: string; input: unknown }[]) => calls.filter((call) => call.path === 'clinicalRecords.create').map((call) => call.input);

describe('New EHR Record', { timeout: 15_000 }, () => {
  it('is prefilled from the query, SOAP by default, with the four sections and a back button to the patient’s list', async () => {
    renderCreate('/provider-portal/ehr/create?appointmentId=a1&patientId=p-ada&patientName=Ada%20Lovelace', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'New EHR Record' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to EHR Records' }).getAttribute('href')).toBe('/provider-portal/ehr?patientId=p-ada');
    expect(field('Patient Name').value).toBe('Ada Lovelace');
    expect(screen.getByRole('button', { name: /Record Type$/ }).textContent).toContain('SOAP Note');
    for (const name of ['Subjective', 'Objective', 'Assessment', 'Plan']) expect(field(name).value).toBe('');
  });

  it('offers the four record types by their labels', async () => {
    const { events } = renderCreate('/provider-portal/ehr/create', {});
    await events.click(await screen.findByRole('button', { name: /Record Type$/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['SOAP Note', 'Progress Note', 'Initial Assessment', 'Discharge Summary']);
  });

  it('saves the record linked to the patient and appointment and signs it: "{TYPE} note saved", then the list', async () => {
    const { events, calls, location } = renderCreate('/provider-portal/ehr/create?appointmentId=a1&patientId=p-ada&patientName=Ada%20Lovelace', { 'clinicalRecords.create': created });
    await screen.findByRole('heading', { level: 1, name: 'New EHR Record' });
    await events.click(screen.getByRole('button', { name: /Record Type$/ }));
    await events.click(await screen.findByRole('option', { name: 'Progress Note' }));
    await fill(events, 'Subjective', 'Sleeping better');
    await fill(events, 'Plan', 'Continue magnesium');
    await events.click(screen.getByRole('button', { name: 'Sign Record' }));
    const toast = await findToast('PROGRESS note saved');
    expect(toast.textContent).not.toContain('not fully implemented');
    expect(createCalls(calls)).toEqual([
      { patientName: 'Ada Lovelace', recordType: 'progress', subjective: 'Sleeping better', objective: '', assessment: '', plan: 'Continue magnesium', patientId: 'p-ada', appointmentId: 'a1' },
    ]);
    expect(calls.filter((call) => call.path === 'clinicalRecords.sign').map((call) => call.input)).toEqual([{ id: '00000000-0000-4000-8000-000000000001' }]);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/provider-portal/ehr?patientId=p-ada'));
  });

  it('"Save Draft" keeps the record a draft: saved, not signed', async () => {
    const { events, calls, location } = renderCreate('/provider-portal/ehr/create?patientId=p-ada&patientName=Ada%20Lovelace', { 'clinicalRecords.create': created });
    await screen.findByRole('heading', { level: 1, name: 'New EHR Record' });
    await fill(events, 'Assessment', 'Improving');
    await events.click(screen.getByRole('button', { name: 'Save Draft' }));
    await findToast('SOAP note saved');
    expect(createCalls(calls)).toHaveLength(1);
    expect(calls.some((call) => call.path === 'clinicalRecords.sign')).toBe(false);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/provider-portal/ehr?patientId=p-ada'));
  });

  it('asks for a patient without one, and calls nothing', async () => {
    const { events, calls } = renderCreate('/provider-portal/ehr/create', { 'clinicalRecords.create': created, 'schedule.patientOptions': () => [] });
    await events.click(await screen.findByRole('button', { name: 'Sign Record' }));
    expect(await screen.findByText(clinicalRecordMessages.choosePatient)).toBeTruthy();
    expect(createCalls(calls)).toEqual([]);
  });

  it('picks one of the practice’s patients: matches first, New Patient last, ↓ and Enter choose the match', async () => {
    const { events, calls } = renderCreate('/provider-portal/ehr/create', {
      'clinicalRecords.create': created,
      'schedule.patientOptions': (input) => [{ id: 'p-grace', name: 'Grace Hopper' }].filter((patient) => patient.name.toLowerCase().includes((input as { query: string }).query.toLowerCase())),
    });
    await screen.findByRole('heading', { level: 1, name: 'New EHR Record' });
    const patient = screen.getByRole('combobox', { name: 'Patient' });
    await events.click(patient);
    await events.type(patient, 'Gra');
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Grace Hopper', 'New Patient']));
    await events.keyboard('{ArrowDown}{Enter}');
    await fill(events, 'Assessment', 'Improving');
    await events.click(screen.getByRole('button', { name: 'Sign Record' }));
    await findToast('SOAP note saved');
    expect(createCalls(calls).at(-1)).toMatchObject({ patientId: 'p-grace', patientName: 'Grace Hopper' });
    expect(createCalls(calls).at(-1)).not.toHaveProperty('newPatient');
  });

  it('a new patient is named in its own field and sent as new', async () => {
    const { events, calls } = renderCreate('/provider-portal/ehr/create', { 'clinicalRecords.create': created, 'schedule.patientOptions': () => [] });
    await screen.findByRole('heading', { level: 1, name: 'New EHR Record' });
    await events.click(screen.getByRole('combobox', { name: 'Patient' }));
    await events.click(await screen.findByRole('option', { name: 'New Patient' }));
    await fill(events, "New patient's name", 'Jon Newcomer');
    await events.click(screen.getByRole('button', { name: 'Sign Record' }));
    await findToast('SOAP note saved');
    expect(createCalls(calls).at(-1)).toMatchObject({ patientName: 'Jon Newcomer', newPatient: true });
    expect(createCalls(calls).at(-1)).not.toHaveProperty('patientId');
  });

  it('keeps the form filled after a failed save: "Error saving record" / "Please try again later."', async () => {
    const { events, location } = renderCreate('/provider-portal/ehr/create?patientId=p-grace&patientName=Grace%20Hopper', {
      'clinicalRecords.create': () => {
        throw serverError();
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'New EHR Record' });
    await fill(events, 'Assessment', 'Improving');
    await events.click(screen.getByRole('button', { name: 'Sign Record' }));
    const toast = await findToast('Error saving record');
    expect(toast.textContent).toContain('Please try again later.');
    expect(field('Patient Name').value).toBe('Grace Hopper');
    expect(field('Assessment').value).toBe('Improving');
    expect(location.history?.at(-1)).toBe('/provider-portal/ehr/create?patientId=p-grace&patientName=Grace%20Hopper');
  });

  it('during a slow save the pressed button says "Signing..." (or "Saving...") and the other waits; a failure gives the buttons back and keeps the form', async () => {
    const [slow, slowDraft] = [deferred<Created>(), deferred<Created>()];
    const answers = [slow.promise, slowDraft.promise];
    const { events, calls } = renderCreate('/provider-portal/ehr/create?patientId=p-grace&patientName=Grace%20Hopper', { 'clinicalRecords.create': () => answers.shift() });
    await screen.findByRole('heading', { level: 1, name: 'New EHR Record' });
    await fill(events, 'Plan', 'Rest and fluids');
    await events.click(screen.getByRole('button', { name: 'Sign Record' }));
    const signing = await screen.findByRole('button', { name: 'Signing...' });
    expect(signing.hasAttribute('data-pending')).toBe(true);
    expect(screen.getByRole('button', { name: 'Save Draft' }).hasAttribute('disabled')).toBe(true);
    // Pressing again while it saves sends nothing more.
    await events.click(signing);
    expect(createCalls(calls)).toHaveLength(1);

    slow.reject(serverError());
    await findToast('Error saving record');
    expect(screen.getByRole('button', { name: 'Sign Record' }).hasAttribute('data-pending')).toBe(false);
    expect(screen.getByRole('button', { name: 'Save Draft' }).hasAttribute('disabled')).toBe(false);
    expect(field('Plan').value).toBe('Rest and fluids');

    await events.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Record' }).hasAttribute('disabled')).toBe(true);
    slowDraft.reject(serverError());
    await findToast('Error saving record');
    expect(await screen.findByRole('button', { name: 'Save Draft' })).toBeTruthy();
    expect(field('Plan').value).toBe('Rest and fluids');
  });

  it('says "User not authenticated" when the session has ended, and keeps what was typed', async () => {
    const { events } = renderCreate('/provider-portal/ehr/create?patientId=p-grace&patientName=Grace%20Hopper', {
      'clinicalRecords.create': () => {
        throw new ApiError({ code: 'UNAUTHORIZED', httpStatus: 401, message: 'Please sign in.' });
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'New EHR Record' });
    await fill(events, 'Objective', 'BP 118/76');
    await events.click(screen.getByRole('button', { name: 'Sign Record' }));
    await findToast('User not authenticated');
    expect(within(screen.getByRole('form', { name: 'New EHR Record' })).getByRole('alert').textContent).toBe('User not authenticated');
    expect(field('Patient Name').value).toBe('Grace Hopper');
    expect(field('Objective').value).toBe('BP 118/76');
  });
});
