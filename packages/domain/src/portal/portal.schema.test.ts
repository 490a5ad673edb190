import { describe, expect, it } from 'vitest';
import { accessLogSchema, addendumInputSchema, clinicalRecordCreateSchema, clinicalRecordListSchema, paymentCreateSchema, portalAppointmentUpdateSchema, portalPageSchema } from './portal.schema.ts';

describe('portal inputs', () => {
  it('pages from 1 with 20 rows by default, and refuses a page size over 100', () => {
    expect(portalPageSchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(portalPageSchema.safeParse({ page: 0 }).success).toBe(false);
    expect(portalPageSchema.safeParse({ pageSize: 101 }).success).toBe(false);
    expect(clinicalRecordListSchema.parse({ patientId: ' p1 ' })).toEqual({ page: 1, pageSize: 20, patientId: 'p1', search: '' });
  });

  it('takes the appointment form with its id for an update, and the EHR form with its links', () => {
    expect(portalAppointmentUpdateSchema.parse({ id: 'a1', patientName: 'Ana', patientEmail: 'ana@example.com', date: '2025-06-05T14:30' })).toEqual({
      id: 'a1',
      patientName: 'Ana',
      patientEmail: 'ana@example.com',
      appointmentType: 'consultation',
      date: '2025-06-05T14:30',
      duration: '60',
      notes: '',
    });
    expect(portalAppointmentUpdateSchema.parse({ id: 'a1', patientName: 'Ana', patientEmail: 'ana@example.com', date: '2025-06-05T14:30', duration: '45' }).duration).toBe('45');
    expect(portalAppointmentUpdateSchema.safeParse({ id: 'a1', patientName: 'Ana', patientEmail: 'ana@example.com', date: '2025-06-05T14:30', duration: '0' }).success).toBe(false);
    expect(clinicalRecordCreateSchema.parse({ patientName: 'Ana', appointmentId: 'a1' })).toMatchObject({ recordType: 'soap', appointmentId: 'a1', subjective: '' });
  });

  it('needs an addendum text, trimmed', () => {
    expect(addendumInputSchema.parse({ id: 'n1', text: '  Lab results reviewed. ' })).toEqual({ id: 'n1', text: 'Lab results reviewed.' });
    const empty = addendumInputSchema.safeParse({ id: 'n1', text: '   ' });
    expect(empty.success ? null : empty.error.issues[0]?.message).toBe('Please enter the addendum text.');
  });

  it('reads a payment amount as minor units', () => {
    expect(paymentCreateSchema.parse({ amount: '150.50', currency: 'eur' })).toEqual({ amountMinor: 15050, currency: 'eur', paymentMethod: 'card', status: 'completed' });
  });

  it('takes an access-log cursor only as a positive sequence number', () => {
    expect(accessLogSchema.parse({ id: 'p1' })).toEqual({ id: 'p1' });
    expect(accessLogSchema.parse({ id: 'p1', cursor: '42' })).toEqual({ id: 'p1', cursor: '42' });
    expect(accessLogSchema.safeParse({ id: 'p1', cursor: '0' }).success).toBe(false);
    expect(accessLogSchema.safeParse({ id: 'p1', cursor: '1; DROP' }).success).toBe(false);
  });
});
