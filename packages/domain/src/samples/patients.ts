/**
 * Sample patients (docs/product.md#patients, docs/product.md#patient-detail). Ids 1, 2, 3 are distinct people
 * with full records; any other id is "Unknown Patient" with no conditions (`patientDetailById`).
 * Appointment dates are offsets from `today` (see sample-dates.ts).
 */
import { unknownPatient, type PatientDetail, type PatientListRow, type PatientRecordRow } from '../patients/patient.schema.ts';
import { nextAppointmentText } from '../time/date-formats.ts';
import { relativeLastVisit, zonedTimeToInstant, type CalendarDate } from '../time/dates.ts';
import { SAMPLE_TIME_ZONE, SAMPLE_TODAY, sampleDay } from './sample-dates.ts';

const PROVIDER = 'Dr. Sarah Mitchell';

export function buildSamplePatients(today: CalendarDate): PatientDetail[] {
  const d = (days: number) => sampleDay(today, days);
  return [
    {
      id: '1',
      name: 'Emma Thompson',
      email: 'emma.thompson@example.com',
      phone: '(503) 555-0142',
      dob: '1985-04-12',
      address: '2145 NW Everett St, Portland, OR 97210',
      emergency: { name: 'David Thompson', relationship: 'Spouse', phone: '(503) 555-0178' },
      insurance: { provider: 'Blue Cross Blue Shield', policyNumber: 'BCB-448812907', group: 'GRP-20331' },
      conditions: ['Chronic Fatigue', 'IBS', 'Anxiety', 'Vitamin D Deficiency', 'Insomnia'],
      status: 'active',
      notes: [
        {
          id: 'n1',
          date: d(-2),
          title: 'Follow-up: energy and digestion',
          type: 'SOAP Note',
          recordType: 'soap',
          signed: true,
          provider: PROVIDER,
          content: {
            subjective: 'Reports energy improved from 3/10 to 6/10 since starting vitamin D and magnesium. Bloating after dinner persists 3–4 times a week. Sleep onset still 45 minutes.',
            objective: 'BP 118/76, HR 68, weight 142 lb (−2 lb). Abdomen soft, mild tenderness in the lower left quadrant. 25-OH vitamin D 38 ng/mL (was 19).',
            assessment: 'Fatigue improving with vitamin D repletion. IBS-mixed symptoms ongoing, likely FODMAP-sensitive. Sleep-onset insomnia related to evening anxiety.',
            plan: 'Start low-FODMAP elimination for 4 weeks with food journal. Continue vitamin D 2,000 IU daily. Add magnesium glycinate 200 mg at night. Follow up in 4 weeks.',
          },
        },
        {
          id: 'n2',
          date: d(-30),
          title: 'Initial consultation',
          type: 'SOAP Note',
          recordType: 'soap',
          signed: true,
          provider: PROVIDER,
          content: {
            subjective: 'Two years of fatigue, afternoon crashes, alternating constipation and loose stools, worry at night. Diet high in wheat and coffee.',
            objective: 'BP 120/78, HR 72, weight 144 lb. Thyroid panel within range. Vitamin D 19 ng/mL. CBC normal.',
            assessment: 'Vitamin D deficiency contributing to fatigue. Symptoms consistent with IBS-mixed. Generalized anxiety affecting sleep.',
            plan: 'Vitamin D 5,000 IU daily for 8 weeks, then 2,000 IU. Reduce coffee to one cup before noon. Breathing practice at bedtime. Recheck vitamin D in 4 weeks.',
          },
        },
        {
          id: 'n3',
          date: d(-60),
          title: 'Intake and history',
          type: 'Progress Note',
          recordType: 'progress',
          signed: true,
          provider: PROVIDER,
          content: {
            subjective: 'Referred by primary care for integrative support of fatigue and digestive symptoms.',
            objective: 'Intake questionnaire reviewed; prior labs from primary care attached.',
            assessment: 'Good candidate for a nutrition-first functional approach.',
            plan: 'Order vitamin D, thyroid panel and CBC. Schedule initial consultation.',
          },
        },
      ],
      appointments: [
        { id: 'a1', date: d(3), time: '10:00 AM', duration: '60 min', type: 'Follow-up Visit', provider: PROVIDER, status: 'scheduled', timing: 'upcoming' },
        { id: 'a2', date: d(24), time: '2:00 PM', duration: '45 min', type: 'Treatment Session', provider: PROVIDER, status: 'scheduled', timing: 'upcoming' },
        { id: 'a3', date: d(-2), time: '9:00 AM', duration: '60 min', type: 'Follow-up Visit', provider: PROVIDER, status: 'completed', timing: null },
        { id: 'a4', date: d(-30), time: '11:00 AM', duration: '90 min', type: 'Initial Consultation', provider: PROVIDER, status: 'completed', timing: null },
      ],
      allergies: [
        { name: 'Penicillin', severity: 'Severe', reaction: 'Hives and facial swelling' },
        { name: 'Shellfish', severity: 'Moderate', reaction: 'Nausea and itching' },
        { name: 'Lactose', severity: 'Mild', reaction: 'Bloating' },
      ],
      medications: [
        { name: 'Vitamin D3', dosage: '2,000 IU', frequency: 'Once daily', purpose: 'Vitamin D deficiency' },
        { name: 'Magnesium glycinate', dosage: '200 mg', frequency: 'At bedtime', purpose: 'Sleep and muscle relaxation' },
        { name: 'Sertraline', dosage: '50 mg', frequency: 'Once daily', purpose: 'Anxiety (prescribed by primary care)' },
      ],
      medicalHistory: [
        { condition: 'Irritable bowel syndrome', dateOnset: '2019', status: 'Active', treatment: 'Dietary management' },
        { condition: 'Generalized anxiety disorder', dateOnset: '2016', status: 'Managed', treatment: 'Sertraline, counseling' },
        { condition: 'Appendectomy', dateOnset: '2004', status: 'Resolved', treatment: 'Surgery' },
      ],
      familyHistory: [
        { relation: 'Mother', condition: 'Hypothyroidism', age: '45' },
        { relation: 'Father', condition: 'Type 2 diabetes', age: '58' },
        { relation: 'Sister', condition: 'Celiac disease', age: '30' },
      ],
      lifestyle: {
        diet: 'Mostly home-cooked; high in wheat; two to three coffees a day',
        exercise: 'Walks 20 minutes most days; yoga once a week',
        sleep: '6–7 hours; takes 45 minutes to fall asleep',
        stress: 'High work stress; practicing evening breathing exercises',
        substances: 'Alcohol 1–2 drinks a week; no tobacco',
        goals: 'Steady energy through the afternoon; fewer bloating days',
      },
    },
    {
      id: '2',
      name: 'Michael Chen',
      email: 'michael.chen@example.com',
      phone: '(415) 555-0199',
      dob: '1978-09-23',
      address: '880 Valencia St, Apt 4, San Francisco, CA 94110',
      emergency: { name: 'Linda Chen', relationship: 'Sister', phone: '(415) 555-0133' },
      insurance: { provider: 'Aetna', policyNumber: 'AET-77120455', group: 'GRP-88410' },
      conditions: ['Migraines', 'Hypertension'],
      status: 'active',
      notes: [
        {
          id: 'n1',
          date: d(-7),
          title: 'Acupuncture treatment 4',
          type: 'SOAP Note',
          recordType: 'soap',
          signed: true,
          provider: PROVIDER,
          content: {
            subjective: 'Two migraines in the past three weeks (previously two a week). Neck tension lower.',
            objective: 'BP 134/86. Reduced trapezius tenderness. Range of motion in the neck full.',
            assessment: 'Migraine frequency down about 70%. Blood pressure still above target.',
            plan: 'Continue weekly acupuncture for 4 weeks, then every two weeks. Daily home blood pressure log. Magnesium 400 mg daily.',
          },
        },
      ],
      appointments: [
        { id: 'a1', date: d(0), time: '2:00 PM', duration: '45 min', type: 'Treatment Session', provider: PROVIDER, status: 'scheduled', timing: 'upcoming' },
        { id: 'a2', date: d(-7), time: '2:00 PM', duration: '45 min', type: 'Treatment Session', provider: PROVIDER, status: 'completed', timing: null },
      ],
      allergies: [{ name: 'Sulfa drugs', severity: 'Moderate', reaction: 'Rash' }],
      medications: [
        { name: 'Lisinopril', dosage: '10 mg', frequency: 'Once daily', purpose: 'Hypertension' },
        { name: 'Magnesium citrate', dosage: '400 mg', frequency: 'Once daily', purpose: 'Migraine prevention' },
      ],
      medicalHistory: [{ condition: 'Migraine without aura', dateOnset: '2010', status: 'Active', treatment: 'Acupuncture, magnesium' }],
      familyHistory: [{ relation: 'Father', condition: 'Hypertension', age: '50' }],
      lifestyle: {
        diet: 'Eats out often; high sodium',
        exercise: 'Cycles to work three days a week',
        sleep: '7 hours',
        stress: 'Moderate; deadlines at work',
        substances: 'No alcohol; no tobacco',
        goals: '',
      },
    },
    {
      id: '3',
      name: 'Sofia Martinez',
      email: 'sofia.martinez@example.com',
      phone: '(512) 555-0164',
      dob: '1992-01-30',
      address: '4512 Avenue F, Austin, TX 78751',
      emergency: { name: 'Rosa Martinez', relationship: 'Mother', phone: '(512) 555-0110' },
      insurance: { provider: 'Cigna', policyNumber: 'CIG-30981276', group: 'GRP-55102' },
      conditions: ['Eczema', 'Seasonal Allergies', 'PCOS'],
      status: 'active',
      notes: [
        {
          id: 'n1',
          date: d(-14),
          title: 'Initial assessment',
          type: 'SOAP Note',
          recordType: 'soap',
          signed: true,
          provider: PROVIDER,
          content: {
            subjective: 'Eczema flares on hands and elbows, worse in spring. Irregular cycles for three years.',
            objective: 'Dry, lichenified patches on both antecubital areas. BMI 24.',
            assessment: 'Atopic dermatitis with seasonal allergic component. PCOS by history; labs pending.',
            plan: 'Oat-based emollient twice daily, elimination of dairy for 3 weeks, order hormone panel. Follow up after labs.',
          },
        },
      ],
      appointments: [
        { id: 'a1', date: d(9), time: '11:00 AM', duration: '60 min', type: 'Follow-up Visit', provider: PROVIDER, status: 'scheduled', timing: 'upcoming' },
        { id: 'a2', date: d(-14), time: '1:00 PM', duration: '90 min', type: 'Initial Consultation', provider: PROVIDER, status: 'completed', timing: null },
      ],
      allergies: [
        { name: 'Ragweed pollen', severity: 'Moderate', reaction: 'Sneezing and itchy eyes' },
        { name: 'Nickel', severity: 'Mild', reaction: 'Contact dermatitis' },
      ],
      medications: [{ name: 'Cetirizine', dosage: '10 mg', frequency: 'As needed', purpose: 'Seasonal allergies' }],
      medicalHistory: [{ condition: 'Atopic dermatitis', dateOnset: 'Childhood', status: 'Active', treatment: 'Emollients, topical steroids as needed' }],
      familyHistory: [
        { relation: 'Mother', condition: 'Seasonal allergies and asthma', age: '12' },
        { relation: 'Maternal aunt', condition: 'Polycystic ovary syndrome', age: '24' },
        { relation: 'Father', condition: 'Type 2 diabetes', age: '51' },
        { relation: 'Brother', condition: 'Atopic dermatitis', age: '4' },
      ],
      lifestyle: {
        diet: 'Vegetarian; high dairy intake',
        exercise: 'Running 3 times a week',
        sleep: '8 hours',
        stress: 'Low to moderate',
        substances: 'Social drinking; no tobacco',
        goals: '',
      },
    },
  ];
}

export function patientDetailById(id: string, today: CalendarDate = SAMPLE_TODAY): PatientDetail {
  return buildSamplePatients(today).find((patient) => patient.id === id) ?? unknownPatient(id);
}

const timeOfDay = (text: string): string => {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(text);
  if (!match) return '09:00';
  const hour = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${match[2]}`;
};

/** Patients of the list without a detailed record: a new one and an inactive one (offsets in days from today). */
const listOnlyPatients: ReadonlyArray<Omit<PatientListRow, 'lastVisit' | 'nextAppointment'> & { readonly lastVisitDays: number | null; readonly nextAppointmentDays: number | null }> = [
  {
    id: '4',
    name: 'James Wilson',
    email: 'james.wilson@example.com',
    phone: '(303) 555-0121',
    dob: '1969-06-02',
    lastVisitDays: null,
    nextAppointmentDays: 1,
    status: 'new',
    conditions: ['Lower Back Pain'],
    notes: 0,
  },
  {
    id: '5',
    name: 'Olivia Brown',
    email: 'olivia.brown@example.com',
    phone: '(206) 555-0187',
    dob: '1988-11-17',
    lastVisitDays: -120,
    nextAppointmentDays: null,
    status: 'inactive',
    conditions: ['Hypothyroidism', 'Fatigue'],
    notes: 2,
  },
];

const lastCompletedVisit = (patient: PatientDetail): CalendarDate | null =>
  patient.appointments.filter((a) => a.status === 'completed').map((a) => a.date).sort().at(-1) ?? null;

/** The patient list (docs/product.md#patients): the three detailed patients plus a new patient and an inactive one. */
export function buildSamplePatientRows(today: CalendarDate, timeZone: string = SAMPLE_TIME_ZONE): PatientListRow[] {
  const now = zonedTimeToInstant(today, '08:00', timeZone);
  const rows: PatientListRow[] = buildSamplePatients(today).map((patient) => {
    const upcoming = patient.appointments.filter((a) => a.timing === 'upcoming').sort((a, b) => (a.date < b.date ? -1 : 1))[0];
    return {
      id: patient.id,
      name: patient.name,
      email: patient.email,
      phone: patient.phone,
      dob: patient.dob,
      lastVisit: relativeLastVisit(lastCompletedVisit(patient), today),
      nextAppointment: nextAppointmentText(upcoming ? zonedTimeToInstant(upcoming.date, timeOfDay(upcoming.time), timeZone) : null, now, timeZone),
      status: 'active',
      conditions: patient.conditions,
      notes: patient.notes.length,
    };
  });
  rows.push(
    ...listOnlyPatients.map(({ lastVisitDays, nextAppointmentDays, ...patient }) => ({
      ...patient,
      lastVisit: relativeLastVisit(lastVisitDays === null ? null : sampleDay(today, lastVisitDays), today),
      nextAppointment: nextAppointmentText(nextAppointmentDays === null ? null : zonedTimeToInstant(sampleDay(today, nextAppointmentDays), '10:00', timeZone), now, timeZone),
    })),
  );
  return rows;
}

/**
 * The dashboard's patient records (docs/product.md#dashboard), one of each status. The last visit
 * is the last completed appointment of the patient's record and the condition one of theirs (tested).
 */
export function buildSamplePatientRecordRows(today: CalendarDate): PatientRecordRow[] {
  const d = (days: number) => sampleDay(today, days);
  return [
    { patientId: '1', name: 'Emma Thompson', lastVisit: d(-2), condition: 'Chronic Fatigue', status: 'follow_up' },
    { patientId: '2', name: 'Michael Chen', lastVisit: d(-7), condition: 'Migraines', status: 'active' },
    { patientId: '3', name: 'Sofia Martinez', lastVisit: d(-14), condition: 'Eczema', status: 'scheduled' },
    { patientId: '5', name: 'Olivia Brown', lastVisit: d(-120), condition: 'Hypothyroidism', status: 'completed' },
  ];
}
