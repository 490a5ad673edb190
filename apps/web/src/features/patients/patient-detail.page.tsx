import { useQuery } from '@tanstack/react-query';
import { unknownPatient, type PatientDetail } from '@wellspring/domain';
import type { Key } from 'react-aria-components';
import { useParams, useSearchParams } from 'wouter';
import { apiErrorCode } from '../../lib/api-errors.ts';
import { usePatientPaths } from '../../lib/patient-paths.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Button, LinkButton } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { FormAlert } from '../../ui/form/form.tsx';
import { ArrowLeftIcon } from '../../ui/icons/icons.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs/tabs.tsx';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import { ClinicalNotes } from './clinical-notes.tsx';
import { HealthRecord } from './health-record.tsx';
import * as styles from './patient-detail.css.ts';
import { PatientOverview } from './patient-overview.tsx';
import { PatientCard, RecentActivityCard, UpcomingAppointmentsCard } from './patient-summary.tsx';
import { PatientTimeline } from './patient-timeline.tsx';
import { RecordAccess } from './record-access.tsx';
import { ExportRecordMenu, SuperbillCard } from './record-export.tsx';
import { pageHeader } from './record-export.css.ts';
import { usePractice } from '../../lib/use-practice.ts';

/** The tabs of docs/product.md#patient-detail, Overview first (the default); the chosen one is kept in the address (`?tab=`). */
const patientTabs = [
  { id: 'overview', label: 'Overview' },
  { id: 'health-record', label: 'Health Record' },
  { id: 'notes', label: 'Clinical Notes' },
  { id: 'timeline', label: 'Timeline' },
] as const;
type PatientTab = (typeof patientTabs)[number]['id'];
const isPatientTab = (value: string | null): value is PatientTab => patientTabs.some((tab) => tab.id === value);

/**
 * Not one of the caller's patients (unknown, malformed or another practitioner's): the server says
 * NOT_FOUND (or, for an id no patient could have, BAD_REQUEST). The screen is the same for all.
 */
const isUnknownPatient = (error: unknown): boolean => ['NOT_FOUND', 'BAD_REQUEST'].includes(apiErrorCode(error) ?? '');

/**
 * `/dashboard/patients/:id` (docs/product.md#patient-detail), inside the signed-in shell; the provider portal
 * shows it at `/provider-portal/patients/:id`, and Back returns to that section's list.
 */
export function PatientDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const paths = usePatientPaths();
  const record = useQuery({
    ...trpc.patients.byId.queryOptions({ id }),
    // An unknown patient stays unknown; a network failure gets one more try.
    retry: (failures, error) => failures < 1 && !isUnknownPatient(error) && apiErrorCode(error) !== 'UNAUTHORIZED',
  });

  let body;
  if (record.isPending) body = <PatientDetailLoading />;
  else if (record.isError && !isUnknownPatient(record.error)) {
    body = (
      <Card>
        <FormAlert>We could not load this patient's record. Please check your connection and try again.</FormAlert>
        <Button variant="outline" className={styles.back} onPress={() => void record.refetch()}>
          Try again
        </Button>
      </Card>
    );
  } else body = <PatientRecord patient={record.data ?? unknownPatient(id)} known={record.isSuccess} />;

  return (
    <div className={styles.page}>
      <div className={pageHeader}>
        <LinkButton href={paths.list} variant="ghost" size="sm" className={styles.back}>
          <ArrowLeftIcon size={16} />
          Back to Patient List
        </LinkButton>
        {record.isSuccess ? <ExportRecordMenu patientId={record.data.id} /> : null}
      </div>
      <h1 className={visuallyHidden}>Patient Record</h1>
      {body}
    </div>
  );
}

function PatientRecord({ patient, known }: { patient: PatientDetail; known: boolean }) {
  const { today, timeZone, fromServer } = usePractice();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: PatientTab = isPatientTab(requested) ? requested : 'overview';
  const selectTab = (key: Key) => {
    const next = String(key);
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next === 'overview') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  };

  return (
    <div className={styles.layout}>
      <div className={styles.column}>
        <PatientCard patient={patient} today={today} />
        <UpcomingAppointmentsCard patient={patient} />
        <RecentActivityCard patient={patient} />
      </div>
      <Tabs selectedKey={tab} onSelectionChange={selectTab}>
        <TabList aria-label="Patient record">
          {patientTabs.map(({ id, label }) => (
            <Tab key={id} id={id}>
              {label}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="overview">
          <div className={styles.column}>
            <PatientOverview patient={patient} today={today} />
            {/* Its dates start from the practice's today, so it waits for the server's. */}
            {known && fromServer ? <SuperbillCard patientId={patient.id} today={today} /> : null}
            {known ? <RecordAccess patientId={patient.id} timeZone={timeZone} /> : null}
          </div>
        </TabPanel>
        <TabPanel id="health-record">
          <HealthRecord patient={patient} known={known} />
        </TabPanel>
        <TabPanel id="notes">
          <ClinicalNotes patient={patient} known={known} />
        </TabPanel>
        <TabPanel id="timeline">
          <PatientTimeline patient={patient} />
        </TabPanel>
      </Tabs>
    </div>
  );
}

function PatientDetailLoading() {
  return (
    <div className={styles.layout} role="status" aria-label="Loading patient record">
      <div className={styles.column}>
        <Card>
          <div className={styles.identity}>
            <Skeleton width="4rem" height="4rem" radius="999px" />
            <div className={styles.identityText}>
              <Skeleton height="1.5rem" width="70%" />
              <Skeleton height="1rem" width="50%" />
            </div>
          </div>
          <Skeleton height="1rem" width="80%" />
          <Skeleton height="1rem" width="60%" />
        </Card>
        <Card>
          <Skeleton height="1.25rem" width="60%" />
          <Skeleton height="3rem" />
        </Card>
        <Card>
          <Skeleton height="1.25rem" width="50%" />
          <Skeleton height="3rem" />
        </Card>
      </div>
      <div className={styles.loading}>
        <Skeleton height="2.5rem" />
        <Skeleton height="12rem" />
        <Skeleton height="10rem" />
      </div>
    </div>
  );
}
