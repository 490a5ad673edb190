import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { patientDetailById } from '@wellspring/domain/samples';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { ApiProvider } from '../../lib/api.tsx';
import { ApiError, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';
import { PatientDetailPage } from './patient-detail.page.tsx';

const TODAY = '2026-03-16';
const emma = patientDetailById('1', TODAY);
const practice = { today: TODAY, timeZone: 'America/Los_Angeles', currency: 'USD' };
const pdf = (fileName: string) => ({ fileName, contentType: 'application/pdf', base64: btoa('%PDF-1.3 test') });

/** The files the page hands to the browser: their names, types and text. */
let saved: { name: string; type: string; text: Promise<string> }[] = [];
beforeEach(() => {
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const file = blob as Blob;
    saved.push({ name: '', type: file.type, text: file.text() });
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const last = saved.at(-1);
    if (last) last.name = this.download;
  });
});
afterEach(() => vi.restoreAllMocks());

function renderDetail(more: Record<string, (input: unknown) => unknown>) {
  const api = stubApi({ 'patients.byId': () => emma, 'practiceSettings.current': () => practice, ...more });
  renderWithProviders(
    <ApiProvider>
      <Route path="/dashboard/patients/:id" component={PatientDetailPage} />
    </ApiProvider>,
    { path: '/dashboard/patients/1' },
  );
  return { ...api, events: userEvent.setup() };
}

describe('the superbill and the patient\'s copy on the patient page', { timeout: 30_000 }, () => {
  it('downloads the superbill of the chosen dates (this year so far by default)', async () => {
    const { events, calls } = renderDetail({ 'records.superbill': () => ({ ...pdf('superbill-emma-thompson-2026-01-01-to-2026-03-16.pdf'), lines: 2 }) });
    await events.click(await screen.findByRole('button', { name: 'Download superbill' }));
    await findToast('Superbill downloaded');
    expect(calls.find((call) => call.path === 'records.superbill')?.input).toEqual({ patientId: '1', from: '2026-01-01', to: '2026-03-16' });
    expect(saved.map(({ name, type }) => ({ name, type }))).toEqual([{ name: 'superbill-emma-thompson-2026-01-01-to-2026-03-16.pdf', type: 'application/pdf' }]);
    expect(await saved[0]?.text).toBe('%PDF-1.3 test');
  });

  it('says so when there are no paid visits in the dates, and downloads nothing', async () => {
    const { events } = renderDetail({ 'records.superbill': () => ({ ...pdf('superbill.pdf'), lines: 0 }) });
    await events.click(await screen.findByRole('button', { name: 'Download superbill' }));
    expect(await screen.findByText('No paid visits in these dates')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('shows the server\'s refusal of the dates under the field', async () => {
    const { events } = renderDetail({
      'records.superbill': () => {
        throw new ApiError({ code: 'BAD_REQUEST', httpStatus: 400, message: 'Invalid input', fieldErrors: { to: ['The end date must be on or after the start date'] } });
      },
    });
    await events.click(await screen.findByRole('button', { name: 'Download superbill' }));
    expect(await screen.findByText('The end date must be on or after the start date')).toBeTruthy();
  });

  it('exports the record as a FHIR bundle or a PDF from the Export record menu', async () => {
    const bundle = { resourceType: 'Bundle', type: 'collection', entry: [] };
    const { events } = renderDetail({
      'records.fhirBundle': () => ({ fileName: 'record-emma-thompson.fhir.json', contentType: 'application/fhir+json', base64: btoa(JSON.stringify(bundle)) }),
      'records.recordPdf': () => pdf('record-emma-thompson.pdf'),
    });
    await events.click(await screen.findByRole('button', { name: 'Export record' }));
    await events.click(await screen.findByRole('menuitem', { name: 'FHIR R4 bundle (JSON)' }));
    await findToast('Record exported');
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['record-emma-thompson.fhir.json']));
    expect(JSON.parse((await saved[0]?.text) ?? '')).toEqual(bundle);
    await events.click(screen.getByRole('button', { name: 'Export record' }));
    await events.click(await screen.findByRole('menuitem', { name: 'Readable PDF' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['record-emma-thompson.fhir.json', 'record-emma-thompson.pdf']));
  });
});
