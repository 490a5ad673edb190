import { useInfiniteQuery } from '@tanstack/react-query';
import { formatLongDateTime } from '@wellspring/domain';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc.ts';
import { Button } from '../../ui/button/button.tsx';
import { Disclosure } from '../../ui/disclosure/disclosure.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import * as styles from './patient-detail.css.ts';

/** What was done, as a person says it: one label for every action the audit trail records. */
const accessActionLabels: Readonly<Record<string, string>> = {
  read: 'Viewed',
  list: 'Listed',
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  sign: 'Signed',
  amend: 'Amended',
  export: 'Exported',
};

/** What it was done to, within this patient's record. */
const accessRecordLabels: Readonly<Record<string, string>> = {
  patient: 'the record',
  patient_list: 'the patient list',
  appointment: 'the appointment',
  appointment_list: 'the appointments',
  clinical_note: 'the clinical note',
  clinical_note_list: 'the clinical notes',
  payment: 'the payment',
  payment_list: 'the payments',
};

const actionLabel = (action: string): string => accessActionLabels[action] ?? action.replaceAll('_', ' ');
const recordLabel = (recordType: string): string => accessRecordLabels[recordType] ?? `the ${recordType.replaceAll('_', ' ')}`;

/**
 * The patient's access log (issue 13 §7): who viewed, created, signed, amended or exported what in
 * this record, and when (in the practice's zone), newest first, 20 at a time with "Load more".
 * Closed at first and read only when opened: reading it is not itself a look at the record.
 */
export function RecordAccess({ patientId, timeZone }: { patientId: string; timeZone: string }) {
  const [open, setOpen] = useState(false);
  const trpc = useTRPC();
  const trail = useInfiniteQuery({
    ...trpc.patients.auditTrail.infiniteQueryOptions({ id: patientId }, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
    enabled: open,
  });
  const entries = trail.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Disclosure title="Access log" level={2} isExpanded={open} onExpandedChange={setOpen}>
      {trail.isPending ? (
        <div className={styles.loading} role="status" aria-label="Loading the access log">
          <Skeleton height="1rem" />
          <Skeleton height="1rem" width="80%" />
        </div>
      ) : trail.isError && entries.length === 0 ? (
        <p className={styles.emptyText}>The access log could not be loaded.</p>
      ) : entries.length === 0 ? (
        <p className={styles.emptyText}>No access recorded yet</p>
      ) : (
        <div className={styles.sections}>
          <ol className={styles.list} aria-label="Access log entries, newest first">
            {entries.map((entry) => (
              <li key={entry.id} className={styles.small}>
                <span className={styles.itemTitle}>{entry.actorName ?? 'A removed account'}</span> {actionLabel(entry.action).toLowerCase()} {recordLabel(entry.recordType)}
                <span className={styles.muted}>
                  {' · '}
                  <time dateTime={new Date(entry.occurredAt).toISOString()}>{formatLongDateTime(entry.occurredAt, timeZone)}</time>
                </span>
              </li>
            ))}
          </ol>
          {trail.isFetchNextPageError ? <p className={styles.emptyText}>More entries could not be loaded.</p> : null}
          {trail.hasNextPage ? (
            <Button variant="outline" size="sm" className={styles.back} isPending={trail.isFetchingNextPage} onPress={() => void trail.fetchNextPage()}>
              Load more
            </Button>
          ) : null}
        </div>
      )}
    </Disclosure>
  );
}
