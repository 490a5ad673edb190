import { patientTimeline, type PatientDetail } from '@wellspring/domain';
import { longDate } from './patient-dates.ts';
import * as styles from './patient-detail.css.ts';

/** The Timeline tab (docs/product.md#patient-detail): appointments and notes merged, newest first. */
export function PatientTimeline({ patient }: { patient: PatientDetail }) {
  const items = patientTimeline(patient);
  return (
    <section aria-labelledby="timeline-title">
      <div className={styles.tabHeader}>
        <h2 id="timeline-title" className={styles.cardTitle}>
          Timeline
        </h2>
      </div>
      {items.length === 0 ? (
        <p className={styles.emptyText}>No activity yet</p>
      ) : (
        <ol className={styles.timeline}>
          {items.map((item) => (
            <li key={`${item.kind}-${item.id}`} className={styles.timelineItem}>
              <span className={item.kind === 'note' ? `${styles.timelineDot} ${styles.timelineDotNote}` : styles.timelineDot} aria-hidden="true" />
              <span className={styles.itemTitle}>
                <span className={styles.muted}>{item.kind === 'note' ? 'Note: ' : 'Appointment: '}</span>
                {item.title}
              </span>
              <span className={`${styles.muted} ${styles.small}`}>{item.kind === 'appointment' ? `${longDate(item.date)} at ${item.time}` : longDate(item.date)}</span>
              {item.kind === 'note' && item.assessment ? <p className={styles.soapText}>{item.assessment}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
