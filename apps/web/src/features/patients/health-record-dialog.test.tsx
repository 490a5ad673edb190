import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { healthRecordMessages } from '@wellspring/domain';
import { buildSamplePatients } from '@wellspring/domain/samples';
import { describe, expect, it } from 'vitest';
import { ApiProvider } from '../../lib/api.tsx';
import { stubApi, type ApiHandler } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';
import { HealthRecord } from './health-record.tsx';

const [emma] = buildSamplePatients('2025-06-16');

function renderRecord(handlers: Record<string, ApiHandler>) {
  if (!emma) throw new Error('no sample patient');
  const api = stubApi(handlers);
  renderWithProviders(
    <ApiProvider>
      <HealthRecord patient={emma} />
    </ApiProvider>,
  );
  return { ...api, events: userEvent.setup() };
}

const section = (name: string) => screen.getByRole('group', { name });

describe('the health record’s Edit', { timeout: 40_000 }, () => {
  it('edits every section in one form and saves it whole', async () => {
    const { events, calls } = renderRecord({ 'patients.updateHealthRecord': () => ({ id: emma?.id, message: healthRecordMessages.saved }) });
    await events.click(screen.getByRole('button', { name: 'Edit health record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit health record' });
    // What the record holds is in the form.
    const allergies = section('Allergies & Intolerances');
    expect(within(allergies).getAllByRole('group')).toHaveLength(emma?.allergies.length ?? 0);
    // A new allergy, with its severity.
    await events.click(within(allergies).getByRole('button', { name: 'Add allergy' }));
    const added = within(allergies).getByRole('group', { name: `Allergy ${(emma?.allergies.length ?? 0) + 1}` });
    await events.type(within(added).getByRole('textbox', { name: 'Allergy' }), 'Latex');
    await events.click(within(added).getByRole('button', { name: /Severity/ }));
    await events.click(await screen.findByRole('option', { name: 'Severe' }));
    // The first medication goes.
    const medications = section('Current Medications & Supplements');
    await events.click(within(medications).getByRole('button', { name: 'Remove medication 1' }));
    await events.type(within(dialog).getByRole('textbox', { name: 'Health goals' }), ' More energy');
    await events.click(within(dialog).getByRole('button', { name: 'Save health record' }));
    await findToast('Health record saved');
    const input = calls.find((call) => call.path === 'patients.updateHealthRecord')?.input as { allergies: { name: string; severity: string }[]; medications: unknown[]; lifestyle: { goals: string } };
    expect(input.allergies.at(-1)).toEqual({ name: 'Latex', severity: 'Severe', reaction: '' });
    expect(input.medications).toHaveLength((emma?.medications.length ?? 0) - 1);
    expect(input.lifestyle.goals).toBe(`${emma?.lifestyle?.goals ?? ''} More energy`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('names the item’s empty field, sends nothing, and keeps what was typed when the server fails', async () => {
    const { events, calls } = renderRecord({
      'patients.updateHealthRecord': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await events.click(screen.getByRole('button', { name: 'Edit health record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit health record' });
    const family = section('Family History');
    await events.click(within(family).getByRole('button', { name: 'Add relative' }));
    const relative = within(family).getAllByRole('group').at(-1) as HTMLElement;
    await events.type(within(relative).getByRole('textbox', { name: 'Relation' }), 'Brother');
    await events.click(within(dialog).getByRole('button', { name: 'Save health record' }));
    expect(within(relative).getByText(healthRecordMessages.condition)).toBeTruthy();
    expect(document.activeElement).toBe(within(relative).getByRole('textbox', { name: 'Condition' }));
    expect(calls.some((call) => call.path === 'patients.updateHealthRecord')).toBe(false);

    await events.type(within(relative).getByRole('textbox', { name: 'Condition' }), 'Asthma');
    await events.click(within(dialog).getByRole('button', { name: 'Save health record' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect((within(relative).getByRole('textbox', { name: 'Condition' }) as HTMLInputElement).value).toBe('Asthma');
  });
});
