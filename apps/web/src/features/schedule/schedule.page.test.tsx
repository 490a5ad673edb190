import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { weekOf } from '@wellspring/domain';
import type { RouterInputs, RouterOutputs } from '@wellspring/server/router';
import { describe, expect, it } from 'vitest';
import { ApiError, serverError, stubApi, type ApiHandler } from '../../test/api-stub.ts';
import { stubMatchMedia } from '../../test/match-media.ts';
import { renderApp } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';

type Week = RouterOutputs['schedule']['week'];
type CreateInput = RouterInputs['appointments']['create'];

const robin = { id: 'u1', name: 'Dr. Robin Vale', email: 'robin@example.com' };
const TODAY = '2025-06-04'; // a Wednesday

/** An appointment of the stubbed practice, with the day the week answer files it under. */
type DatedAppointment = Week['days'][number]['appointments'][number] & { readonly date: string };

const emma: DatedAppointment = {
  id: 'a1',
  patientId: 'p-emma',
  patient: 'Emma Thompson',
  date: '2025-06-05',
  time: '10:00 AM',
  type: 'Initial Consultation',
};

function weekAnswer(input: unknown, appointments: readonly DatedAppointment[]): Week {
  const weekStart = (input as RouterInputs['schedule']['week'] | undefined)?.weekStart ?? TODAY;
  const days = weekOf(weekStart, 'UTC').map((date) => ({
    date,
    appointments: appointments.filter((appointment) => appointment.date === date).map(({ date: _date, ...appointment }) => appointment),
  }));
  return { today: TODAY, timeZone: 'UTC', days };
}

function renderSchedule(handlers: Record<string, ApiHandler> = {}, path = '/dashboard/schedule') {
  stubMatchMedia();
  const appointments: DatedAppointment[] = [emma];
  const api = stubApi({
    'auth.me': () => ({ user: robin }),
    'schedule.week': (input) => weekAnswer(input, appointments),
    'schedule.patientOptions': (input) => {
      const query = ((input as { query?: string } | undefined)?.query ?? '').toLowerCase();
      return [
        { id: 'p-emma', name: 'Emma Thompson' },
        { id: 'p-michael', name: 'Michael Chen' },
        { id: 'p-sofia', name: 'Sofia Martinez' },
      ].filter((patient) => patient.name.toLowerCase().includes(query));
    },
    'schedule.overlaps': () => [],
    ...handlers,
  });
  const rendered = renderApp({ path });
  return { ...api, ...rendered, appointments };
}

const weekCalls = (calls: { path: string; input: unknown }[]) => calls.filter((call) => call.path === 'schedule.week').map((call) => (call.input as { weekStart?: string } | undefined)?.weekStart);

async function openDialogOn(events: ReturnType<typeof userEvent.setup>, day: string) {
  await events.click(await screen.findByRole('button', { name: `Add appointment on ${day}` }));
  return screen.findByRole('dialog', { name: 'Schedule New Appointment' });
}

async function choose(events: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: string, option: string) {
  await events.click(within(dialog).getByRole('button', { name: new RegExp(`${label}$`) }));
  await events.click(await screen.findByRole('option', { name: option }));
}

describe('the schedule week', { timeout: 20_000 }, () => {
  it('shows seven days from Sunday with today marked, each day’s appointments opening the patient’s record', async () => {
    const { location } = renderSchedule();
    // The first render waits for the lazily loaded route, which can outlast 5 s on a loaded machine.
    const columns = await screen.findAllByRole('heading', { level: 2, name: /, 2025/ }, { timeout: 15_000 });
    expect(columns.map((heading) => heading.textContent)).toEqual([
      'Sun1Sunday, June 1, 2025',
      'Mon2Monday, June 2, 2025',
      'Tue3Tuesday, June 3, 2025',
      'Wed4TodayWednesday, June 4, 2025, today',
      'Thu5Thursday, June 5, 2025',
      'Fri6Friday, June 6, 2025',
      'Sat7Saturday, June 7, 2025',
    ]);
    expect(columns[3]?.getAttribute('aria-current')).toBe('date');
    expect(screen.getByRole('heading', { level: 2, name: 'June 2025' })).toBeTruthy();

    const appointment = screen.getByRole('link', { name: /10:00 AM\s*Emma Thompson\s*Initial Consultation/ });
    expect(appointment.getAttribute('href')).toBe('/dashboard/patients/p-emma');
    await userEvent.setup().click(appointment);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/dashboard/patients/p-emma'));
  });

  it('moves a week at a time', async () => {
    const { calls, location } = renderSchedule();
    const events = userEvent.setup();
    await screen.findByRole('link', { name: /Emma Thompson/ });

    await events.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('heading', { name: /Sunday, June 8, 2025/ })).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/dashboard/schedule?date=2025-06-11');
    expect(screen.queryByRole('link', { name: /Emma Thompson/ })).toBeNull();

    await events.click(screen.getByRole('button', { name: 'Previous week' }));
    await events.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByRole('heading', { name: /Sunday, May 25, 2025/ })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'May 2025' })).toBeTruthy();
    expect(weekCalls(calls)).toEqual([undefined, '2025-06-11', '2025-06-04', '2025-05-28']);
  });

  it('opens on the week of ?date=', async () => {
    renderSchedule({}, '/dashboard/schedule?date=2025-12-31');
    expect(await screen.findByRole('heading', { name: /Sunday, December 28, 2025/ })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'December 2025' })).toBeTruthy();
  });

  it('has a Month view that is coming soon, with a way back to the week', async () => {
    renderSchedule();
    const events = userEvent.setup();
    await screen.findByRole('link', { name: /Emma Thompson/ });
    await events.click(screen.getByRole('radio', { name: 'Month' }));
    expect(screen.getByRole('heading', { name: 'Month view coming soon' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Emma Thompson/ })).toBeNull();
    await events.click(screen.getByRole('button', { name: 'Back to Week View' }));
    expect(await screen.findByRole('link', { name: /Emma Thompson/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Week' }).getAttribute('aria-checked')).toBe('true');
  });

  it('says when the week cannot be loaded', async () => {
    renderSchedule({
      'schedule.week': () => {
        throw serverError();
      },
    });
    expect(await screen.findByText('Failed to load the schedule. Please try again.', {}, { timeout: 8000 })).toBeTruthy();
  });
});

// Each test drives the dialog field by field, which takes seconds on a busy machine.
describe('Schedule New Appointment', { timeout: 20_000 }, () => {
  it('opens on the day chosen with the spec’s options', async () => {
    renderSchedule();
    const events = userEvent.setup();
    const dialog = await openDialogOn(events, 'Friday, June 6, 2025');
    expect(within(dialog).getByText('Friday, June 6, 2025')).toBeTruthy();

    const optionsOf = async (label: string) => {
      await events.click(within(dialog).getByRole('button', { name: new RegExp(`${label}$`) }));
      const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
      await events.keyboard('{Escape}');
      return options;
    };
    expect(await optionsOf('Time')).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM']);
    expect(await optionsOf('Duration')).toEqual(['30 min', '45 min', '60 min', '90 min']);
    expect(await optionsOf('Appointment Type')).toEqual(['Initial Consultation', 'Follow-up', 'Assessment', 'Treatment Session']);
    expect(await optionsOf('Mode')).toEqual(['Virtual', 'In-Person']);

    await events.click(within(dialog).getByRole('button', { name: /Show suggestions/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Emma Thompson', 'Michael Chen', 'Sofia Martinez', 'New Patient']);
  });

  it('ranks the practice’s matches first: typing "Emm", then ↓ and Enter, picks Emma Thompson, never New Patient', async () => {
    renderSchedule();
    const events = userEvent.setup();
    const dialog = await openDialogOn(events, 'Tuesday, June 3, 2025');
    const patient = within(dialog).getByRole('combobox', { name: 'Patient' });
    await events.click(patient);
    await events.type(patient, 'Emm');
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Emma Thompson', 'New Patient']));
    await events.keyboard('{ArrowDown}{Enter}');
    expect((patient as HTMLInputElement).value).toBe('Emma Thompson');
    expect(within(dialog).queryByRole('textbox', { name: 'Patient name' })).toBeNull();
  });

  it('schedules for a new patient: asks for the name, saves, toasts, closes and refreshes the week', async () => {
    const created: CreateInput[] = [];
    const { calls, appointments } = renderSchedule({
      'appointments.create': (input) => {
        const request = input as CreateInput;
        created.push(request);
        appointments.push({ ...emma, id: 'a2', patientId: 'p-new', patient: 'Nora New', date: request.date, time: '2:00 PM', type: 'Follow-up' });
        return { id: 'a2', patientId: 'p-new', patient: 'Nora New', date: request.date, time: request.time };
      },
    });
    const events = userEvent.setup();
    const dialog = await openDialogOn(events, 'Tuesday, June 3, 2025');

    await events.click(within(dialog).getByRole('button', { name: 'Schedule Appointment' }));
    expect(await within(dialog).findByText('Please choose a patient.')).toBeTruthy();
    expect(created).toEqual([]);

    await events.click(within(dialog).getByRole('combobox', { name: 'Patient' }));
    await events.click(await screen.findByRole('option', { name: 'New Patient' }));
    await events.click(within(dialog).getByRole('button', { name: 'Schedule Appointment' }));
    expect(await within(dialog).findByText('Please enter the new patient’s name (at least 2 characters).')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Patient name' })));

    await events.type(within(dialog).getByRole('textbox', { name: 'Patient name' }), 'Nora New');
    await events.type(within(dialog).getByRole('textbox', { name: 'Patient email (optional)' }), 'nora@example.com');
    await choose(events, dialog, 'Time', '2:00 PM');
    await choose(events, dialog, 'Duration', '45 min');
    await choose(events, dialog, 'Appointment Type', 'Follow-up');
    await choose(events, dialog, 'Mode', 'Virtual');
    await events.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Referred by Emma');
    const weekFetches = weekCalls(calls).length;
    await events.click(within(dialog).getByRole('button', { name: 'Schedule Appointment' }));

    await findToast('Appointment scheduled');
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes('New appointment has been added to your calendar'))).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(created).toEqual([
      {
        patientId: 'new',
        patientName: 'Nora New',
        patientEmail: 'nora@example.com',
        patientPhone: '',
        date: '2025-06-03',
        time: '14:00',
        duration: 45,
        appointmentType: 'follow_up',
        mode: 'virtual',
        notes: 'Referred by Emma',
      },
    ]);
    expect(await screen.findByRole('link', { name: /2:00 PM\s*Nora New\s*Follow-up/ })).toBeTruthy();
    expect(weekCalls(calls).length).toBeGreaterThan(weekFetches);
  });

  it('searches the practice’s patients and schedules one of them', async () => {
    const created: CreateInput[] = [];
    const { calls } = renderSchedule({
      'appointments.create': (input) => {
        created.push(input as CreateInput);
        return { id: 'a3', patientId: 'p-michael', patient: 'Michael Chen', date: '2025-06-02', time: '09:00' };
      },
    });
    const events = userEvent.setup();
    const dialog = await openDialogOn(events, 'Monday, June 2, 2025');
    await events.type(within(dialog).getByRole('combobox', { name: 'Patient' }), 'mich');
    await waitFor(() => expect(calls.some((call) => call.path === 'schedule.patientOptions' && (call.input as { query: string }).query === 'mich')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Emma Thompson' })).toBeNull());
    await events.click(await screen.findByRole('option', { name: 'Michael Chen' }));
    expect((within(dialog).getByRole('combobox', { name: 'Patient' }) as HTMLInputElement).value).toBe('Michael Chen');
    expect(within(dialog).queryByRole('textbox', { name: 'Patient name' })).toBeNull();
    await events.click(within(dialog).getByRole('button', { name: 'Schedule Appointment' }));
    await findToast('Appointment scheduled');
    expect(created[0]).toMatchObject({ patientId: 'p-michael', date: '2025-06-02', time: '09:00', duration: 60, appointmentType: 'consultation', mode: 'in-person' });
    expect(created[0]).not.toHaveProperty('patientName');
  });

  it('warns about an overlap without refusing it', async () => {
    const { calls } = renderSchedule({
      'schedule.overlaps': (input) =>
        (input as { time: string }).time === '10:00' ? [{ id: 'a1', patient: 'Emma Thompson', time: '10:00 AM', duration: 60, type: 'Initial Consultation' }] : [],
    });
    const events = userEvent.setup();
    const dialog = await openDialogOn(events, 'Thursday, June 5, 2025');
    expect(within(dialog).queryByText(/overlaps/)).toBeNull();
    await choose(events, dialog, 'Time', '10:00 AM');
    expect(await within(dialog).findByText('This time overlaps another appointment. You can still schedule it.')).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toContain('Emma Thompson');
    expect(calls.filter((call) => call.path === 'schedule.overlaps').at(-1)?.input).toEqual({ date: '2025-06-05', time: '10:00', duration: 60 });
    expect((within(dialog).getByRole('button', { name: 'Schedule Appointment' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps the dialog open and filled when saving fails, with the server’s field messages', async () => {
    let attempt = 0;
    renderSchedule({
      'appointments.create': () => {
        attempt += 1;
        if (attempt === 1) throw serverError();
        throw new ApiError({ code: 'BAD_REQUEST', httpStatus: 400, message: 'Please enter a valid email address.', fieldErrors: { patientEmail: ['Please enter a valid email address.'] } });
      },
    });
    const events = userEvent.setup();
    const dialog = await openDialogOn(events, 'Thursday, June 5, 2025');
    await events.click(within(dialog).getByRole('combobox', { name: 'Patient' }));
    await events.click(await screen.findByRole('option', { name: 'New Patient' }));
    await events.type(within(dialog).getByRole('textbox', { name: 'Patient name' }), 'Nora New');
    await events.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Keep me');

    await events.click(within(dialog).getByRole('button', { name: 'Schedule Appointment' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Error scheduling appointment Please try again later.');
    // The toast too, which the open modal hides from screen readers (hence the message in the dialog).
    await waitFor(() => expect(screen.getAllByRole('alert', { hidden: true }).some((alert) => alert.textContent?.includes('Error scheduling appointment'))).toBe(true));
    expect(screen.getByRole('dialog', { name: 'Schedule New Appointment' })).toBe(dialog);
    expect((within(dialog).getByRole('textbox', { name: 'Patient name' }) as HTMLInputElement).value).toBe('Nora New');
    expect((within(dialog).getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).value).toBe('Keep me');

    await events.click(within(dialog).getByRole('button', { name: 'Schedule Appointment' }));
    const email = within(dialog).getByRole('textbox', { name: 'Patient email (optional)' });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Please enter a valid email address.')).toBeTruthy();
  });

  it('New Appointment opens on the day on screen; Cancel closes', async () => {
    renderSchedule();
    const events = userEvent.setup();
    await screen.findByRole('link', { name: /Emma Thompson/ });
    await events.click(screen.getByRole('button', { name: 'New Appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule New Appointment' });
    expect(within(dialog).getByText('Wednesday, June 4, 2025')).toBeTruthy();
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
