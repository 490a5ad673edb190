import { useQuery } from '@tanstack/react-query';
import { formatLongDateTime } from '@wellspring/domain';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc.ts';
import { Disclosure } from '../../ui/disclosure/disclosure.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import * as styles from './patient-detail.css.ts';

const actionLabels: Record<string, string> = { read: 'Viewed', list: 'Listed', create: 'Created', update: 'Updated', delete: 'Deleted' };
const recordLabels: Record<string, string> = { patient: 'record', appointment: 'appointment', clinical_note: 'clinical note' };

/**
 * Who opened or changed this patient's records (the practice's audit trail), newest first. Closed
 * at first and read only when opened: reading it is not itself a look at the record.
 */
export function RecordAccess({ patientId, timeZone }: { patientId: string; timeZone: string }) {
  const [open, setOpen] = useState(false);
  const trpc = useTRPC();
  const trail = useQuery({ ...trpc.patients.auditTrail.queryOptions({ id: patientId }), enabled: open });
  return (
    <Disclosure title="Record access" level={2} isExpanded={open} onExpandedChange={setOpen}>
      {trail.isPending ? (
        <div className={styles.loading} role="status" aria-label="Loading record access">
          <Skeleton height="1rem" />
          <Skeleton height="1rem" width="80%" />
        </div>
      ) : trail.isError ? (
        <p className={styles.emptyText}>The record access list could not be loaded.</p>
      ) : trail.data.entries.length === 0 ? (
        <p className={styles.emptyText}>No access recorded yet</p>
      ) : (
        <ul className={styles.list}>
          {trail.data.entries.map((entry) => (
            <li key={entry.id} className={styles.small}>
              <span className={styles.itemTitle}>{entry.actorName ?? 'A removed account'}</span>{' '}
              {(actionLabels[entry.action] ?? entry.action).toLowerCase()} the {recordLabels[entry.recordType] ?? entry.recordType.replaceAll('_', ' ')}
              <span className={styles.muted}> · {formatLongDateTime(entry.occurredAt, timeZone)}</span>
            </li>
          ))}
        </ul>
      )}
    </Disclosure>
  );
}
