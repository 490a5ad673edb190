import { useQuery } from '@tanstack/react-query';
import {
  appointmentMessages,
  appointmentTypeLabel,
  currencyLabel,
  dashboardMessages,
  formatLongDate,
  formatMoney,
  patientFigureHints,
} from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import type { ReactNode } from 'react';
import { AppointmentStatusBadges } from '../../../lib/appointment-status.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { Button, LinkButton } from '../../../ui/button/button.tsx';
import { NewAppointmentButton } from '../new-appointment-button.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { EmptyState } from '../../../ui/empty-state/empty-state.tsx';
import { CalendarIcon, CreditCardIcon, FileTextIcon, UsersIcon } from '../../../ui/icons/icons.tsx';
import { TextLink } from '../../../ui/link/link.tsx';
import { SectionCard, SectionList, SectionRow, SectionRowMain, sectionRowLead } from '../../../ui/section-card/section-card.tsx';
import { Skeleton } from '../../../ui/skeleton/skeleton.tsx';
import { StatCard, StatDetail, StatList } from '../../../ui/stat-card/stat-card.tsx';
import { portalPaths } from '../portal-paths.ts';
import * as styles from './portal-dashboard.css.ts';
import { PageHeader } from '../../../ui/page-header/page-header.tsx';

type PortalOverview = RouterOutputs['portalDashboard']['overview'];
type UpcomingAppointment = PortalOverview['upcoming'][number];
type OtherRevenue = PortalOverview['revenue']['other'];

/** docs/product.md#dashboard: what a figure shows until the overview arrives. */
const LOADING_FIGURE = '...';

/**
 * `/provider-portal/dashboard` (docs/product.md#portal-dashboard): the practice's four figures, its next
 * appointments and the shortcuts. Revenue counts completed payments only; the card shows US dollars
 * and every other currency is totalled on its own beside it, never converted into dollars.
 */
export function PortalDashboardPage() {
  const trpc = useTRPC();
  const overview = useQuery({
    ...trpc.portalDashboard.overview.queryOptions(),
    // Coming back from a new appointment or payment shows the new figures (the old ones meanwhile).
    refetchOnMount: 'always',
  });

  return (
    <div className={styles.page}>
      <PageHeader
        size="page"
        title="Provider Dashboard"
        description="Your practice at a glance: appointments, patients, records and revenue."
        actions={<NewAppointmentButton />}
      />

      {overview.isError ? (
        <Card className={styles.failure} role="alert">
          <p>{appointmentMessages.dashboardLoadFailed}</p>
          <Button variant="outline" size="sm" isDisabled={overview.isFetching} onPress={() => void overview.refetch()}>
            Try again
          </Button>
        </Card>
      ) : (
        <>
          <StatCards overview={overview.data} />
          <UpcomingAppointments upcoming={overview.data?.upcoming} />
        </>
      )}

      <ul className={styles.shortcuts} aria-label="Shortcuts">
        <Shortcut icon={<CalendarIcon />} title="Manage Schedule" text="See your week and book appointments on the calendar." href="/dashboard/schedule" action="View Calendar" />
        <Shortcut icon={<UsersIcon />} title="Patient Records" text="Find a patient and open their record, notes and history." href={portalPaths.patients} action="View Records" />
        <Shortcut icon={<CreditCardIcon />} title="Process Payment" text="Record a payment and follow its status." href={portalPaths.payments} action="Payment System" />
      </ul>
    </div>
  );
}

/** The four figures; "..." in each until the overview arrives. */
function StatCards({ overview }: { overview: PortalOverview | undefined }) {
  const figure = (value: number | undefined) => (value === undefined ? LOADING_FIGURE : String(value));
  return (
    <StatList figure="long" aria-label="Practice figures" aria-busy={overview === undefined || undefined}>
      <StatCard icon={<CalendarIcon size={18} />} label="Total Appointments" value={figure(overview?.totalAppointments)}>
        <StatDetail>{figure(overview?.upcomingAppointments)} upcoming</StatDetail>
      </StatCard>
      <StatCard icon={<UsersIcon size={18} />} label="Unique Patients" value={figure(overview?.uniquePatients)}>
        <StatDetail>{patientFigureHints.uniquePatients}</StatDetail>
      </StatCard>
      <StatCard icon={<FileTextIcon size={18} />} label="EHR Records" value={figure(overview?.ehrRecords)} />
      <StatCard icon={<CreditCardIcon size={18} />} label="Total Revenue" value={overview ? formatMoney(overview.revenue.usdMinor, 'usd') : LOADING_FIGURE}>
        <StatDetail>Completed payments in US dollars</StatDetail>
        {overview && overview.revenue.other.length > 0 ? <OtherCurrencies totals={overview.revenue.other} /> : null}
      </StatCard>
    </StatList>
  );
}

/** Completed payments in other currencies, one total per currency: never added to the dollar figure. */
function OtherCurrencies({ totals }: { totals: OtherRevenue }) {
  return (
    <div className={styles.otherCurrencies}>
      <StatDetail>Other currencies, not converted:</StatDetail>
      <ul className={styles.currencyList} aria-label="Revenue in other currencies">
        {totals.map(({ currency, minor }) => (
          <li key={currency} className={styles.currencyItem}>
            <span className={styles.currencyCode}>{currencyLabel(currency)}</span>
            <span>{formatMoney(minor, currency)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function UpcomingAppointments({ upcoming }: { upcoming: PortalOverview['upcoming'] | undefined }) {
  return (
    <SectionCard
      titleId="portal-upcoming"
      title="Upcoming Appointments"
      action={
        upcoming && upcoming.length > 0 ? (
          <LinkButton href={portalPaths.appointments} variant="outline" size="sm">
            View All
          </LinkButton>
        ) : null
      }
    >
      {upcoming === undefined ? (
        <div className={styles.list} role="status" aria-label="Loading upcoming appointments">
          <Skeleton height="3.5rem" />
          <Skeleton height="3.5rem" />
        </div>
      ) : upcoming.length === 0 ? (
        <EmptyState icon={<CalendarIcon />} title={dashboardMessages.noUpcoming} />
      ) : (
        <SectionList>
          {upcoming.map((appointment) => (
            <UpcomingRow key={appointment.id} appointment={appointment} />
          ))}
        </SectionList>
      )}
    </SectionCard>
  );
}

function UpcomingRow({ appointment }: { appointment: UpcomingAppointment }) {
  const { patientId, patientName, type, date, time, durationMinutes, status } = appointment;
  // `date` and `time` are already the practice's own day and time of day (the server's zone work);
  // a calendar date is formatted as it is, whatever zone is passed.
  const when = `${formatLongDate(date, 'UTC')} at ${time}`;
  return (
    <SectionRow>
      <SectionRowMain>
        <TextLink href={portalPaths.patient(patientId)} className={sectionRowLead}>
          {patientName}
        </TextLink>
        <span className={styles.muted}>
          {appointmentTypeLabel(type)} · {durationMinutes} min
        </span>
      </SectionRowMain>
      <span className={styles.when}>{when}</span>
      <AppointmentStatusBadges status={status} />
    </SectionRow>
  );
}

function Shortcut({ icon, title, text, href, action }: { icon: ReactNode; title: string; text: string; href: string; action: string }) {
  return (
    <Card as="li" className={styles.shortcut}>
      <span className={styles.shortcutIcon} aria-hidden="true">
        {icon}
      </span>
      <h2 className={styles.shortcutTitle}>{title}</h2>
      <p className={styles.muted}>{text}</p>
      <LinkButton href={href} variant="outline" className={styles.shortcutAction}>
        {action}
      </LinkButton>
    </Card>
  );
}
