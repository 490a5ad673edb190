/**
 * A clinical note (an EHR record with SOAP content), as decide/evolve.
 *
 * | state  | command     | actor  | events             | next                      |
 * |--------|-------------|--------|--------------------|---------------------------|
 * | absent | CreateDraft | author | NoteDrafted        | draft                     |
 * | draft  | EditDraft   | author | NoteEdited         | draft                     |
 * | draft  | Sign        | author | NoteSigned         | signed (locked)           |
 * | signed | AddAddendum | author | AddendumAdded      | signed (addenda + 1)      |
 * | signed | EditDraft   | —      | — INVALID_TRANSITION "A signed note is locked…" | signed |
 * | draft  | AddAddendum | —      | — INVALID_TRANSITION | draft                   |
 * | signed | Sign        | —      | — INVALID_TRANSITION | signed                  |
 *
 * A signed note is never edited: a correction is an addendum (text, author, time) appended below it,
 * as medical-record practice requires. Only the note's author acts on it (FORBIDDEN otherwise).
 *
 * Clinical text stays in the note's own rows (docs/architecture.md#clinical-text):
 * the state and the events hold ids and non-clinical facts — who, when, which record type,
 * and how long each SOAP section or addendum is — never the text. The server writes the text from
 * the accepted command (`change.command`), and loads the state from the note's row, not by
 * replaying events. `addendumText` is the one normalization of an addendum's text (decide checks
 * it is not empty; the server stores it).
 */
import { z } from 'zod';
import { accept, reject, type Decision } from '../shared/decision.ts';
import { ehrRecordTypeSchema, type EhrRecordType, type SoapContent } from '../ehr/ehr.schema.ts';

const length = z.number().int().min(0);
/** The length (in UTF-16 units, as `String.length`) of each SOAP section: a size, never the text. */
const soapLengthsSchema = z.object({ subjective: length, objective: length, assessment: length, plan: length });
export type SoapLengths = Readonly<z.output<typeof soapLengthsSchema>>;
/** An addendum as the machine knows it: who added it and when, not what it says. */
export const addendumSchema = z.object({ id: z.string(), authorId: z.string(), at: z.iso.datetime() });
export type Addendum = Readonly<z.output<typeof addendumSchema>>;

export type ClinicalNoteState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'draft' | 'signed';
      readonly id: string;
      readonly patientId: string;
      readonly authorId: string;
      readonly recordType: EhrRecordType;
      readonly signedAt: string | null;
      readonly addenda: readonly Addendum[];
    };

export const initialClinicalNote: ClinicalNoteState = { status: 'absent' };

export type ClinicalNoteCommand =
  | { readonly kind: 'CreateDraft'; readonly id: string; readonly patientId: string; readonly recordType: EhrRecordType; readonly content: SoapContent }
  | { readonly kind: 'EditDraft'; readonly content: SoapContent }
  | { readonly kind: 'Sign' }
  | { readonly kind: 'AddAddendum'; readonly addendumId: string; readonly text: string };

/** An addendum's text as it is stored (trimmed); empty means there is nothing to add. */
export const addendumText = (text: string): string => text.trim();

export const soapLengths = (content: SoapContent): SoapLengths => ({
  subjective: content.subjective.length,
  objective: content.objective.length,
  assessment: content.assessment.length,
  plan: content.plan.length,
});

/**
 * The events, as zod schemas: the server stores an event as its JSON payload and reads it back
 * through `clinicalNoteEventSchema`. `at` is the ISO instant of the command. No event carries
 * clinical text (see the file comment).
 */
const noteId = z.string();
export const noteDraftedEventSchema = z.object({
  type: z.literal('NoteDrafted'),
  id: noteId,
  patientId: z.string(),
  authorId: z.string(),
  recordType: ehrRecordTypeSchema,
  lengths: soapLengthsSchema,
  at: z.iso.datetime(),
});
export const noteEditedEventSchema = z.object({ type: z.literal('NoteEdited'), id: noteId, lengths: soapLengthsSchema, at: z.iso.datetime() });
export const noteSignedEventSchema = z.object({ type: z.literal('NoteSigned'), id: noteId, at: z.iso.datetime() });
export const addendumAddedEventSchema = z.object({
  type: z.literal('AddendumAdded'),
  id: noteId,
  addendum: addendumSchema.extend({ length: length.min(1) }),
});
export const clinicalNoteEventSchema = z.discriminatedUnion('type', [noteDraftedEventSchema, noteEditedEventSchema, noteSignedEventSchema, addendumAddedEventSchema]);

export type NoteDraftedEvent = Readonly<z.output<typeof noteDraftedEventSchema>>;
export type NoteEditedEvent = Readonly<z.output<typeof noteEditedEventSchema>>;
export type NoteSignedEvent = Readonly<z.output<typeof noteSignedEventSchema>>;
export type AddendumAddedEvent = Readonly<z.output<typeof addendumAddedEventSchema>>;
export type ClinicalNoteEvent = NoteDraftedEvent | NoteEditedEvent | NoteSignedEvent | AddendumAddedEvent;

export interface ClinicalNoteContext {
  /** The signed-in user; null when nobody is (docs/product.md#clinical-notes: "User not authenticated"). */
  readonly userId: string | null;
  readonly now: Date;
}

export const clinicalNoteErrors = {
  notAuthenticated: 'User not authenticated',
  notFound: 'Note not found.',
  alreadyExists: 'This note already exists.',
  onlyAuthor: 'Only the author of this note can change it.',
  locked: 'A signed note is locked; add an addendum instead.',
  alreadySigned: 'This note is already signed.',
  addendumOnDraft: 'Addenda are added to signed notes; edit the draft instead.',
  emptyAddendum: 'Please enter the addendum text.',
} as const;

export function decideClinicalNote(state: ClinicalNoteState, command: ClinicalNoteCommand, context: ClinicalNoteContext): Decision<ClinicalNoteEvent> {
  const { userId, now } = context;
  if (userId === null) return reject('FORBIDDEN', clinicalNoteErrors.notAuthenticated);
  const at = now.toISOString();
  if (command.kind === 'CreateDraft') {
    if (state.status !== 'absent') return reject('CONFLICT', clinicalNoteErrors.alreadyExists);
    return accept({ type: 'NoteDrafted', id: command.id, patientId: command.patientId, authorId: userId, recordType: command.recordType, lengths: soapLengths(command.content), at });
  }
  if (state.status === 'absent') return reject('NOT_FOUND', clinicalNoteErrors.notFound);
  if (state.authorId !== userId) return reject('FORBIDDEN', clinicalNoteErrors.onlyAuthor);
  switch (command.kind) {
    case 'EditDraft':
      return state.status === 'draft' ? accept({ type: 'NoteEdited', id: state.id, lengths: soapLengths(command.content), at }) : reject('INVALID_TRANSITION', clinicalNoteErrors.locked);
    case 'Sign':
      return state.status === 'draft' ? accept({ type: 'NoteSigned', id: state.id, at }) : reject('INVALID_TRANSITION', clinicalNoteErrors.alreadySigned);
    case 'AddAddendum': {
      if (state.status !== 'signed') return reject('INVALID_TRANSITION', clinicalNoteErrors.addendumOnDraft);
      const text = addendumText(command.text);
      if (text === '') return reject('PRECONDITION_FAILED', clinicalNoteErrors.emptyAddendum);
      return accept({ type: 'AddendumAdded', id: state.id, addendum: { id: command.addendumId, authorId: userId, at, length: text.length } });
    }
  }
}

export function evolveClinicalNote(state: ClinicalNoteState, event: ClinicalNoteEvent): ClinicalNoteState {
  if (event.type === 'NoteDrafted') {
    return {
      status: 'draft',
      id: event.id,
      patientId: event.patientId,
      authorId: event.authorId,
      recordType: event.recordType,
      signedAt: null,
      addenda: [],
    };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'NoteEdited':
      return state;
    case 'NoteSigned':
      return { ...state, status: 'signed', signedAt: event.at };
    case 'AddendumAdded':
      return { ...state, addenda: [...state.addenda, { id: event.addendum.id, authorId: event.addendum.authorId, at: event.addendum.at }] };
  }
}
