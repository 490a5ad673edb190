/**
 * Dashboard and schedule sample appointments (docs/product.md#dashboard), dated from `today`,
 * and the portal samples (durations 60, 45, 90; payments 15000, 8500, 12000 cents — docs/product.md#dashboard).
 */
import type { AppointmentMode, AppointmentStatus, AppointmentType } from '../appointments/appointment.schema.ts';
import type { DashboardAppointmentStatus } from '../appointments/appointment.machine.ts';
import type { Currency } from '../money/money.ts';
import type { PaymentMethod, PaymentStatus } from '../payments/payment.schema.ts';
import type { EhrRecordType, SoapContent } from '../ehr/ehr.schema.ts';
import { addDays, dayOfWeek, zonedTimeToInstant, type CalendarDate } from '../time/dates.ts';
import { SAMPLE_TIME_ZONE, sampleDay } from './sample-dates.ts';

export interface DashboardAppointment {
  readonly id: string;
  readonly patient: string;
  readonly patientId: string;
  readonly date: CalendarDate;
  /** "10:00 AM". */
  readonly time: string;
  /** Minutes. */
  readonly duration: number;
  readonly type: string;
  readonly mode: AppointmentMode;
  readonly status: DashboardAppointmentStatus;
}

/** The dashboard's upcoming list: each status and both modes; appointment 1 can start a session. */
export function buildDashboardAppointments(today: CalendarDate): DashboardAppointment[] {
  return [
    { id: '1', patient: 'Emma Thompson', patientId: '1', date: today, time: '10:00 AM', duration: 60, type: 'Follow-up', mode: 'virtual', status: 'confirmed' },
    { id: '2', patient: 'Michael Chen', patientId: '2', date: today, time: '2:00 PM', duration: 45, type: 'Treatment Session', mode: 'in-person', status: 'confirmed' },
    { id: '3', patient: 'Sofia Martinez', patientId: '3', date: sampleDay(today, 1), time: '11:00 AM', duration: 90, type: 'Initial Consultation', mode: 'virtual', status: 'pending' },
    { id: '4', patient: 'James Wilson', patientId: '4', date: sampleDay(today, 2), time: '9:00 AM', duration: 60, type: 'Assessment', mode: 'in-person', status: 'cancelled' },
  ];
}

export interface ScheduleAppointment extends DashboardAppointment {
  readonly status: 'confirmed' | 'pending';
}

/** The schedule's week: appointments spread over the week of `today` (Sunday first), confirmed or pending. */
export function buildScheduleAppointments(today: CalendarDate): ScheduleAppointment[] {
  const sunday = addDays(today, -dayOfWeek(today));
  const day = (n: number) => addDays(sunday, n);
  return [
    { id: 's1', patient: 'Emma Thompson', patientId: '1', date: day(1), time: '9:00 AM', duration: 60, type: 'Follow-up', mode: 'virtual', status: 'confirmed' },
    { id: 's2', patient: 'Michael Chen', patientId: '2', date: day(1), time: '2:00 PM', duration: 45, type: 'Treatment Session', mode: 'in-person', status: 'confirmed' },
    { id: 's3', patient: 'Sofia Martinez', patientId: '3', date: day(2), time: '11:00 AM', duration: 90, type: 'Initial Consultation', mode: 'in-person', status: 'pending' },
    { id: 's4', patient: 'Emma Thompson', patientId: '1', date: day(3), time: '10:00 AM', duration: 30, type: 'Assessment', mode: 'virtual', status: 'pending' },
    { id: 's5', patient: 'Michael Chen', patientId: '2', date: day(4), time: '3:00 PM', duration: 60, type: 'Follow-up', mode: 'virtual', status: 'confirmed' },
    { id: 's6', patient: 'Sofia Martinez', patientId: '3', date: day(5), time: '1:00 PM', duration: 45, type: 'Treatment Session', mode: 'in-person', status: 'confirmed' },
  ];
}

export interface PortalAppointmentSample {
  readonly id: string;
  readonly patientName: string;
  readonly patientEmail: string;
  readonly appointmentType: AppointmentType;
  /** ISO instant. */
  readonly date: string;
  readonly duration: number;
  readonly status: AppointmentStatus;
  readonly notes: string;
}

export interface PortalPaymentSample {
  readonly id: string;
  readonly amountMinor: number;
  readonly currency: Currency;
  readonly status: PaymentStatus;
  readonly paymentMethod: PaymentMethod;
  readonly createdAt: string;
  readonly appointmentId: string;
}

export interface EhrRecordSample {
  readonly id: string;
  readonly recordType: EhrRecordType;
  readonly recordDate: string;
  readonly patientName: string;
  readonly content: SoapContent;
}

/**
 * Portal samples, at wall-clock times of the practice's zone (`timeZone`, the sample practice's by
 * default): the same local hour whatever the season.
 */
export function buildPortalSamples(
  today: CalendarDate,
  timeZone: string = SAMPLE_TIME_ZONE,
): { appointments: PortalAppointmentSample[]; payments: PortalPaymentSample[]; ehrRecords: EhrRecordSample[] } {
  const at = (days: number, localTime: string) => zonedTimeToInstant(sampleDay(today, days), localTime, timeZone).toISOString();
  return {
    appointments: [
      { id: 'pa1', patientName: 'Emma Thompson', patientEmail: 'emma.thompson@example.com', appointmentType: 'follow_up', date: at(3, '10:00'), duration: 60, status: 'scheduled', notes: 'Review food journal.' },
      { id: 'pa2', patientName: 'Michael Chen', patientEmail: 'michael.chen@example.com', appointmentType: 'treatment', date: at(1, '14:00'), duration: 45, status: 'confirmed', notes: '' },
      { id: 'pa3', patientName: 'Sofia Martinez', patientEmail: 'sofia.martinez@example.com', appointmentType: 'consultation', date: at(-14, '13:00'), duration: 90, status: 'completed', notes: 'Initial intake.' },
    ],
    payments: [
      { id: 'pp1', amountMinor: 15000, currency: 'usd', status: 'completed', paymentMethod: 'card', createdAt: at(-14, '15:00'), appointmentId: 'pa3' },
      { id: 'pp2', amountMinor: 8500, currency: 'usd', status: 'pending', paymentMethod: 'insurance', createdAt: at(-7, '15:00'), appointmentId: 'pa2' },
      { id: 'pp3', amountMinor: 12000, currency: 'eur', status: 'completed', paymentMethod: 'bank_transfer', createdAt: at(-2, '11:00'), appointmentId: 'pa1' },
    ],
    ehrRecords: [],
  };
}
