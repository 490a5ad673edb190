import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouterInputs, RouterOutputs } from '@wellspring/server/router';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { ApiProvider } from '../../../lib/api.tsx';
import { ApiError, stubApi, type ApiHandler } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { findToast } from '../../../test/toasts.ts';
import { EhrRecordsPage } from './ehr-records.page.tsx';

type RecordPage = RouterOutputs['clinicalRecords']['list'];
type EhrRecord = RecordPage['items'][number];
type ListInput = RouterInputs['clinicalRecords']['list'];

const practice = { today: '2025-06-16', timeZone: 'America/Los_Angeles', currency: 'USD' };

const soapRecord: EhrRecord = {
  id: 'r1',
  recordType: 'soap',
  recordDate: '2025-06-16',
  patientId: 'p-ada',
  patientName: 'Ada Lovelace',
  appointmentId: 'a1',
  author: 'Dr. Lena Park',
  signed: true,
  content: { subjective: 'Headaches for two weeks', objective: 'BP 120/80', assessment: 'Tension headache', plan: 'Magnesium, follow up in 2 weeks' },
  addenda: [{ id: 'd1', text: 'BP was 125/80, not 120/80.', author: 'Dr. Lena Park', at: '2025-06-16T17:30:00.000Z' }],
};
const progressRecord: EhrRecord = {
  ...soapRecord,
  id: 'r2',
  recordType: 'progress',
  recordDate: '2025-06-10',
  patientId: 'p-grace',
  patientName: 'Grace Hopper',
  appointmentId: null,
  content: { subjective: 'Sleeping better', objective: '', assessment: 'Improving', plan: 'Continue' },
  addenda: [],
};

function pageOf(items: readonly EhrRecord[], input: unknown, total = items.length): RecordPage {
  const { page = 1, pageSize = 20 } = (input ?? {}) as ListInput;
  return { items: [...items], total, page, pageSize, previousCursor: `before-${page}`, nextCursor: `after-${page}` };
}

function renderRecords(path: string, handlers: Record<string, ApiHandler>) {
  const api = stubApi({ 'practiceSettings.current': () => practice, ...handlers });
  const rendered = renderWithProviders(
    <ApiProvider>
      <Route path="/provider-portal/ehr" component={EhrRecordsPage} />
    </ApiProvider>,
    { path },
  );
  return { ...api, ...rendered, events: userEvent.setup() };
}

const listCalls = (calls: { path: string; input: unknown }[]) => calls.filter((call) => call.path === 'clinicalRecords.list').map((call) => call.input);

describe('the EHR records list', { timeout: 15_000 }, () => {
  it('shows "All EHR Records" without a preview banner, each record with its type, date, patient, author, Signed, SOAP sections and addenda', async () => {
    const { calls } = renderRecords('/provider-portal/ehr', { 'clinicalRecords.list': (input) => pageOf([soapRecord, progressRecord], input) });
    expect(await screen.findByRole('heading', { level: 1, name: 'All EHR Records' })).toBeTruthy();
    // Everything here is stored and signed: the spec's preview banner went with issue 26.
    expect(screen.queryByText(/preview of EHR functionality/)).toBeNull();
    expect(screen.getByRole('link', { name: 'New Record' }).getAttribute('href')).toBe('/provider-portal/ehr/create');

    const soap = await screen.findByRole('article', { name: 'SOAP Note' });
    expect(soap.textContent).toContain('June 16, 2025');
    expect(within(soap).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe('/provider-portal/patients/p-ada');
    expect(soap.textContent).toContain('Dr. Lena Park');
    expect(within(soap).getByText('Signed')).toBeTruthy();
    expect(within(soap).getByText('Tension headache')).toBeTruthy();
    const addenda = within(soap).getByRole('region', { name: 'Addenda' });
    // The addendum's time in the practice's zone (Los Angeles), not the browser's.
    expect(within(addenda).getByRole('listitem').textContent).toBe('BP was 125/80, not 120/80.Dr. Lena Park · June 16, 2025 at 10:30 AM');

    const progress = screen.getByRole('article', { name: 'Progress Note' });
    expect(within(progress).queryByRole('region', { name: 'Addenda' })).toBeNull();
    expect(within(progress).getByText('Not recorded')).toBeTruthy();
    expect(listCalls(calls)).toEqual([{ page: 1, pageSize: 20 }]);
  });

  it('is "Patient Records" for one patient, and New Record carries that patient', async () => {
    const { calls } = renderRecords('/provider-portal/ehr?patientId=p-ada', { 'clinicalRecords.list': (input) => pageOf([soapRecord], input) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient Records' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'All EHR Records' })).toBeNull();
    await screen.findByRole('article', { name: 'SOAP Note' });
    expect(screen.getByRole('link', { name: 'New Record' }).getAttribute('href')).toBe('/provider-portal/ehr/create?patientId=p-ada&patientName=Ada+Lovelace');
    expect(listCalls(calls)).toEqual([{ patientId: 'p-ada', page: 1, pageSize: 20 }]);
  });

  it('shows "No records found" with "Create New Record" when there are none', async () => {
    renderRecords('/provider-portal/ehr', { 'clinicalRecords.list': (input) => pageOf([], input) });
    expect(await screen.findByRole('heading', { name: 'No records found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create New Record' }).getAttribute('href')).toBe('/provider-portal/ehr/create');
  });

  it('shows a patient that is not the practitioner’s as having no records, and does not offer to file one under it', async () => {
    renderRecords('/provider-portal/ehr?patientId=not-mine', {
      'clinicalRecords.list': () => {
        throw new ApiError({ code: 'NOT_FOUND', httpStatus: 404, message: 'Patient not found.' });
      },
    });
    expect(await screen.findByRole('heading', { name: 'No records found' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Patient Records' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create New Record' }).getAttribute('href')).toBe('/provider-portal/ehr/create');
  });

  it('pages through a large practice', async () => {
    const { events, calls, location } = renderRecords('/provider-portal/ehr', { 'clinicalRecords.list': (input) => pageOf([soapRecord], input, 45) });
    const pages = await screen.findByRole('navigation', { name: 'Record pages' });
    expect(within(pages).getByRole('status').textContent).toBe('Page 1 of 3 · 45 records');
    expect(within(pages).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    await events.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Page 2 of 3 · 45 records')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/provider-portal/ehr?page=2&cursor=after-1');
    expect(listCalls(calls).at(-1)).toEqual({ page: 2, pageSize: 20, cursor: 'after-1' });
  });

  it('adds an addendum to a signed record: "Addendum added", and the record shows it', async () => {
    const records = [{ ...soapRecord, addenda: [] as EhrRecord['addenda'][number][] }];
    const { events, calls } = renderRecords('/provider-portal/ehr', {
      'clinicalRecords.list': (input) => pageOf(records, input),
      'clinicalRecords.addAddendum': (input) => {
        const { id, text } = input as RouterInputs['clinicalRecords']['addAddendum'];
        const addendum = { id: 'd9', text, author: 'Dr. Lena Park', at: '2025-06-16T18:00:00.000Z' };
        records[0]?.addenda.push(addendum);
        return { id, addendum };
      },
    });
    await events.click(await screen.findByRole('button', { name: /^Add addendum/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add addendum' });
    // Nothing typed: the domain's message, and no call.
    await events.click(within(dialog).getByRole('button', { name: 'Save addendum' }));
    expect(await within(dialog).findByText('Please enter the addendum text.')).toBeTruthy();
    await events.click(within(dialog).getByRole('textbox', { name: 'Addendum' }));
    await events.paste('Plan: add 400 mg magnesium.');
    await events.click(within(dialog).getByRole('button', { name: 'Save addendum' }));
    await findToast('Addendum added');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((call) => call.path === 'clinicalRecords.addAddendum')?.input).toEqual({ id: 'r1', text: 'Plan: add 400 mg magnesium.' });
    const addenda = await screen.findByRole('region', { name: 'Addenda' });
    expect(addenda.textContent).toContain('Plan: add 400 mg magnesium.');
    expect(addenda.textContent).toContain('June 16, 2025 at 11:00 AM');
  });

  it('shows the server’s message when an addendum is refused, and keeps the text', async () => {
    const { events } = renderRecords('/provider-portal/ehr', {
      'clinicalRecords.list': (input) => pageOf([soapRecord], input),
      'clinicalRecords.addAddendum': () => {
        throw new ApiError({ code: 'FORBIDDEN', httpStatus: 403, message: 'Only the author of this note can change it.' });
      },
    });
    await events.click(await screen.findByRole('button', { name: /^Add addendum/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add addendum' });
    await events.click(within(dialog).getByRole('textbox', { name: 'Addendum' }));
    await events.paste('A correction');
    await events.click(within(dialog).getByRole('button', { name: 'Save addendum' }));
    const toast = await findToast('Error adding addendum');
    expect(toast.textContent).toContain('Only the author of this note can change it.');
    expect(within(dialog).getByRole('alert').textContent).toContain('Only the author of this note can change it.');
    expect((within(dialog).getByRole('textbox', { name: 'Addendum' }) as HTMLTextAreaElement).value).toBe('A correction');
  });

  it('offers no addendum on a record that is not signed', async () => {
    renderRecords('/provider-portal/ehr', { 'clinicalRecords.list': (input) => pageOf([{ ...progressRecord, signed: false }], input) });
    const draft = await screen.findByRole('article', { name: 'Progress Note' });
    expect(within(draft).getByText('Draft')).toBeTruthy();
    expect(within(draft).queryByRole('button', { name: /Add addendum/ })).toBeNull();
  });
});
