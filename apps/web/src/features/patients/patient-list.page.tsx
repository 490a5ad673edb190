import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PATIENT_PAGE_SIZE, patientMessages, patientStatusColor, patientStatusLabel } from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { apiErrorCode, apiFieldErrors } from '../../lib/api-errors.ts';
import { usePatientPaths } from '../../lib/patient-paths.tsx';
import { useAddressSearch } from '../../lib/use-address-search.ts';
import { PatientFormButton } from './patient-form-dialog.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Badge } from '../../ui/badge/badge.tsx';
import { Button, LinkButton } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { FormAlert } from '../../ui/form/form.tsx';
import { FilterIcon } from '../../ui/icons/icons.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import { Cell, Column, Row, ShownBelow, Table, TableBody, TableHeader } from '../../ui/table/table.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import { PlusIcon } from './patient-icons.tsx';
import * as styles from './patient-list.css.ts';
import { Pager } from '../../ui/pager/pager.tsx';
import { PageHeader } from '../../ui/page-header/page-header.tsx';

type PatientPage = RouterOutputs['patients']['list'];

/**
 * `/dashboard/patients` (docs/product.md#patients), inside the signed-in shell; the provider
 * portal shows it at `/provider-portal/patients` (lib/patient-paths keeps its links there).
 */
export function PatientListPage() {
  const trpc = useTRPC();
  const search = useAddressSearch();
  const list = useQuery({
    ...trpc.patients.list.queryOptions({ query: search.query, page: search.page, pageSize: PATIENT_PAGE_SIZE, ...(search.cursor ? { cursor: search.cursor } : {}) }),
    // While the next search or page loads, the last answer stays on screen (no flash of a skeleton).
    placeholderData: keepPreviousData,
  });
  const searchError = list.isError && apiErrorCode(list.error) === 'BAD_REQUEST' ? (apiFieldErrors(list.error).query ?? 'Please check the search text.') : undefined;

  return (
    <div className={styles.page}>
      <PageHeader
        title="Patient Records"
        description="Find a patient by name, email or phone and open their record."
        actions={
          <PatientFormButton>
            <PlusIcon size={18} />
            Add New Patient
          </PatientFormButton>
        }
      />

      <div className={styles.toolbar} role="search">
        <TextField
          className={styles.search}
          label={<span className={visuallyHidden}>Search patients</span>}
          type="search"
          placeholder={patientMessages.searchPlaceholder}
          value={search.text}
          onChange={search.type}
          maxLength={200}
          errorMessage={searchError}
        />
        {/* docs/product.md#patients: the Filters button does nothing yet. */}
        <Button variant="outline">
          <FilterIcon size={18} />
          Filters
        </Button>
      </div>

      {list.isPending ? (
        <PatientListLoading />
      ) : list.isError && !list.data ? (
        searchError ? null : (
          <Card>
            <FormAlert>We could not load your patients. Please check your connection and try again.</FormAlert>
            <Button variant="outline" onPress={() => void list.refetch()}>
              Try again
            </Button>
          </Card>
        )
      ) : (
        <PatientTable answer={list.data} stale={list.isPlaceholderData} onPage={(target) => search.goToPage(target, list.data)} />
      )}
    </div>
  );
}

function PatientTable({ answer, stale, onPage }: { answer: PatientPage | undefined; stale: boolean; onPage: (page: number) => void }) {
  const paths = usePatientPaths();
  const items = answer?.items ?? [];
  const total = answer?.total ?? 0;
  const page = answer?.page ?? 1;
  const pageSize = answer?.pageSize ?? PATIENT_PAGE_SIZE;

  return (
    <>
      <div className={stale ? styles.stale : undefined} aria-busy={stale || undefined}>
        <Table aria-label="Patients">
          <TableHeader>
            <Column isRowHeader>Name</Column>
            <Column hideBelow="md">Contact</Column>
            <Column hideBelow="lg">Last Visit</Column>
            <Column hideBelow="lg">Next Appointment</Column>
            <Column>Status</Column>
            <Column>Actions</Column>
          </TableHeader>
          <TableBody items={items} emptyState={total === 0 ? patientMessages.noPatients : 'This page is past the end of the list.'}>
            {(patient) => (
              <Row id={patient.id} href={paths.patient(patient.id)} textValue={patient.name}>
                <Cell>
                  <span className={styles.name}>
                    <span className={styles.strong}>{patient.name}</span>
                    {patient.email ? (
                      <ShownBelow breakpoint="md">
                        <span className={styles.secondary}>{patient.email}</span>
                      </ShownBelow>
                    ) : null}
                  </span>
                </Cell>
                <Cell hideBelow="md">
                  <span className={styles.name}>
                    <span>{patient.email}</span>
                    <span className={styles.secondary}>{patient.phone}</span>
                  </span>
                </Cell>
                <Cell hideBelow="lg">{patient.lastVisit}</Cell>
                <Cell hideBelow="lg">{patient.nextAppointment}</Cell>
                <Cell>
                  <Badge color={patientStatusColor(patient.status)}>{patientStatusLabel(patient.status)}</Badge>
                </Cell>
                <Cell>
                  <LinkButton href={paths.patient(patient.id)} variant="outline" size="sm" aria-label={`View ${patient.name}`}>
                    View
                  </LinkButton>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      </div>
      <Pager label="Patient list pages" page={page} pageSize={pageSize} total={total} shown={items.length} noun={['patient', 'patients']} onPage={onPage} />
    </>
  );
}

function PatientListLoading() {
  return (
    <Card padding="md" role="status" aria-label="Loading patients">
      <div className={styles.loading}>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height="2.5rem" />
        ))}
      </div>
    </Card>
  );
}
