import { useQuery } from '@tanstack/react-query';
import {
  appointmentMessages,
  appointmentModeLabel,
  dashboardAppointmentStatusLabels,
  dashboardMessages,
  formatUsShortDate,
  patientFigureHints,
  type DashboardAppointmentStatus,
} from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { useTRPC } from '../../lib/trpc.ts';
import { notify } from '../../lib/toast.tsx';
import { Badge, type BadgeProps } from '../../ui/badge/badge.tsx';
import { Button, LinkButton } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { EmptyState } from '../../ui/empty-state/empty-state.tsx';
import { CalendarIcon, ChartIcon, ClockIcon, MapPinIcon, UsersIcon, VideoIcon } from '../../ui/icons/icons.tsx';
import { TextLink } from '../../ui/link/link.tsx';
import { SectionCard, SectionList, SectionRow, SectionRowMain, sectionRowLead } from '../../ui/section-card/section-card.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import { StatCard, StatCardSkeleton, StatDetail, StatList } from '../../ui/stat-card/stat-card.tsx';
import * as styles from './dashboard-overview.css.ts';

type Overview = RouterOutputs['dashboard']['overview'];
type UpcomingAppointment = Overview['upcoming'][number];

const statusTone: Record<DashboardAppointmentStatus, BadgeProps['tone']> = {
  confirmed: 'primary',
  pending: 'outline',
  cancelled: 'danger',
};

/** The provider dashboard's figures and upcoming appointments (docs/product.md#dashboard), from the practice's own data. */
export function DashboardOverview() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.dashboard.overview.queryOptions());

  if (overview.isPending) return <OverviewSkeleton />;
  if (overview.isError) {
    return (
      <div className={styles.overview}>
        <Card className={styles.failure} role="alert">
          {/* docs/product.md#dashboard's portal wording, which fits the dashboard's figures too. */}
          <p>{appointmentMessages.dashboardLoadFailed}</p>
          <Button variant="outline" size="sm" onPress={() => void overview.refetch()}>
            Try again
          </Button>
        </Card>
      </div>
    );
  }

  const { stats, upcoming, timeZone } = overview.data;
  return (
    <div className={styles.overview}>
      <section aria-labelledby="dashboard-stats">
        <h2 id="dashboard-stats" className={styles.statsTitle}>
          Practice Overview
        </h2>
        <StatList>
          <StatCard icon={<UsersIcon size={18} />} label="Total Patients" value={String(stats.totalPatients)}>
            <StatDetail>{patientFigureHints.totalPatients}</StatDetail>
          </StatCard>
          <StatCard icon={<CalendarIcon size={18} />} label="Appointments This Week" value={String(stats.appointmentsThisWeek)} />
          <StatCard icon={<ClockIcon size={18} />} label="Average Session" value={`${stats.averageSessionMinutes} min`} />
          <StatCard icon={<ChartIcon size={18} />} label="Profile Completion" value={`${stats.profileCompletion}%`}>
            <div
              className={styles.progress}
              role="progressbar"
              aria-label="Profile completion"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={stats.profileCompletion}
            >
              <div className={styles.progressFill} style={{ width: `${stats.profileCompletion}%` }} />
            </div>
            <TextLink href="/practitioner-profile/edit">Edit Profile</TextLink>
          </StatCard>
        </StatList>
      </section>

      <SectionCard
        titleId="dashboard-upcoming"
        title="Upcoming Appointments"
        action={
          upcoming.length > 0 ? (
            <LinkButton href="/dashboard/schedule" variant="outline" size="sm">
              View Schedule
            </LinkButton>
          ) : null
        }
      >
        {upcoming.length === 0 ? (
          <EmptyState
            icon={<CalendarIcon />}
            title={dashboardMessages.noUpcoming}
            action={
              <LinkButton href="/dashboard/schedule" variant="primary" size="sm">
                {dashboardMessages.manageSchedule}
              </LinkButton>
            }
          />
        ) : (
          <SectionList>
            {upcoming.map((appointment) => (
              <UpcomingRow key={appointment.id} appointment={appointment} timeZone={timeZone} />
            ))}
          </SectionList>
        )}
      </SectionCard>
    </div>
  );
}

function UpcomingRow({ appointment, timeZone }: { appointment: UpcomingAppointment; timeZone: string }) {
  const { patientId, patient, date, time, duration, type, mode, status, canStartSession } = appointment;
  return (
    <SectionRow>
      <SectionRowMain>
        <TextLink href={`/dashboard/patients/${patientId}`} className={sectionRowLead}>
          {patient}
        </TextLink>
        <span className={styles.when}>
          {formatUsShortDate(date, timeZone)} at {time} · {type} · {duration} min
        </span>
      </SectionRowMain>
      <div className={styles.badges}>
        <Badge tone="neutral">
          {mode === 'virtual' ? <VideoIcon size={14} /> : <MapPinIcon size={14} />}
          {appointmentModeLabel(mode)}
        </Badge>
        <Badge tone={statusTone[status]}>{dashboardAppointmentStatusLabels[status]}</Badge>
      </div>
      <Button
        size="sm"
        variant={canStartSession ? 'primary' : 'outline'}
        isDisabled={!canStartSession}
        aria-label={`Start Session with ${patient}`}
        onPress={() => notify.success({ title: dashboardMessages.startingAppointment })}
      >
        <VideoIcon size={16} />
        Start Session
      </Button>
    </SectionRow>
  );
}

function OverviewSkeleton() {
  return (
    <div className={styles.overview} role="status" aria-label="Loading dashboard figures">
      <StatList aria-hidden="true">
        {[0, 1, 2, 3].map((index) => (
          <StatCardSkeleton key={index} />
        ))}
      </StatList>
      <Card padding="lg">
        <Skeleton width="14rem" height="1.5rem" />
        <Skeleton height="4rem" />
        <Skeleton height="4rem" />
      </Card>
    </div>
  );
}
