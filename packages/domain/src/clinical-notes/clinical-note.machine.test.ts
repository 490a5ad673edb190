import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import {
  addendumText,
  clinicalNoteEventSchema,
  decideClinicalNote,
  evolveClinicalNote,
  initialClinicalNote,
  type ClinicalNoteCommand,
  type ClinicalNoteContext,
  type ClinicalNoteEvent,
  type ClinicalNoteState,
} from './clinical-note.machine.ts';

const content = { subjective: 'Tired', objective: 'BP 120/80', assessment: 'Fatigue', plan: 'Vitamin D' };
const now = new Date('2025-06-16T18:00:00Z');
const author: ClinicalNoteContext = { userId: 'dr-1', now };
const other: ClinicalNoteContext = { userId: 'dr-2', now };
const anonymous: ClinicalNoteContext = { userId: null, now };
const create: ClinicalNoteCommand = { kind: 'CreateDraft', id: 'n1', patientId: 'p1', recordType: 'soap', content };

function history(...commands: ClinicalNoteCommand[]): { state: ClinicalNoteState; events: ClinicalNoteEvent[] } {
  let state = initialClinicalNote;
  const events: ClinicalNoteEvent[] = [];
  for (const command of commands) {
    const decision = decideClinicalNote(state, command, author);
    if (!decision.ok) throw new Error(decision.error.message);
    state = decision.events.reduce(evolveClinicalNote, state);
    events.push(...decision.events);
  }
  return { state, events };
}
const run = (...commands: ClinicalNoteCommand[]): ClinicalNoteState => history(...commands).state;

describe('clinical note machine', () => {
  it('is drafted, edited, then signed and locked', () => {
    const edited = history(create, { kind: 'EditDraft', content: { ...content, plan: 'Vitamin D 2,000 IU' } });
    expect(edited.state).toMatchObject({ status: 'draft', authorId: 'dr-1', patientId: 'p1', recordType: 'soap' });
    expect(edited.events[1]).toEqual({ type: 'NoteEdited', id: 'n1', lengths: { subjective: 5, objective: 9, assessment: 7, plan: 18 }, at: now.toISOString() });
    const signed = run(create, { kind: 'Sign' });
    expect(signed).toMatchObject({ status: 'signed', signedAt: now.toISOString() });
    expect(decideClinicalNote(signed, { kind: 'EditDraft', content }, author)).toEqual({
      ok: false,
      error: { code: 'INVALID_TRANSITION', message: 'A signed note is locked; add an addendum instead.' },
    });
    expect(decideClinicalNote(signed, { kind: 'Sign' }, author)).toMatchObject({ ok: false, error: { message: 'This note is already signed.' } });
  });

  it('takes addenda only once signed, never changing the signed content', () => {
    const amended = history(create, { kind: 'Sign' }, { kind: 'AddAddendum', addendumId: 'ad1', text: ' Lab results reviewed. ' });
    expect(amended.state).toMatchObject({ status: 'signed', addenda: [{ id: 'ad1', authorId: 'dr-1', at: now.toISOString() }] });
    expect(amended.events[2]).toEqual({ type: 'AddendumAdded', id: 'n1', addendum: { id: 'ad1', authorId: 'dr-1', at: now.toISOString(), length: 21 } });
    expect(addendumText(' Lab results reviewed. ')).toBe('Lab results reviewed.');
    expect(decideClinicalNote(run(create), { kind: 'AddAddendum', addendumId: 'a', text: 'x' }, author)).toMatchObject({ ok: false, error: { code: 'INVALID_TRANSITION' } });
    expect(decideClinicalNote(run(create, { kind: 'Sign' }), { kind: 'AddAddendum', addendumId: 'a', text: '  ' }, author)).toMatchObject({ ok: false, error: { message: 'Please enter the addendum text.' } });
  });

  it('keeps clinical text out of its state and events (they hold ids, times and sizes)', () => {
    const { state, events } = history(
      create,
      { kind: 'EditDraft', content: { ...content, subjective: 'Marker-S' } },
      { kind: 'Sign' },
      { kind: 'AddAddendum', addendumId: 'ad1', text: 'Marker-A' },
    );
    const everything = JSON.stringify({ state, events });
    for (const text of [...Object.values(content), 'Marker-S', 'Marker-A']) expect(everything).not.toContain(text);
  });

  it('requires a signed-in author', () => {
    expect(decideClinicalNote(initialClinicalNote, create, anonymous)).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: 'User not authenticated' } });
    expect(decideClinicalNote(run(create), { kind: 'Sign' }, other)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(decideClinicalNote(initialClinicalNote, { kind: 'Sign' }, author)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(decideClinicalNote(run(create), create, author)).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(evolveClinicalNote(initialClinicalNote, { type: 'NoteSigned', id: 'x', at: '' })).toBe(initialClinicalNote);
  });

  it('obeys the machine laws (a signed note is only ever amended)', () => {
    const command = fc.oneof(
      fc.constant(create),
      fc.string({ maxLength: 4 }).map<ClinicalNoteCommand>((plan) => ({ kind: 'EditDraft', content: { ...content, plan } })),
      fc.constant<ClinicalNoteCommand>({ kind: 'Sign' }),
      fc.string({ maxLength: 4 }).map<ClinicalNoteCommand>((text) => ({ kind: 'AddAddendum', addendumId: 'a', text })),
    );
    const step = fc.record({ command, context: fc.constantFrom(author, other, anonymous) });
    checkMachineLaws({
      initial: initialClinicalNote,
      decide: decideClinicalNote,
      evolve: evolveClinicalNote,
      eventSchema: clinicalNoteEventSchema,
      step,
      isValid: (state) => state.status === 'absent' || (state.status === 'draft' ? state.signedAt === null && state.addenda.length === 0 : state.signedAt !== null),
    });
    // Once signed, nothing but an addendum is accepted, whatever follows.
    fc.assert(
      fc.property(fc.array(step, { maxLength: 15 }), (steps) => {
        let state = run(create, { kind: 'Sign' });
        for (const { command, context } of steps) {
          const decision = decideClinicalNote(state, command, context);
          if (!decision.ok) continue;
          expect(decision.events.map((event) => event.type)).toEqual(['AddendumAdded']);
          state = decision.events.reduce(evolveClinicalNote, state);
        }
        expect(state).toMatchObject({ status: 'signed', signedAt: now.toISOString() });
      }),
    );
  });
});
