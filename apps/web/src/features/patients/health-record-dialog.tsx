import { useMutation, useQueryClient } from '@tanstack/react-query';
import { allergySeverities, healthRecordSchema, type HealthRecordInput, type PatientDetail } from '@wellspring/domain';
import { useState } from 'react';
import { apiErrorMessage } from '../../lib/api-errors.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { fieldsetLegend, formActions } from '../../ui/form/form.css.ts';
import { Form, FormAlert } from '../../ui/form/form.tsx';
import { Select } from '../../ui/select/select.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import * as styles from './patient-form.css.ts';

type Row = Record<string, string>;
type ListSection = 'allergies' | 'medications' | 'medicalHistory' | 'familyHistory';
type Values = Record<ListSection, Row[]> & { lifestyle: Row };

interface SectionSpec {
  readonly key: ListSection;
  readonly title: string;
  /** What one item is called ("Allergy 2"). */
  readonly item: string;
  readonly add: string;
  readonly fields: readonly (readonly [field: string, label: string])[];
}

const sectionSpecs: readonly SectionSpec[] = [
  { key: 'allergies', title: 'Allergies & Intolerances', item: 'Allergy', add: 'Add allergy', fields: [['name', 'Allergy'], ['severity', 'Severity'], ['reaction', 'Reaction']] },
  {
    key: 'medications',
    title: 'Current Medications & Supplements',
    item: 'Medication',
    add: 'Add medication',
    fields: [['name', 'Name'], ['dosage', 'Dosage'], ['frequency', 'Frequency'], ['purpose', 'Purpose']],
  },
  {
    key: 'medicalHistory',
    title: 'Medical History',
    item: 'Condition',
    add: 'Add condition',
    fields: [['condition', 'Condition'], ['dateOnset', 'Onset'], ['status', 'Status'], ['treatment', 'Treatment']],
  },
  { key: 'familyHistory', title: 'Family History', item: 'Relative', add: 'Add relative', fields: [['relation', 'Relation'], ['condition', 'Condition'], ['age', 'Age of onset']] },
];

const lifestyleFields = [
  ['diet', 'Diet & Nutrition'],
  ['exercise', 'Exercise'],
  ['sleep', 'Sleep'],
  ['stress', 'Stress Management'],
  ['substances', 'Substances'],
  ['goals', 'Health goals'],
] as const;

const severityItems = allergySeverities.map((severity) => ({ id: severity, label: severity }));

const emptyRow = (spec: SectionSpec): Row => Object.fromEntries(spec.fields.map(([field]) => [field, field === 'severity' ? 'Mild' : '']));

const valuesOf = (patient: PatientDetail): Values => ({
  allergies: patient.allergies.map((item) => ({ ...item })),
  medications: patient.medications.map((item) => ({ ...item })),
  medicalHistory: patient.medicalHistory.map((item) => ({ ...item })),
  familyHistory: patient.familyHistory.map((item) => ({ ...item })),
  lifestyle: { diet: '', exercise: '', sleep: '', stress: '', substances: '', goals: '', ...patient.lifestyle },
});

/**
 * The health record's Edit (issue 26): the five sections of the record in one form — items added,
 * changed and removed, the lifestyle and the patient's health goals — checked by the domain's
 * schema (the message is shown by the field it names) and saved whole. A failed save keeps all of
 * it in the form.
 */
export function HealthRecordDialog({ patient, onClose }: { readonly patient: PatientDetail; readonly onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(patient));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation(trpc.patients.updateHealthRecord.mutationOptions());

  const setField = (section: ListSection, index: number, field: string, value: string) =>
    setValues((current) => ({ ...current, [section]: current[section].map((row, at) => (at === index ? { ...row, [field]: value } : row)) }));
  const addRow = (spec: SectionSpec) => setValues((current) => ({ ...current, [spec.key]: [...current[spec.key], emptyRow(spec)] }));
  const removeRow = (section: ListSection, index: number) => {
    setValues((current) => ({ ...current, [section]: current[section].filter((_, at) => at !== index) }));
    setErrors({});
  };

  const submit = () => {
    const checked = healthRecordSchema.safeParse(values as HealthRecordInput);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      // The first field named gets the focus, as in every other form.
      const first = Object.keys(found)[0];
      if (first) document.querySelector<HTMLElement>(`[data-field="${first}"] input, [data-field="${first}"] textarea, [data-field="${first}"] button`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(
      { id: patient.id, ...checked.data },
      {
        onSuccess: async (answer) => {
          notify.success({ title: answer.message });
          await queryClient.invalidateQueries(trpc.patients.pathFilter());
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      title="Edit health record"
      isOpen
      isDismissable={!save.isPending}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      <Form
        aria-label="Edit health record"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {sectionSpecs.map((spec) => (
          <fieldset key={spec.key} className={styles.group}>
            <legend className={fieldsetLegend}>{spec.title}</legend>
            {values[spec.key].map((row, index) => (
              <fieldset key={index} className={styles.item} aria-label={`${spec.item} ${index + 1}`}>
                <div className={styles.itemFields}>
                  {spec.fields.map(([field, label]) => {
                    const path = `${spec.key}.${index}.${field}`;
                    return field === 'severity' ? (
                      <div key={field} data-field={path}>
                        <Select
                          label={label}
                          items={severityItems}
                          selectedKey={row[field] ?? 'Mild'}
                          onSelectionChange={(key) => {
                            if (key !== null) setField(spec.key, index, field, String(key));
                          }}
                          errorMessage={errors[path]}
                        />
                      </div>
                    ) : (
                      <div key={field} data-field={path}>
                        <TextField label={label} autoComplete="off" value={row[field] ?? ''} onChange={(value) => setField(spec.key, index, field, value)} errorMessage={errors[path]} />
                      </div>
                    );
                  })}
                </div>
                <Button variant="ghost" size="sm" onPress={() => removeRow(spec.key, index)} aria-label={`Remove ${spec.item.toLowerCase()} ${index + 1}`}>
                  Remove
                </Button>
              </fieldset>
            ))}
            {errors[spec.key] ? <p className={styles.sectionError}>{errors[spec.key]}</p> : null}
            <Button variant="outline" size="sm" onPress={() => addRow(spec)} className={styles.addItem}>
              {spec.add}
            </Button>
          </fieldset>
        ))}
        <fieldset className={styles.group}>
          <legend className={fieldsetLegend}>Lifestyle &amp; Social History</legend>
          {lifestyleFields.map(([field, label]) => (
            <div key={field} data-field={`lifestyle.${field}`}>
              <TextField
                label={label}
                rows={2}
                value={values.lifestyle[field] ?? ''}
                onChange={(value) => setValues((current) => ({ ...current, lifestyle: { ...current.lifestyle, [field]: value } }))}
                errorMessage={errors[`lifestyle.${field}`]}
              />
            </div>
          ))}
        </fieldset>
        {save.isError ? <FormAlert>{apiErrorMessage(save.error) ?? 'The health record was not saved. Please try again.'}</FormAlert> : null}
        <div className={formActions}>
          <Button variant="outline" onPress={onClose} isDisabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" isPending={save.isPending}>
            Save health record
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
