import type { PatientDetail, PatientAppointment } from '@wellspring/domain';
import { AppointmentStatusBadges } from '../../lib/appointment-status.tsx';
import type { ReactNode } from 'react';
import { LinkButton } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { ageWithBirthDate, longDate } from './patient-dates.ts';
import * as styles from './patient-detail.css.ts';
import { PatientFormButton } from './patient-form-dialog.tsx';
import { PlusIcon } from './patient-icons.tsx';

const NOT_RECORDED = 'Not recorded';

/** Joins the parts that are there ("Jane Doe, Spouse, (503) 555-0100"), or "Not recorded". */
const joined = (...parts: string[]): string => parts.filter((part) => part.trim() !== '').join(', ') || NOT_RECORDED;

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.definition}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.description}>{children}</dd>
    </div>
  );
}

/** The Overview tab (docs/product.md#patient-detail): the Patient Overview card and the Visit History. */
export function PatientOverview({ patient, today }: { patient: PatientDetail; today: string }) {
  const { emergency, insurance } = patient;
  return (
    <div className={styles.column}>
      <Card as="section" aria-labelledby="overview-title">
        <div className={styles.cardHeader}>
          <h2 id="overview-title" className={styles.cardTitle}>
            Patient Overview
          </h2>
          <PatientFormButton patient={patient} variant="outline" size="sm" aria-label="Edit patient overview">
            Edit
          </PatientFormButton>
        </div>
        <dl className={styles.definitions}>
          <Field term="Date of Birth">{ageWithBirthDate(patient.dob, today) ?? NOT_RECORDED}</Field>
          <Field term="Address">{patient.address.trim() || NOT_RECORDED}</Field>
          <Field term="Emergency Contact">
            {emergency.name.trim() ? (
              <>
                {emergency.name}
                {emergency.relationship ? <span className={styles.muted}> ({emergency.relationship})</span> : null}
                {emergency.phone ? (
                  <>
                    <br />
                    {emergency.phone}
                  </>
                ) : null}
              </>
            ) : (
              joined(emergency.relationship, emergency.phone)
            )}
          </Field>
          <Field term="Insurance">
            {insurance.provider.trim() || insurance.policyNumber.trim() || insurance.group.trim() ? (
              <>
                {insurance.provider || NOT_RECORDED}
                <br />
                <span className={styles.muted}>Policy: {insurance.policyNumber || NOT_RECORDED}</span>
                <br />
                <span className={styles.muted}>Group: {insurance.group || NOT_RECORDED}</span>
              </>
            ) : (
              NOT_RECORDED
            )}
          </Field>
        </dl>
      </Card>
      <VisitHistory appointments={patient.appointments} />
    </div>
  );
}

function VisitHistory({ appointments }: { appointments: readonly PatientAppointment[] }) {
  return (
    <Card as="section" aria-labelledby="visits-title">
      <div className={styles.cardHeader}>
        <h2 id="visits-title" className={styles.cardTitle}>
          Visit History
        </h2>
        <LinkButton href="/dashboard/schedule" variant="outline" size="sm">
          <PlusIcon size={16} />
          New Visit
        </LinkButton>
      </div>
      {appointments.length === 0 ? (
        <p className={styles.emptyText}>No visits yet</p>
      ) : (
        <ul className={styles.list}>
          {appointments.map((visit) => (
            <li key={visit.id} className={styles.listItem}>
              <div className={styles.itemRow}>
                <span className={styles.itemTitle}>{visit.type}</span>
                <AppointmentStatusBadges status={visit.status} timing={visit.timing} />
              </div>
              <span className={`${styles.muted} ${styles.small}`}>
                {longDate(visit.date)} at {visit.time} · {visit.duration}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
