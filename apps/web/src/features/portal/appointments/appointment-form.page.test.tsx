import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouterInputs, RouterOutputs } from '@wellspring/server/router';
import { describe, expect, it } from 'vitest';
import { ApiError, conflict, deferred, serverError, stubApi, type ApiHandler } from '../../../test/api-stub.ts';
import { stubMatchMedia } from '../../../test/match-media.ts';
import { renderApp } from '../../../test/render.tsx';
import { findToast } from '../../../test/toasts.ts';

type Detail = RouterOutputs['appointments']['byId'];
type CreateInput = RouterInputs['appointments']['create'];
type UpdateInput = RouterInputs['appointments']['update'];

const robin = { id: 'u1', name: 'Dr. Robin Vale', email: 'robin@example.com' };

const emmaDetail: Detail = {
  id: 'a1',
  patientId: 'p-emma',
  status: 'confirmed',
  form: {
    patientName: 'Emma Thompson',
    patientEmail: 'emma@example.com',
    appointmentType: 'follow_up',
    date: '2025-06-05T14:30',
    duration: '90',
    notes: 'Bring the lab results',
  },
};

function renderForm(path: string, handlers: Record<string, ApiHandler> = {}) {
  stubMatchMedia();
  const api = stubApi({
    'auth.me': () => ({ user: robin }),
    'appointments.list': () => ({ items: [], total: 0, page: 1, pageSize: 20 }),
    ...handlers,
  });
  return { ...api, ...renderApp({ path }) };
}

// The first screen of a test loads its lazy chunks; on a busy machine that takes a while.
const form = (name: string) => screen.findByRole('form', { name }, { timeout: 15_000 });
/** jsdom sanitizes a datetime-local value typed key by key, so the whole value is entered at once (as the browser's picker does). */
const enterDateTime = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
const field = (scope: HTMLElement, name: string) => within(scope).getByLabelText(name, { exact: false }) as HTMLInputElement;
const selected = (scope: HTMLElement, label: string) => within(scope).getByRole('button', { name: new RegExp(`${label}$`) }).textContent;

async function choose(events: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: string, option: string) {
  await events.click(within(scope).getByRole('button', { name: new RegExp(`${label}$`) }));
  await events.click(await screen.findByRole('option', { name: option }));
}

async function fillNew(events: ReturnType<typeof userEvent.setup>, scope: HTMLElement) {
  await events.type(within(scope).getByRole('textbox', { name: 'Patient Name' }), 'Nora New');
  await events.type(within(scope).getByRole('textbox', { name: 'Patient Email' }), 'nora@example.com');
  enterDateTime(field(scope, 'Date and Time'), '2025-06-10T09:15');
  await choose(events, scope, 'Appointment Type', 'Assessment');
  await choose(events, scope, 'Duration', '30 minutes');
  await events.type(within(scope).getByRole('textbox', { name: 'Notes' }), 'First visit');
}

describe('New Appointment', { timeout: 60_000 }, () => {
  it('starts on the spec’s defaults (consultation, 60 minutes) with a way back to the list', async () => {
    renderForm('/provider-portal/appointments/new');
    const scope = await form('New Appointment');
    expect(screen.getByRole('heading', { level: 1, name: 'New Appointment' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Appointments' }).getAttribute('href')).toBe('/provider-portal/appointments');
    expect(selected(scope, 'Appointment Type')).toContain('Consultation');
    expect(selected(scope, 'Duration')).toContain('60 minutes');
    expect(field(scope, 'Date and Time').type).toBe('datetime-local');
    expect(field(scope, 'Patient Email').type).toBe('email');
    expect(within(scope).getByRole('button', { name: 'Schedule Appointment' })).toBeTruthy();

    const events = userEvent.setup();
    await events.click(within(scope).getByRole('button', { name: /Duration$/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['30 minutes', '60 minutes', '90 minutes', '120 minutes']);
    await events.keyboard('{Escape}');
    await events.click(within(scope).getByRole('button', { name: /Appointment Type$/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Consultation', 'Follow-up', 'Treatment', 'Assessment']);
  });

  it('schedules: sends the form, toasts "Appointment scheduled successfully!" and goes back to the list', async () => {
    const created: CreateInput[] = [];
    const { location } = renderForm('/provider-portal/appointments/new', {
      'appointments.create': (input) => {
        created.push(input as CreateInput);
        return { id: 'a9', patientId: 'p-nora' };
      },
    });
    const events = userEvent.setup();
    const scope = await form('New Appointment');
    await fillNew(events, scope);
    await events.click(within(scope).getByRole('button', { name: 'Schedule Appointment' }));
    await findToast('Appointment scheduled successfully!');
    expect(created).toEqual([
      // The one create the schedule's dialog sends too: the day and the time of day apart, minutes as a number.
      { patientName: 'Nora New', patientEmail: 'nora@example.com', appointmentType: 'assessment', date: '2025-06-10', time: '09:15', duration: 30, notes: 'First visit' },
    ]);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/provider-portal/appointments'));
    expect(await screen.findByRole('heading', { name: 'No appointments found' })).toBeTruthy();
  });

  it('checks the form before sending it, with the messages under the fields', async () => {
    const { calls } = renderForm('/provider-portal/appointments/new');
    const events = userEvent.setup();
    const scope = await form('New Appointment');
    await events.click(within(scope).getByRole('button', { name: 'Schedule Appointment' }));
    expect(await within(scope).findByText('Please enter the patient name.')).toBeTruthy();
    expect(within(scope).getByText('Please enter a valid email address.')).toBeTruthy();
    expect(within(scope).getByText('Please choose a date and time.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(scope).getByRole('textbox', { name: 'Patient Name' })));
    expect(calls.some((call) => call.path === 'appointments.create')).toBe(false);
  });

  it('keeps the form filled when saving fails, with the spec’s toast and the server’s field messages', async () => {
    let attempt = 0;
    const { location } = renderForm('/provider-portal/appointments/new', {
      'appointments.create': () => {
        attempt += 1;
        if (attempt === 1) throw serverError();
        throw new ApiError({ code: 'BAD_REQUEST', httpStatus: 400, message: 'Invalid input', fieldErrors: { patientEmail: ['That e-mail belongs to no one we can reach.'] } });
      },
    });
    const events = userEvent.setup();
    const scope = await form('New Appointment');
    await fillNew(events, scope);
    await events.click(within(scope).getByRole('button', { name: 'Schedule Appointment' }));
    // The toast of docs/product.md#portal-appointments (the form repeats it in its own alert).
    await waitFor(() =>
      expect(
        screen.queryAllByRole('alert').some((alert) => !scope.contains(alert) && alert.textContent === 'Error scheduling appointmentPlease try again later.'),
      ).toBe(true),
    );
    expect(location.history?.at(-1)).toBe('/provider-portal/appointments/new');
    expect(within(scope).getByRole('textbox', { name: 'Patient Name' })).toHaveProperty('value', 'Nora New');
    expect(field(scope, 'Date and Time').value).toBe('2025-06-10T09:15');
    expect(selected(scope, 'Appointment Type')).toContain('Assessment');
    expect(selected(scope, 'Duration')).toContain('30 minutes');
    expect(within(scope).getByRole('textbox', { name: 'Notes' })).toHaveProperty('value', 'First visit');

    await events.click(within(scope).getByRole('button', { name: 'Schedule Appointment' }));
    expect(await within(scope).findByText('That e-mail belongs to no one we can reach.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(scope).getByRole('textbox', { name: /Patient Email/ })));
    expect(within(scope).getByRole('textbox', { name: 'Patient Name' })).toHaveProperty('value', 'Nora New');
  });

  it('shows the server’s message about the time of day under its one Date and Time field', async () => {
    renderForm('/provider-portal/appointments/new', {
      'appointments.create': () => {
        throw new ApiError({ code: 'BAD_REQUEST', httpStatus: 400, message: 'Invalid input', fieldErrors: { time: ['Please choose a time.'] } });
      },
    });
    const events = userEvent.setup();
    const scope = await form('New Appointment');
    await fillNew(events, scope);
    await events.click(within(scope).getByRole('button', { name: 'Schedule Appointment' }));
    expect(await within(scope).findByText('Please choose a time.')).toBeTruthy();
    await waitFor(() => expect(field(scope, 'Date and Time').getAttribute('aria-invalid')).toBe('true'));
  });
});

describe('Edit Appointment', { timeout: 60_000 }, () => {
  it('first shows "Loading appointment details...", then the appointment’s values, and updates it', async () => {
    const detail = deferred<Detail>();
    const updated: UpdateInput[] = [];
    const { calls, location } = renderForm('/provider-portal/appointments/edit/a1', {
      'appointments.byId': () => detail.promise,
      'appointments.update': (input) => {
        updated.push(input as UpdateInput);
        return { id: 'a1', patientId: 'p-emma' };
      },
    });
    expect(await screen.findByText('Loading appointment details...', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Appointment' })).toBeTruthy();
    detail.resolve(emmaDetail);

    const scope = await form('Edit Appointment');
    expect(calls.find((call) => call.path === 'appointments.byId')?.input).toEqual({ id: 'a1' });
    expect(within(scope).getByRole('textbox', { name: 'Patient Name' })).toHaveProperty('value', 'Emma Thompson');
    expect(within(scope).getByRole('textbox', { name: 'Patient Email' })).toHaveProperty('value', 'emma@example.com');
    expect(field(scope, 'Date and Time').value).toBe('2025-06-05T14:30');
    expect(selected(scope, 'Appointment Type')).toContain('Follow-up');
    expect(selected(scope, 'Duration')).toContain('90 minutes');
    expect(within(scope).getByRole('textbox', { name: 'Notes' })).toHaveProperty('value', 'Bring the lab results');

    const events = userEvent.setup();
    enterDateTime(field(scope, 'Date and Time'), '2025-06-06T10:00');
    await events.click(within(scope).getByRole('button', { name: 'Update Appointment' }));
    await findToast('Appointment scheduled successfully!');
    expect(updated).toEqual([
      { id: 'a1', patientName: 'Emma Thompson', patientEmail: 'emma@example.com', appointmentType: 'follow_up', date: '2025-06-06T10:00', duration: '90', notes: 'Bring the lab results' },
    ]);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/provider-portal/appointments'));
  });

  it('an unknown (or another practice’s) id says "Failed to load appointment details." and returns to the list', async () => {
    const { location } = renderForm('/provider-portal/appointments/edit/nope', {
      'appointments.byId': () => {
        throw new ApiError({ code: 'NOT_FOUND', httpStatus: 404, message: 'Appointment not found.' });
      },
    });
    await waitFor(() => expect(screen.queryAllByRole('alert').some((alert) => alert.textContent?.includes('Failed to load appointment details.'))).toBe(true), { timeout: 15_000 });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/provider-portal/appointments'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Appointments' })).toBeTruthy();
  });

  it('shows the machine’s refusal for an appointment that can no longer be rescheduled', async () => {
    renderForm('/provider-portal/appointments/edit/a1', {
      'appointments.byId': () => ({ ...emmaDetail, status: 'completed' }),
    });
    const scope = await form('Edit Appointment');
    expect(within(scope).getByRole('alert').textContent).toBe('A completed appointment cannot be rescheduled.');
    expect((within(scope).getByRole('button', { name: 'Update Appointment' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says in the form why an update was refused (the appointment was completed in another tab), keeping the values', async () => {
    const { location } = renderForm('/provider-portal/appointments/edit/a1', {
      'appointments.byId': () => emmaDetail,
      'appointments.update': () => {
        throw conflict('A completed appointment cannot be rescheduled.');
      },
    });
    const scope = await form('Edit Appointment');
    const events = userEvent.setup();
    enterDateTime(field(scope, 'Date and Time'), '2025-06-07T08:00');
    await events.click(within(scope).getByRole('button', { name: 'Update Appointment' }));
    await findToast('Error scheduling appointment');
    expect((await within(scope).findByRole('alert')).textContent).toBe('Error scheduling appointment A completed appointment cannot be rescheduled.');
    expect(field(scope, 'Date and Time').value).toBe('2025-06-07T08:00');
    expect(location.history?.at(-1)).toBe('/provider-portal/appointments/edit/a1');
  });
});
