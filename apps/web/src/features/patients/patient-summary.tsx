import { patientMessages, RECENT_ACTIVITY_NOTES, upcomingAppointments, type PatientDetail } from '@wellspring/domain';
import { useState } from 'react';
import { Avatar } from '../../ui/avatar/avatar.tsx';
import { Badge } from '../../ui/badge/badge.tsx';
import { Button, LinkButton } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { CalendarIcon, MailIcon } from '../../ui/icons/icons.tsx';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import { PhoneIcon } from './patient-icons.tsx';
import { ageWithBirthDate, longDate, monthDay } from './patient-dates.ts';
import { PatientFormButton } from './patient-form-dialog.tsx';
import * as styles from './patient-detail.css.ts';

/** docs/product.md#patient-detail: the first 3 conditions show, then "+N more". */
const VISIBLE_CONDITIONS = 3;

/** The patient card (docs/product.md#patient-detail): name, age with date of birth, edit, e-mail, phone, condition badges. */
export function PatientCard({ patient, today }: { patient: PatientDetail; today: string }) {
  const age = ageWithBirthDate(patient.dob, today);
  return (
    <Card as="section" aria-labelledby="patient-name">
      <div className={styles.identity}>
        <Avatar name={patient.name} size="lg" />
        <div className={styles.identityText}>
          <h2 id="patient-name" className={styles.patientName}>
            {patient.name}
          </h2>
          {age ? <p className={styles.muted}>{age}</p> : null}
        </div>
        <PatientFormButton patient={patient} variant="outline" size="sm" aria-label="Edit patient info">
          Edit
        </PatientFormButton>
      </div>
      {patient.email || patient.phone ? (
        <dl className={styles.contactList}>
          {patient.email ? (
            <div className={styles.contactRow}>
              <MailIcon size={16} />
              <dt className={visuallyHidden}>Email</dt>
              <dd className={styles.description}>{patient.email}</dd>
            </div>
          ) : null}
          {patient.phone ? (
            <div className={styles.contactRow}>
              <PhoneIcon size={16} />
              <dt className={visuallyHidden}>Phone</dt>
              <dd className={styles.description}>{patient.phone}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <Conditions conditions={patient.conditions} />
    </Card>
  );
}

function Conditions({ conditions }: { conditions: readonly string[] }) {
  const [expanded, setExpanded] = useState(false);
  if (conditions.length === 0) return null;
  const hidden = conditions.length - VISIBLE_CONDITIONS;
  const shown = expanded ? conditions : conditions.slice(0, VISIBLE_CONDITIONS);
  return (
    <div className={styles.badges}>
      <ul className={styles.badges} aria-label="Conditions">
        {shown.map((condition, index) => (
          <li key={`${index}-${condition}`}>
            <Badge tone="neutral">{condition}</Badge>
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <Button variant="link" size="inline" aria-expanded={expanded} onPress={() => setExpanded((value) => !value)}>
          {expanded ? 'Show less' : `+${hidden} more`}
        </Button>
      ) : null}
    </div>
  );
}

/** Upcoming Appointments (docs/product.md#patient-detail): "Month day at time", type and duration, soonest first. */
export function UpcomingAppointmentsCard({ patient }: { patient: PatientDetail }) {
  // The record lists appointments newest first; the card reads soonest first.
  const upcoming = [...upcomingAppointments(patient)].reverse();
  return (
    <Card as="section" aria-labelledby="upcoming-title">
      <h2 id="upcoming-title" className={styles.cardTitle}>
        Upcoming Appointments
      </h2>
      {upcoming.length === 0 ? (
        <>
          <p className={styles.emptyText}>{patientMessages.noUpcoming}</p>
          <LinkButton href="/dashboard/schedule" variant="outline" size="sm" className={styles.back}>
            <CalendarIcon size={16} />
            Schedule
          </LinkButton>
        </>
      ) : (
        <ul className={styles.list}>
          {upcoming.map((appointment) => (
            <li key={appointment.id} className={styles.listItem}>
              <span className={styles.itemTitle}>
                {monthDay(appointment.date)} at {appointment.time}
              </span>
              <span className={`${styles.muted} ${styles.small}`}>
                {appointment.type} · {appointment.duration}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Recent Activity (docs/product.md#patient-detail): the 2 newest notes, title and date. */
export function RecentActivityCard({ patient }: { patient: PatientDetail }) {
  const recent = patient.notes.slice(0, RECENT_ACTIVITY_NOTES);
  return (
    <Card as="section" aria-labelledby="recent-activity-title">
      <h2 id="recent-activity-title" className={styles.cardTitle}>
        Recent Activity
      </h2>
      {recent.length === 0 ? (
        <p className={styles.emptyText}>{patientMessages.noRecentActivity}</p>
      ) : (
        <ul className={styles.list}>
          {recent.map((note) => (
            <li key={note.id} className={styles.listItem}>
              <span className={styles.itemTitle}>{note.title}</span>
              <span className={`${styles.muted} ${styles.small}`}>{longDate(note.date)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
