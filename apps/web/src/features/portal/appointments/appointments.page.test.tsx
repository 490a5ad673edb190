import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appointmentErrors, appointmentStatuses, type AppointmentStatus } from '@wellspring/domain';
import type { RouterInputs, RouterOutputs } from '@wellspring/server/router';
import { describe, expect, it } from 'vitest';
import { ApiError, conflict, serverError, stubApi, type ApiHandler } from '../../../test/api-stub.ts';
import { stubMatchMedia } from '../../../test/match-media.ts';
import { renderApp } from '../../../test/render.tsx';
import { findToast } from '../../../test/toasts.ts';

type ListAnswer = RouterOutputs['appointments']['list'];
type Row = ListAnswer['items'][number];
type ListInput = RouterInputs['appointments']['list'];

const robin = { id: 'u1', name: 'Dr. Robin Vale', email: 'robin@example.com' };

const row = (id: string, status: AppointmentStatus, patientName: string, day = 5): Row => ({
  id,
  patientId: `p-${id}`,
  patientName,
  patientEmail: `${patientName.split(' ')[0]?.toLowerCase() ?? 'x'}@example.com`,
  type: 'consultation',
  date: `2025-06-${String(day).padStart(2, '0')}`,
  time: '2:30 PM',
  durationMinutes: 60,
  status,
  timing: status === 'scheduled' || status === 'confirmed' ? 'upcoming' : null,
});

const names: Record<AppointmentStatus, string> = { scheduled: 'Emma Thompson', confirmed: 'Michael Chen', completed: 'Sofia Martinez', cancelled: 'Noah Kim' };

function renderList(rows: Row[], handlers: Record<string, ApiHandler> = {}, path = '/provider-portal/appointments') {
  stubMatchMedia();
  const api = stubApi({
    'auth.me': () => ({ user: robin }),
    'appointments.list': (input) => {
      const { page = 1, pageSize = 20 } = (input ?? {}) as ListInput;
      return { items: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, page, pageSize, previousCursor: `before-${page}`, nextCursor: `after-${page}` } satisfies ListAnswer;
    },
    ...handlers,
  });
  return { ...api, ...renderApp({ path }), rows };
}

// The first screen of a test loads its lazy chunks; on a busy machine that takes a while.
const SLOW = { timeout: 15_000 };
const table = () => screen.findByRole('grid', { name: 'Appointments' }, SLOW);
const menuButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^Actions for ${name}, `) });

async function menuItems(events: ReturnType<typeof userEvent.setup>, name: string): Promise<string[]> {
  await events.click(menuButton(name));
  const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent ?? '');
  await events.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return items;
}

const listCalls = (calls: { path: string }[]) => calls.filter((call) => call.path === 'appointments.list').length;

describe('the portal appointments table', { timeout: 60_000 }, () => {
  it('shows "Loading appointments..." and then each appointment: patient and e-mail, type, long date with time, duration and status', async () => {
    renderList(appointmentStatuses.map((status, index) => row(`a${index}`, status, names[status], 5 + index)));
    expect(await screen.findByText('Loading appointments...', {}, SLOW)).toBeTruthy();
    const grid = await table();
    const headers = within(grid).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Patient', 'Type', 'Date & Time', 'Duration (min)', 'Status', 'Actions']);
    const emma = within(grid).getByRole('row', { name: /Emma Thompson/ });
    expect(within(emma).getByText('emma@example.com')).toBeTruthy();
    expect(within(emma).getAllByText('Consultation').length).toBeGreaterThan(0);
    expect(within(emma).getByText('June 5, 2025 at 2:30 PM')).toBeTruthy();
    expect(within(emma).getAllByText('Scheduled').length).toBeGreaterThan(0);
    expect(within(within(grid).getByRole('row', { name: /Noah Kim/ })).getAllByText('Cancelled').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'New Appointment' }).getAttribute('href')).toBe('/provider-portal/appointments/new');
  });

  it('shows a past visit nobody completed as the machine has it, Scheduled, with the shared Past cue (as the patient’s record does)', async () => {
    renderList([{ ...row('a1', 'scheduled', 'Emma Thompson'), timing: 'past' }, row('a2', 'completed', 'Sofia Martinez')]);
    const grid = await table();
    const emma = within(grid).getByRole('row', { name: /Emma Thompson/ });
    expect(within(emma).getAllByText('Scheduled').length).toBeGreaterThan(0);
    expect(within(emma).getAllByText('Past').length).toBeGreaterThan(0);
    expect(within(emma).queryByText('Completed')).toBeNull();
    const sofia = within(grid).getByRole('row', { name: /Sofia Martinez/ });
    expect(within(sofia).getAllByText('Completed').length).toBeGreaterThan(0);
    expect(within(sofia).queryByText('Past')).toBeNull();
  });

  it('shows the empty state when the practice has no appointments', async () => {
    renderList([]);
    expect(await screen.findByRole('heading', { name: 'No appointments found' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Schedule your first appointment to get started.')).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('offers in each row’s menu exactly the actions the appointment machine allows, Billing Codes but for a cancelled visit, and Delete', async () => {
    renderList(appointmentStatuses.map((status, index) => row(`a${index}`, status, names[status])));
    const events = userEvent.setup();
    await table();
    expect(await menuItems(events, names.scheduled)).toEqual(['Mark as Confirmed', 'Cancel Appointment', 'Edit', 'Billing Codes', 'Delete']);
    expect(await menuItems(events, names.confirmed)).toEqual(['Mark as Completed', 'Cancel Appointment', 'Edit', 'Billing Codes', 'Delete']);
    expect(await menuItems(events, names.completed)).toEqual(['New Invoice', 'Billing Codes', 'Delete']);
    expect(await menuItems(events, names.cancelled)).toEqual(['Delete']);

    await events.click(menuButton(names.scheduled));
    expect((await screen.findByRole('menuitem', { name: 'Edit' })).getAttribute('href')).toBe('/provider-portal/appointments/edit/a0');
    await events.keyboard('{Escape}');
    await events.click(menuButton(names.completed));
    expect((await screen.findByRole('menuitem', { name: 'New Invoice' })).getAttribute('href')).toBe('/dashboard/billing?appointment=a2');
  });

  it('confirms from the keyboard, toasts the new status and refreshes the table', async () => {
    const rows = [row('a1', 'scheduled', 'Emma Thompson')];
    const confirmed: unknown[] = [];
    const { calls } = renderList(rows, {
      'appointments.confirm': (input) => {
        confirmed.push(input);
        rows[0] = { ...row('a1', 'confirmed', 'Emma Thompson') };
        return { id: 'a1', status: 'confirmed' };
      },
    });
    const events = userEvent.setup();
    await table();
    const before = listCalls(calls);
    menuButton('Emma Thompson').focus();
    await events.keyboard('{Enter}');
    await screen.findByRole('menu');
    await events.keyboard('{Enter}');
    await findToast('Appointment status updated to confirmed');
    expect(confirmed).toEqual([{ id: 'a1' }]);
    await waitFor(() => expect(within(screen.getByRole('row', { name: /Emma Thompson/ })).getAllByText('Confirmed').length).toBeGreaterThan(0));
    expect(listCalls(calls)).toBeGreaterThan(before);
  });

  it('completes and cancels through their own verbs', async () => {
    const rows = [row('a1', 'confirmed', 'Michael Chen'), row('a2', 'scheduled', 'Emma Thompson')];
    const { calls } = renderList(rows, {
      'appointments.complete': () => ({ id: 'a1', status: 'completed' }),
      'appointments.cancel': () => ({ id: 'a2', status: 'cancelled' }),
    });
    const events = userEvent.setup();
    await table();
    await events.click(menuButton('Michael Chen'));
    await events.click(await screen.findByRole('menuitem', { name: 'Mark as Completed' }));
    await findToast('Appointment status updated to completed');
    await events.click(menuButton('Emma Thompson'));
    await events.click(await screen.findByRole('menuitem', { name: 'Cancel Appointment' }));
    await findToast('Appointment status updated to cancelled');
    expect(calls.filter((call) => call.path.startsWith('appointments.c')).map((call) => [call.path, call.input])).toEqual([
      ['appointments.complete', { id: 'a1' }],
      ['appointments.cancel', { id: 'a2' }],
    ]);
  });

  it('shows the machine’s message when a transition is refused (another tab got there first) and refreshes', async () => {
    const rows = [row('a1', 'scheduled', 'Emma Thompson')];
    const { calls } = renderList(rows, {
      'appointments.confirm': () => {
        rows[0] = row('a1', 'cancelled', 'Emma Thompson');
        throw conflict(appointmentErrors.confirm('cancelled'));
      },
    });
    const events = userEvent.setup();
    await table();
    const before = listCalls(calls);
    await events.click(menuButton('Emma Thompson'));
    await events.click(await screen.findByRole('menuitem', { name: 'Mark as Confirmed' }));
    await findToast('Only a scheduled appointment can be confirmed; this one is cancelled.');
    await waitFor(() => expect(within(screen.getByRole('row', { name: /Emma Thompson/ })).getAllByText('Cancelled').length).toBeGreaterThan(0));
    expect(listCalls(calls)).toBeGreaterThan(before);
    expect(screen.queryAllByRole('alert').some((alert) => alert.textContent?.includes('Appointment status updated'))).toBe(false);
  });

  it('deletes after a confirmation, toasts "Appointment deleted" and refreshes; keeping it deletes nothing', async () => {
    const rows = [row('a1', 'scheduled', 'Emma Thompson'), row('a2', 'completed', 'Sofia Martinez')];
    const deleted: unknown[] = [];
    renderList(rows, {
      'appointments.delete': (input) => {
        deleted.push(input);
        rows.splice(0, 1);
        return { id: 'a1', status: 'deleted' };
      },
    });
    const events = userEvent.setup();
    await table();
    await events.click(menuButton('Emma Thompson'));
    await events.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this appointment?' });
    await events.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deleted).toEqual([]);

    await events.click(menuButton('Emma Thompson'));
    await events.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await events.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await findToast('Appointment deleted');
    expect(deleted).toEqual([{ id: 'a1' }]);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Emma Thompson/ })).toBeNull());
    expect(screen.getByRole('row', { name: /Sofia Martinez/ })).toBeTruthy();
  });

  it('edits a visit\'s billing codes: shows the saved ones, refuses a malformed code before sending, keeps what was typed when the server refuses, and saves', async () => {
    const saved: unknown[] = [];
    let refuseOnce = true;
    renderList([row('a1', 'completed', 'Sofia Martinez')], {
      'appointments.codes': () => ({ id: 'a1', patientId: 'p-a1', patientName: 'Sofia Martinez', status: 'completed', cptCodes: ['99213'], icd10Codes: [] }),
      'appointments.setCodes': (input) => {
        if (refuseOnce) {
          refuseOnce = false;
          throw new ApiError({ code: 'BAD_REQUEST', httpStatus: 400, message: 'Invalid input', fieldErrors: { icd10Codes: ['"Z999" is not an ICD-10-CM code: e.g. M54.5 or F41.1'] } });
        }
        saved.push(input);
        return { id: 'a1', cptCodes: ['99213'], icd10Codes: ['M54.5'] };
      },
    });
    const events = userEvent.setup();
    await table();
    await events.click(menuButton('Sofia Martinez'));
    await events.click(await screen.findByRole('menuitem', { name: 'Billing Codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Billing codes' });
    const cpt = await within(dialog).findByRole('textbox', { name: 'CPT codes' });
    expect((cpt as HTMLInputElement).value).toBe('99213');
    const icd = within(dialog).getByRole('textbox', { name: 'ICD-10-CM codes' });
    await events.type(icd, 'M54.5, 5');
    await events.click(within(dialog).getByRole('button', { name: 'Save codes' }));
    expect(await within(dialog).findByText('"5" is not an ICD-10-CM code: e.g. M54.5 or F41.1')).toBeTruthy();
    expect(saved).toEqual([]);

    await events.clear(icd);
    await events.type(icd, 'M54.5');
    await events.click(within(dialog).getByRole('button', { name: 'Save codes' }));
    expect(await within(dialog).findByText('"Z999" is not an ICD-10-CM code: e.g. M54.5 or F41.1')).toBeTruthy();
    expect((icd as HTMLInputElement).value).toBe('M54.5');
    await events.click(within(dialog).getByRole('button', { name: 'Save codes' }));
    await findToast('Visit codes saved');
    expect(saved).toEqual([{ id: 'a1', cptCodes: '99213', icd10Codes: 'M54.5' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says why a delete is refused for an appointment with clinical notes or payments', async () => {
    renderList([row('a1', 'completed', 'Sofia Martinez')], {
      'appointments.delete': () => {
        throw new ApiError({ code: 'PRECONDITION_FAILED', httpStatus: 412, message: appointmentErrors.hasLinkedRecords });
      },
    });
    const events = userEvent.setup();
    await table();
    await events.click(menuButton('Sofia Martinez'));
    await events.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await events.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const toast = await findToast('Appointment not deleted');
    expect(toast.textContent).toContain(appointmentErrors.hasLinkedRecords);
    expect(screen.getByRole('row', { name: /Sofia Martinez/ })).toBeTruthy();
  });

  it('pages through a large practice, 20 at a time, with the total, each page read at the cursor of the one before', async () => {
    const rows = Array.from({ length: 45 }, (_, index) => row(`a${index + 1}`, 'scheduled', `Patient ${String(index + 1).padStart(2, '0')}`));
    const { calls, location } = renderList(rows);
    const events = userEvent.setup();
    await table();
    expect(screen.getByText('Showing 1–20 of 45 appointments')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByRole('row', { name: /Patient 01/ })).toBeTruthy();
    expect((screen.getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(true);

    await events.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Showing 21–40 of 45 appointments')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/provider-portal/appointments?page=2&cursor=after-1');
    await events.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Showing 41–45 of 45 appointments')).toBeTruthy();
    expect(screen.getByRole('row', { name: /Patient 45/ })).toBeTruthy();
    expect((screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true);
    await events.click(screen.getByRole('button', { name: /Previous/ }));
    expect(await screen.findByText('Showing 21–40 of 45 appointments')).toBeTruthy();
    expect(calls.filter((call) => call.path === 'appointments.list').map((call) => call.input)).toEqual([
      { page: 1, pageSize: 20 },
      { page: 2, pageSize: 20, cursor: 'after-1' },
      { page: 3, pageSize: 20, cursor: 'after-2' },
      { page: 2, pageSize: 20, cursor: 'before-3' },
    ]);
  });

  it('opens on the page in the address, and a page past the end moves to the last one', async () => {
    const rows = Array.from({ length: 25 }, (_, index) => row(`a${index + 1}`, 'scheduled', `Patient ${String(index + 1).padStart(2, '0')}`));
    const { location } = renderList(rows, {}, '/provider-portal/appointments?page=7');
    expect(await screen.findByText('Showing 21–25 of 25 appointments', {}, SLOW)).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/provider-portal/appointments?page=2');
  });

  it('says when the list cannot be loaded', async () => {
    renderList([], {
      'appointments.list': () => {
        throw serverError();
      },
    });
    expect(await screen.findByText('Failed to load appointments. Please try again.', {}, SLOW)).toBeTruthy();
  });
});
