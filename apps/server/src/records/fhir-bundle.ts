/**
 * The patient's copy of their record as a FHIR R4 `Bundle` of type `collection` (issue 26; HIPAA
 * §164.524 right of access): the Patient; the practice (Organization) and practitioner
 * (Practitioner) who keep it; an Appointment per visit; an Encounter per completed visit, coded with
 * its CPT (type) and ICD-10-CM (reasonCode) codes; a Composition per signed note (its SOAP sections
 * and addenda as sections); a Condition per listed condition; a Coverage for the insurance; an
 * AllergyIntolerance and a MedicationStatement per entry of the health record. Drafts are not part
 * of the record yet and are left out.
 *
 * Every resource's id is a name-based UUID of its kind and the record's own id, so an export made
 * twice names the same resources alike, and entries reference each other by `urn:uuid:` full URLs
 * inside the bundle. The record's own ids travel as identifiers.
 */
import { createHash } from 'node:crypto';
import type {
  AllergyIntolerance,
  Appointment,
  Bundle,
  BundleEntry,
  CodeableConcept,
  Composition,
  CompositionSection,
  Condition,
  Coverage,
  Encounter,
  FhirResource,
  Identifier,
  MedicationStatement,
  Organization,
  Patient,
  Practitioner,
  Reference,
} from 'fhir/r4';
import { appointmentModeLabel, appointmentTypeLabel, ehrRecordTypeLabel } from '@wellspring/domain';
import type { ExportNote, ExportRecord, ExportVisit, PracticeHeader } from '../practice/record-export.repository.ts';

const FHIR_SYSTEMS = {
  cpt: 'http://www.ama-assn.org/go/cpt',
  icd10cm: 'http://hl7.org/fhir/sid/icd-10-cm',
  npi: 'http://hl7.org/fhir/sid/us-npi',
  ein: 'urn:oid:2.16.840.1.113883.4.4',
  loinc: 'http://loinc.org',
  actCode: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
  conditionCategory: 'http://terminology.hl7.org/CodeSystem/condition-category',
  coverageClass: 'http://terminology.hl7.org/CodeSystem/coverage-class',
  wellspring: (kind: string) => `urn:wellspring:${kind}`,
} as const;

/** A UUID (version 5 layout) named by `kind` and `id`: the same pair always gives the same one. */
function nameUuid(kind: string, id: string): string {
  const hex = createHash('sha1').update(`${kind}:${id}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** The Wellspring record's own id, as an identifier of the resource made from it. */
const identifierOf = (kind: string, id: string): Identifier[] => [{ system: FHIR_SYSTEMS.wellspring(kind), value: id }];
const text = (value: string): CodeableConcept => ({ text: value });

/** The `div` of a narrative: the text escaped, its lines kept. */
function xhtml(lines: readonly string[]): string {
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<div xmlns="http://www.w3.org/1999/xhtml">${lines.map((line) => `<p>${escape(line).replace(/\r?\n/g, '<br/>')}</p>`).join('')}</div>`;
}

const APPOINTMENT_STATUS: Record<string, Appointment['status']> = { scheduled: 'pending', confirmed: 'booked', completed: 'fulfilled', cancelled: 'cancelled' };

/** LOINC document types of the note types (SOAP and progress notes are progress notes). */
const NOTE_TYPE: Record<string, { code: string; display: string }> = {
  soap: { code: '11506-3', display: 'Progress note' },
  progress: { code: '11506-3', display: 'Progress note' },
  initial: { code: '11488-4', display: 'Consult note' },
  discharge: { code: '18842-5', display: 'Discharge summary' },
};

const endOf = (visit: ExportVisit): string => new Date(visit.startsAt.getTime() + visit.durationMinutes * 60_000).toISOString();

export function buildRecordBundle(practice: PracticeHeader & { readonly practiceId: string }, record: ExportRecord, exportedAt: Date): Bundle {
  const { patient } = record;
  const entries: BundleEntry<FhirResource>[] = [];
  const add = <R extends FhirResource>(kind: string, sourceId: string, resource: Omit<R, 'id'>): Reference => {
    const id = nameUuid(kind, sourceId);
    entries.push({ fullUrl: `urn:uuid:${id}`, resource: { ...resource, id } as R });
    return { reference: `urn:uuid:${id}` };
  };

  const subject = {
    ...add<Patient>('patient', patient.id, {
      resourceType: 'Patient',
      identifier: identifierOf('patient', patient.id),
      active: patient.status !== 'inactive',
      name: [{ text: patient.name }],
      ...(patient.email || patient.phone
        ? {
            telecom: [
              ...(patient.phone ? [{ system: 'phone' as const, value: patient.phone }] : []),
              ...(patient.email ? [{ system: 'email' as const, value: patient.email }] : []),
            ],
          }
        : {}),
      ...(patient.dob ? { birthDate: patient.dob } : {}),
      ...(patient.address.trim() ? { address: [{ text: patient.address.trim() }] } : {}),
      ...(patient.emergency.name.trim()
        ? {
            contact: [
              {
                name: { text: patient.emergency.name },
                ...(patient.emergency.relationship ? { relationship: [text(patient.emergency.relationship)] } : {}),
                ...(patient.emergency.phone ? { telecom: [{ system: 'phone' as const, value: patient.emergency.phone }] } : {}),
              },
            ],
          }
        : {}),
    }),
    display: patient.name,
  };
  const organization = {
    ...add<Organization>('practice', practice.practiceId, {
      resourceType: 'Organization',
      name: practice.name,
      ...(practice.taxId ? { identifier: [{ system: FHIR_SYSTEMS.ein, value: practice.taxId }] } : {}),
      ...(practice.address ? { address: [{ text: practice.address }] } : {}),
    }),
    display: practice.name,
  };
  const practitioner = {
    ...add<Practitioner>('practitioner', practice.practiceId, {
      resourceType: 'Practitioner',
      name: [{ text: practice.practitionerName }],
      ...(practice.npi ? { identifier: [{ system: FHIR_SYSTEMS.npi, value: practice.npi }] } : {}),
    }),
    display: practice.practitionerName,
  };

  const encounters = new Map<string, Reference>();
  for (const visit of record.visits) {
    const kind = `${appointmentTypeLabel(visit.type)}, ${appointmentModeLabel(visit.mode)}`;
    const appointment = add<Appointment>('appointment', visit.id, {
      resourceType: 'Appointment',
      identifier: identifierOf('appointment', visit.id),
      status: APPOINTMENT_STATUS[visit.status] ?? 'booked',
      serviceType: [text(appointmentTypeLabel(visit.type))],
      description: kind,
      start: visit.startsAt.toISOString(),
      end: endOf(visit),
      minutesDuration: visit.durationMinutes,
      participant: [
        { actor: subject, status: 'accepted' },
        { actor: practitioner, status: 'accepted' },
      ],
    });
    if (visit.status !== 'completed') continue;
    const encounter = add<Encounter>('encounter', visit.id, {
      resourceType: 'Encounter',
      identifier: identifierOf('appointment', visit.id),
      status: 'finished',
      class: visit.mode === 'virtual' ? { system: FHIR_SYSTEMS.actCode, code: 'VR', display: 'virtual' } : { system: FHIR_SYSTEMS.actCode, code: 'AMB', display: 'ambulatory' },
      type: [
        {
          text: appointmentTypeLabel(visit.type),
          ...(visit.cptCodes.length > 0 ? { coding: visit.cptCodes.map((code) => ({ system: FHIR_SYSTEMS.cpt, code })) } : {}),
        },
      ],
      subject,
      participant: [{ individual: practitioner }],
      appointment: [appointment],
      period: { start: visit.startsAt.toISOString(), end: endOf(visit) },
      ...(visit.icd10Codes.length > 0 ? { reasonCode: visit.icd10Codes.map((code) => ({ coding: [{ system: FHIR_SYSTEMS.icd10cm, code }] })) } : {}),
      serviceProvider: organization,
    });
    encounters.set(visit.id, encounter);
  }

  for (const note of record.notes) add<Composition>('note', note.id, compositionOf(note, { subject, practitioner, organization, encounter: note.appointmentId ? encounters.get(note.appointmentId) : undefined }));

  patient.conditions.forEach((condition, index) =>
    add<Condition>('condition', `${patient.id}:${index}:${condition}`, {
      resourceType: 'Condition',
      category: [{ coding: [{ system: FHIR_SYSTEMS.conditionCategory, code: 'problem-list-item', display: 'Problem List Item' }] }],
      code: text(condition),
      subject,
    }),
  );

  const { insurance } = patient;
  if (insurance.provider.trim() || insurance.policyNumber.trim()) {
    add<Coverage>('coverage', patient.id, {
      resourceType: 'Coverage',
      status: 'active',
      beneficiary: subject,
      payor: [{ display: insurance.provider.trim() || 'Insurer not recorded' }],
      ...(insurance.policyNumber ? { subscriberId: insurance.policyNumber } : {}),
      ...(insurance.group ? { class: [{ type: { coding: [{ system: FHIR_SYSTEMS.coverageClass, code: 'group' }] }, value: insurance.group }] } : {}),
    });
  }

  patient.allergies.forEach((allergy, index) =>
    add<AllergyIntolerance>('allergy', `${patient.id}:${index}:${allergy.name}`, {
      resourceType: 'AllergyIntolerance',
      code: text(allergy.name),
      patient: subject,
      ...(allergy.reaction.trim()
        ? { reaction: [{ manifestation: [text(allergy.reaction)], severity: allergy.severity.toLowerCase() as 'mild' | 'moderate' | 'severe' }] }
        : {}),
    }),
  );
  patient.medications.forEach((medication, index) =>
    add<MedicationStatement>('medication', `${patient.id}:${index}:${medication.name}`, {
      resourceType: 'MedicationStatement',
      status: 'active',
      medicationCodeableConcept: text(medication.name),
      subject,
      ...(medication.dosage || medication.frequency ? { dosage: [{ text: [medication.dosage, medication.frequency].filter((part) => part.trim() !== '').join(', ') }] } : {}),
      ...(medication.purpose ? { reasonCode: [text(medication.purpose)] } : {}),
    }),
  );

  return {
    resourceType: 'Bundle',
    id: nameUuid('export', `${patient.id}:${exportedAt.toISOString()}`),
    identifier: { system: FHIR_SYSTEMS.wellspring('record-export'), value: `${patient.id}:${exportedAt.toISOString()}` },
    type: 'collection',
    timestamp: exportedAt.toISOString(),
    entry: entries,
  };
}

interface NoteLinks {
  readonly subject: Reference;
  readonly practitioner: Reference;
  readonly organization: Reference;
  readonly encounter: Reference | undefined;
}

function compositionOf(note: ExportNote, links: NoteLinks): Omit<Composition, 'id'> {
  const type = NOTE_TYPE[note.type] ?? { code: '11506-3', display: 'Progress note' };
  const sections: CompositionSection[] = [
    ['Subjective', note.sections.subjective],
    ['Objective', note.sections.objective],
    ['Assessment', note.sections.assessment],
    ['Plan', note.sections.plan],
  ]
    .filter(([, body]) => body?.trim())
    .map(([title = '', body = '']) => ({ title, text: { status: 'generated', div: xhtml([body]) } }));
  for (const addendum of note.addenda) {
    sections.push({ title: `Addendum (${addendum.at.toISOString()}, ${addendum.author})`, text: { status: 'generated', div: xhtml([addendum.text]) } });
  }
  return {
    resourceType: 'Composition',
    identifier: identifierOf('clinical-note', note.id)[0],
    status: note.addenda.length > 0 ? 'amended' : 'final',
    type: { coding: [{ system: FHIR_SYSTEMS.loinc, ...type }], text: ehrRecordTypeLabel(note.type) },
    subject: links.subject,
    ...(links.encounter ? { encounter: links.encounter } : {}),
    date: (note.signedAt ?? note.writtenAt).toISOString(),
    author: [{ ...links.practitioner, display: note.authorName }],
    title: note.title,
    custodian: links.organization,
    ...(sections.length > 0 ? { section: sections } : {}),
  };
}
