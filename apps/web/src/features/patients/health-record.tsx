import { patientMessages, type AllergySeverity, type BadgeColor, type PatientDetail } from '@wellspring/domain';
import { useState, type ReactNode } from 'react';
import { Badge } from '../../ui/badge/badge.tsx';
import { Button } from '../../ui/button/button.tsx';
import { Disclosure } from '../../ui/disclosure/disclosure.tsx';
import { HealthRecordDialog } from './health-record-dialog.tsx';
import * as styles from './patient-detail.css.ts';

const severityColors: Record<AllergySeverity, BadgeColor> = { Mild: 'green', Moderate: 'yellow', Severe: 'red' };

const NO_LIFESTYLE = 'No lifestyle information recorded';

function Items<T>({ items, empty, render }: { items: readonly T[]; empty: string; render: (item: T) => ReactNode }) {
  if (items.length === 0) return <p className={styles.emptyText}>{empty}</p>;
  return (
    <ul className={styles.list}>
      {items.map((item, index) => (
        <li key={index} className={styles.listItem}>
          {render(item)}
        </li>
      ))}
    </ul>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <span className={styles.small}>
      <span className={styles.muted}>{term}: </span>
      {children}
    </span>
  );
}

/**
 * The Health Record tab (docs/product.md#health-record): five collapsible sections, allergies, medications and medical
 * history open at first, family history and lifestyle closed. Its Edit opens the record's editor
 * (issue 26); an unknown patient (`known` false) has nothing to edit.
 */
export function HealthRecord({ patient, known = true }: { patient: PatientDetail; known?: boolean }) {
  const { lifestyle } = patient;
  const [editing, setEditing] = useState(false);
  return (
    <section aria-labelledby="health-record-title">
      <div className={styles.tabHeader}>
        <h2 id="health-record-title" className={styles.cardTitle}>
          Health Record
        </h2>
        <Button variant="outline" size="sm" aria-label="Edit health record" isDisabled={!known} onPress={() => setEditing(true)}>
          Edit
        </Button>
      </div>
      <div className={styles.sections}>
        <Disclosure title="Allergies & Intolerances" defaultExpanded>
          <Items
            items={patient.allergies}
            empty={patientMessages.noAllergies}
            render={(allergy) => (
              <>
                <div className={styles.itemRow}>
                  <span className={styles.itemTitle}>{allergy.name}</span>
                  <Badge color={severityColors[allergy.severity]}>{allergy.severity}</Badge>
                </div>
                <Detail term="Reaction">{allergy.reaction}</Detail>
              </>
            )}
          />
        </Disclosure>
        <Disclosure title="Current Medications & Supplements" defaultExpanded>
          <Items
            items={patient.medications}
            empty={patientMessages.noMedications}
            render={(medication) => (
              <>
                <span className={styles.itemTitle}>{medication.name}</span>
                <Detail term="Dosage">{medication.dosage}</Detail>
                <Detail term="Frequency">{medication.frequency}</Detail>
                <Detail term="Purpose">{medication.purpose}</Detail>
              </>
            )}
          />
        </Disclosure>
        <Disclosure title="Medical History" defaultExpanded>
          <Items
            items={patient.medicalHistory}
            empty={patientMessages.noMedicalHistory}
            render={(item) => (
              <>
                <div className={styles.itemRow}>
                  <span className={styles.itemTitle}>{item.condition}</span>
                  <Badge tone="outline">{item.status}</Badge>
                </div>
                <Detail term="Onset">{item.dateOnset}</Detail>
                <Detail term="Treatment">{item.treatment}</Detail>
              </>
            )}
          />
        </Disclosure>
        <Disclosure title="Family History">
          <Items
            items={patient.familyHistory}
            empty={patientMessages.noFamilyHistory}
            render={(item) => (
              <>
                <span className={styles.itemTitle}>{item.relation}</span>
                <Detail term="Condition">{item.condition}</Detail>
                <Detail term="Age of onset">{item.age}</Detail>
              </>
            )}
          />
        </Disclosure>
        <Disclosure title="Lifestyle & Social History">
          {lifestyle ? (
            <dl className={styles.definitions}>
              <LifestyleField term="Diet & Nutrition" value={lifestyle.diet} />
              <LifestyleField term="Exercise" value={lifestyle.exercise} />
              <LifestyleField term="Sleep" value={lifestyle.sleep} />
              <LifestyleField term="Stress Management" value={lifestyle.stress} />
              <LifestyleField term="Substances" value={lifestyle.substances} />
              {lifestyle.goals ? <LifestyleField term="Health goals" value={lifestyle.goals} /> : null}
            </dl>
          ) : (
            <p className={styles.emptyText}>{NO_LIFESTYLE}</p>
          )}
        </Disclosure>
      </div>
      {editing ? <HealthRecordDialog patient={patient} onClose={() => setEditing(false)} /> : null}
    </section>
  );
}

function LifestyleField({ term, value }: { term: string; value: string }) {
  return (
    <div className={styles.definition}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.description}>{value || 'Not recorded'}</dd>
    </div>
  );
}
