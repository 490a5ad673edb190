import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { commonMessages, appointmentMessages, appointmentTypeLabel, formatLongDate, PORTAL_PAGE_SIZE, type AppointmentStatus } from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { useEffect, useState } from 'react';
import { usePageParam } from '../../../lib/use-page-param.ts';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { AppointmentStatusBadges } from '../../../lib/appointment-status.tsx';
import { notify } from '../../../lib/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { Button } from '../../../ui/button/button.tsx';
import { NewAppointmentButton } from '../new-appointment-button.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { ConfirmDialog } from '../../../ui/dialog/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state/empty-state.tsx';
import { FormAlert } from '../../../ui/form/form.tsx';
import { CalendarIcon } from '../../../ui/icons/icons.tsx';
import { Skeleton } from '../../../ui/skeleton/skeleton.tsx';
import { Cell, Column, Row, ShownBelow, Table, TableBody, TableHeader } from '../../../ui/table/table.tsx';
import { useRefreshAppointmentViews } from '../../../lib/appointment-views.ts';
import { AppointmentRowMenu, type RowMenuAction } from './appointment-row-menu.tsx';
import * as styles from './appointments.css.ts';
import { VisitCodesDialog } from './visit-codes-dialog.tsx';
import { Pager } from '../../../ui/pager/pager.tsx';
import { PageHeader } from '../../../ui/page-header/page-header.tsx';

type AppointmentPage = RouterOutputs['appointments']['list'];
type AppointmentRow = AppointmentPage['items'][number];
type Transition = Exclude<RowMenuAction, 'reschedule' | 'delete' | 'codes'>;

const APPOINTMENTS_LOAD_FAILED = 'Failed to load appointments. Please try again.';
const DELETE_CONFIRM_TITLE = 'Delete this appointment?';
const NOT_UPDATED = 'Appointment not updated';
const NOT_DELETED = 'Appointment not deleted';

/** docs/product.md#portal-appointments: "Appointment dates shown as long date with time" — "June 5, 2025 at 2:30 PM", in the practice's zone. */
const appointmentDateTime = (row: Pick<AppointmentRow, 'date' | 'time'>): string => `${formatLongDate(row.date, 'UTC')} at ${row.time}`;

/**
 * The row menu's changes: one verb per transition of the appointment machine, and Delete. Each shows
 * the spec's toast, or the server's refusal (the machine's message: a stale page, a second tab, an
 * appointment with clinical notes or payments), and the table answers again either way.
 */
function useAppointmentChanges() {
  const trpc = useTRPC();
  const refresh = useRefreshAppointmentViews();
  const settle = { onSettled: () => refresh() };
  const refused = (title: string) => (error: unknown) => notify.error({ title, description: apiErrorMessage(error) ?? commonMessages.tryAgainLater });
  const statusUpdated = ({ status }: { status: AppointmentStatus | 'deleted' }) => {
    if (status !== 'deleted') notify.success({ title: appointmentMessages.statusUpdated(status) });
  };
  const transitions = {
    confirm: useMutation(trpc.appointments.confirm.mutationOptions({ ...settle, onSuccess: statusUpdated, onError: refused(NOT_UPDATED) })),
    complete: useMutation(trpc.appointments.complete.mutationOptions({ ...settle, onSuccess: statusUpdated, onError: refused(NOT_UPDATED) })),
    cancel: useMutation(trpc.appointments.cancel.mutationOptions({ ...settle, onSuccess: statusUpdated, onError: refused(NOT_UPDATED) })),
  } satisfies Record<Transition, unknown>;
  const remove = useMutation(
    trpc.appointments.delete.mutationOptions({ ...settle, onSuccess: () => notify.success({ title: appointmentMessages.deleted }), onError: refused(NOT_DELETED) }),
  );
  const pending = [...Object.values(transitions), remove].filter((mutation) => mutation.isPending).map((mutation) => mutation.variables?.id);
  return {
    transition: (action: Transition, id: string) => transitions[action].mutate({ id }),
    remove: (id: string) => remove.mutate({ id }),
    isPending: (id: string) => pending.includes(id),
  };
}

/** `/provider-portal/appointments` (docs/product.md#portal-appointments): the practice's appointments, newest first, a page at a time. */
export function AppointmentsPage() {
  const trpc = useTRPC();
  const { page, cursor, goToPage } = usePageParam();
  const list = useQuery({ ...trpc.appointments.list.queryOptions({ page, pageSize: PORTAL_PAGE_SIZE, ...(cursor ? { cursor } : {}) }), placeholderData: keepPreviousData });
  const changes = useAppointmentChanges();
  const [deleting, setDeleting] = useState<AppointmentRow | null>(null);
  const [coding, setCoding] = useState<AppointmentRow | null>(null);

  // A page past the end (the last row of the last page deleted, an old link): the last page instead.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : page;
  const pastTheEnd = !list.isPlaceholderData && list.data !== undefined && list.data.items.length === 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) goToPage(lastPage, undefined, { replace: true });
  });

  return (
    <div className={styles.page}>
      <PageHeader
        title="Appointments"
        description="Every appointment of your practice, newest first."
        actions={<NewAppointmentButton />}
      />

      {list.isPending ? (
        <Card padding="md" role="status">
          <p className={styles.muted}>{appointmentMessages.listLoading}</p>
          <div className={styles.loading} aria-hidden="true">
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} height="2.5rem" />
            ))}
          </div>
        </Card>
      ) : list.isError && !list.data ? (
        <Card padding="md">
          <FormAlert>{APPOINTMENTS_LOAD_FAILED}</FormAlert>
          <Button variant="outline" onPress={() => void list.refetch()}>
            Try again
          </Button>
        </Card>
      ) : list.data.total === 0 ? (
        <Card>
          <EmptyState icon={<CalendarIcon />} level={2} title={appointmentMessages.empty.title} description={appointmentMessages.empty.description} />
        </Card>
      ) : (
        <AppointmentTable
          answer={list.data}
          stale={list.isPlaceholderData}
          onPage={(target) => goToPage(target, list.data)}
          isPending={changes.isPending}
          onAction={(action, row) => {
            if (action === 'delete') setDeleting(row);
            else if (action === 'codes') setCoding(row);
            else changes.transition(action, row.id);
          }}
        />
      )}

      {coding ? <VisitCodesDialog appointmentId={coding.id} visitLabel={`${coding.patientName}, ${appointmentDateTime(coding)}`} onClose={() => setCoding(null)} /> : null}

      <ConfirmDialog
        title={DELETE_CONFIRM_TITLE}
        isOpen={deleting !== null}
        cancelLabel="Keep it"
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) changes.remove(deleting.id);
          setDeleting(null);
        }}
      >
        {deleting ? (
          <>
            {deleting.patientName}’s appointment on {appointmentDateTime(deleting)} will be removed for good. An appointment with clinical notes or payments cannot be
            deleted; cancel it instead.
          </>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

interface AppointmentTableProps {
  readonly answer: AppointmentPage;
  readonly stale: boolean;
  readonly onPage: (page: number) => void;
  readonly isPending: (id: string) => boolean;
  readonly onAction: (action: Exclude<RowMenuAction, 'reschedule'>, row: AppointmentRow) => void;
}

function AppointmentTable({ answer, stale, onPage, isPending, onAction }: AppointmentTableProps) {
  const { items, total, page, pageSize } = answer;

  return (
    <>
      <div className={stale ? styles.stale : undefined} aria-busy={stale || undefined}>
        <Table aria-label="Appointments">
          <TableHeader>
            <Column isRowHeader>Patient</Column>
            <Column hideBelow="md">Type</Column>
            <Column>Date &amp; Time</Column>
            <Column hideBelow="lg">Duration (min)</Column>
            <Column hideBelow="sm">Status</Column>
            <Column>
              <span className={styles.nowrap}>Actions</span>
            </Column>
          </TableHeader>
          <TableBody items={items} emptyState="This page is past the end of the list.">
            {(row) => {
              const when = appointmentDateTime(row);
              const status = <AppointmentStatusBadges status={row.status} timing={row.timing} />;
              return (
                <Row id={row.id} textValue={`${row.patientName}, ${when}`}>
                  <Cell>
                    <span className={styles.stack}>
                      <span className={styles.strong}>{row.patientName}</span>
                      <span className={styles.secondary}>{row.patientEmail}</span>
                    </span>
                  </Cell>
                  <Cell hideBelow="md">{appointmentTypeLabel(row.type)}</Cell>
                  <Cell>
                    <span className={styles.stack}>
                      <span>{when}</span>
                      <ShownBelow breakpoint="md">
                        <span className={styles.secondary}>
                          {appointmentTypeLabel(row.type)} · {row.durationMinutes} min
                        </span>
                      </ShownBelow>
                      {/* On a phone the status sits under the date, so the row's menu stays on screen. */}
                      <ShownBelow breakpoint="sm">
                        <span className={styles.badgeBelow}>{status}</span>
                      </ShownBelow>
                    </span>
                  </Cell>
                  <Cell hideBelow="lg">{row.durationMinutes}</Cell>
                  <Cell hideBelow="sm">{status}</Cell>
                  <Cell>
                    <AppointmentRowMenu
                      appointmentId={row.id}
                      status={row.status}
                      label={`Actions for ${row.patientName}, ${when}`}
                      isDisabled={isPending(row.id)}
                      onAction={(action) => onAction(action, row)}
                    />
                  </Cell>
                </Row>
              );
            }}
          </TableBody>
        </Table>
      </div>
      <Pager label="Appointment list pages" page={page} pageSize={pageSize} total={total} shown={items.length} noun={['appointment', 'appointments']} onPage={onPage} />
    </>
  );
}
