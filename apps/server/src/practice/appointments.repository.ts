/**
 * A practice's appointments as the schedule and the dashboard read them, always within
 * `scope.practiceId`, shown in the practice's time zone.
 */
import {
  addDays,
  calendarDateInZone,
  formatTimeOfDay,
  scheduleTypeLabel,
  toDashboardStatus,
  weekOf,
  zonedTimeToInstant,
  type AppointmentMode,
  type CalendarDate,
  type DashboardAppointmentStatus,
} from '@wellspring/domain';
import type { Database } from '../db/client.ts';
import type { PracticeScope } from './practice-scope.ts';

/** An appointment on the schedule grid or the dashboard's upcoming list. */
export interface PracticeAppointment {
  readonly id: string;
  readonly patientId: string;
  readonly patient: string;
  /** The day in the practice's zone. */
  readonly date: CalendarDate;
  /** "10:00 AM" in the practice's zone. */
  readonly time: string;
  readonly startsAt: Date;
  /** Minutes. */
  readonly duration: number;
  /** The schedule dialog's label of the stored type. */
  readonly type: string;
  readonly mode: AppointmentMode;
  /** The stored status (scheduled, confirmed, completed, cancelled). */
  readonly status: string;
}

export interface DashboardAppointmentRow extends PracticeAppointment {
  readonly dashboardStatus: DashboardAppointmentStatus;
}

const appointmentSelect = {
  id: true,
  patientId: true,
  startsAt: true,
  durationMinutes: true,
  type: true,
  mode: true,
  status: true,
  patient: { select: { name: true } },
} as const;

interface AppointmentRow {
  id: string;
  patientId: string;
  startsAt: Date;
  durationMinutes: number;
  type: string;
  mode: string;
  status: string;
  patient: { name: string };
}

/** The instant a practice day starts (its midnight in the zone). */
export const startOfDay = (date: CalendarDate, timeZone: string): Date => zonedTimeToInstant(date, '00:00', timeZone);

export function appointmentsRepository(db: Database, scope: PracticeScope) {
  const view = (row: AppointmentRow): PracticeAppointment => ({
    id: row.id,
    patientId: row.patientId,
    patient: row.patient.name,
    date: calendarDateInZone(row.startsAt, scope.timeZone),
    time: formatTimeOfDay(row.startsAt, scope.timeZone),
    startsAt: row.startsAt,
    duration: row.durationMinutes,
    type: scheduleTypeLabel(row.type),
    mode: row.mode === 'virtual' ? 'virtual' : 'in-person',
    status: row.status,
  });

  return {
    /** The days of the week holding `day` (Sunday first) and their appointments (not cancelled), in time order. */
    async week(day: CalendarDate): Promise<{ days: CalendarDate[]; appointments: PracticeAppointment[] }> {
      const days = weekOf(day, scope.timeZone);
      const [first] = days;
      if (first === undefined) return { days, appointments: [] };
      const rows = await db.appointment.findMany({
        where: {
          practiceId: scope.practiceId,
          startsAt: { gte: startOfDay(first, scope.timeZone), lt: startOfDay(addDays(first, 7), scope.timeZone) },
          status: { not: 'cancelled' },
        },
        select: appointmentSelect,
        orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
      });
      return { days, appointments: rows.map(view) };
    },

    /** Open appointments (scheduled or confirmed) of the practice that overlap [startsAt, startsAt + minutes). */
    async overlapping(startsAt: Date, minutes: number): Promise<PracticeAppointment[]> {
      const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
      // Appointments are at most a few hours long: look back a day for ones that started earlier.
      const rows = await db.appointment.findMany({
        where: {
          practiceId: scope.practiceId,
          status: { in: ['scheduled', 'confirmed'] },
          startsAt: { lt: endsAt, gte: new Date(startsAt.getTime() - 24 * 60 * 60_000) },
        },
        select: appointmentSelect,
        orderBy: { startsAt: 'asc' },
      });
      return rows.filter((row) => row.startsAt.getTime() + row.durationMinutes * 60_000 > startsAt.getTime()).map(view);
    },

    /** The dashboard's upcoming list: from now on, not completed, soonest first. */
    async upcoming(limit: number): Promise<DashboardAppointmentRow[]> {
      const rows = await db.appointment.findMany({
        where: { practiceId: scope.practiceId, startsAt: { gte: scope.now }, status: { in: ['scheduled', 'confirmed', 'cancelled'] } },
        select: appointmentSelect,
        orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
        take: limit,
      });
      return rows.flatMap((row) => {
        const dashboardStatus = row.status === 'scheduled' || row.status === 'confirmed' || row.status === 'cancelled' ? toDashboardStatus(row.status) : null;
        return dashboardStatus ? [{ ...view(row), dashboardStatus }] : [];
      });
    },
  };
}
