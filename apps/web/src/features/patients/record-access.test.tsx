import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouterInputs, RouterOutputs } from '@wellspring/server/router';
import { describe, expect, it } from 'vitest';
import { ApiProvider } from '../../lib/api.tsx';
import { stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { RecordAccess } from './record-access.tsx';

type Trail = RouterOutputs['patients']['auditTrail'];
type Entry = Trail['entries'][number];
type TrailInput = RouterInputs['patients']['auditTrail'];

const entry = (id: string, action: string, recordType: string, occurredAt: string, actorName: string | null = 'Dr. Lena Park'): Entry => ({
  id,
  occurredAt: new Date(occurredAt),
  action: action as Entry['action'],
  recordType,
  recordId: 'x',
  actorUserId: 'u1',
  actorName,
  requestId: `req-${id}`,
  sourceAddress: null,
});

/** Newest first, as the server answers. */
const firstPage: Trail = {
  entries: [
    entry('30', 'amend', 'clinical_note', '2025-06-16T18:00:00Z'),
    entry('29', 'sign', 'clinical_note', '2025-06-16T17:45:00Z'),
    entry('28', 'create', 'clinical_note', '2025-06-16T17:45:00Z'),
    entry('27', 'list', 'clinical_note_list', '2025-06-16T17:40:00Z'),
    entry('26', 'update', 'appointment', '2025-06-16T17:00:00Z'),
    entry('25', 'delete', 'payment', '2025-06-16T16:30:00Z'),
    entry('24', 'read', 'patient', '2025-06-16T16:00:00Z', null),
  ],
  nextCursor: '24',
};
const secondPage: Trail = { entries: [entry('3', 'read', 'patient', '2025-06-01T15:00:00Z', 'Dr. Sam Ortiz')], nextCursor: null };

function renderLog(pages: Record<string, Trail>) {
  const api = stubApi({ 'patients.auditTrail': (input) => pages[(input as TrailInput).cursor ?? 'first'] });
  const rendered = renderWithProviders(
    <ApiProvider>
      <RecordAccess patientId="p-ada" timeZone="America/New_York" />
    </ApiProvider>,
  );
  return { ...api, ...rendered, events: userEvent.setup() };
}

const auditCalls = (calls: { path: string; input: unknown }[]) => calls.filter((call) => call.path === 'patients.auditTrail').map((call) => call.input as TrailInput);
const entriesText = () => within(screen.getByRole('list', { name: 'Access log entries, newest first' })).getAllByRole('listitem').map((item) => item.textContent);

describe('the access log', { timeout: 15_000 }, () => {
  it('is closed at first and read only when opened: every action and record in words, in the practice’s zone, newest first', async () => {
    const { events, calls } = renderLog({ first: firstPage });
    const toggle = screen.getByRole('button', { name: 'Access log' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(auditCalls(calls)).toEqual([]);
    await events.click(toggle);
    await screen.findByRole('list', { name: 'Access log entries, newest first' });
    expect(entriesText()).toEqual([
      'Dr. Lena Park amended the clinical note · June 16, 2025 at 2:00 PM',
      'Dr. Lena Park signed the clinical note · June 16, 2025 at 1:45 PM',
      'Dr. Lena Park created the clinical note · June 16, 2025 at 1:45 PM',
      'Dr. Lena Park listed the clinical notes · June 16, 2025 at 1:40 PM',
      'Dr. Lena Park updated the appointment · June 16, 2025 at 1:00 PM',
      'Dr. Lena Park deleted the payment · June 16, 2025 at 12:30 PM',
      'A removed account viewed the record · June 16, 2025 at 12:00 PM',
    ]);
    expect(auditCalls(calls)[0]?.id).toBe('p-ada');
  });

  it('loads the next page with the previous page’s cursor, below the first, until there is no more', async () => {
    const { events, calls } = renderLog({ first: firstPage, '24': secondPage });
    await events.click(screen.getByRole('button', { name: 'Access log' }));
    await events.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Dr. Sam Ortiz')).toBeTruthy();
    expect(entriesText()).toHaveLength(8);
    expect(entriesText().at(-1)).toBe('Dr. Sam Ortiz viewed the record · June 1, 2025 at 11:00 AM');
    expect(auditCalls(calls).map((input) => input.cursor ?? null)).toEqual([null, '24']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when nothing is recorded yet', async () => {
    const { events } = renderLog({ first: { entries: [], nextCursor: null } });
    await events.click(screen.getByRole('button', { name: 'Access log' }));
    expect(await screen.findByText('No access recorded yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
