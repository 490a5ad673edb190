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
 */
import { z } from 'zod';
import { accept, reject, type Decision } from '../shared/decision.ts';
import { ehrRecordTypeSchema, type EhrRecordType, type SoapContent } from '../ehr/ehr.schema.ts';

const soapContentSchema = z.object({ subjective: z.string(), objective: z.string(), assessment: z.string(), plan: z.string() });
export const addendumSchema = z.object({ id: z.string(), text: z.string().min(1), authorId: z.string(), at: z.iso.datetime() });
export type Addendum = Readonly<z.output<typeof addendumSchema>>;

export type ClinicalNoteState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'draft' | 'signed';
      readonly id: string;
      readonly patientId: string;
      readonly authorId: string;
      readonly recordType: EhrRecordType;
      readonly content: SoapContent;
      readonly signedAt: string | null;
      readonly addenda: readonly Addendum[];
    };

export const initialClinicalNote: ClinicalNoteState = { status: 'absent' };

export type ClinicalNoteCommand =
  | { readonly kind: 'CreateDraft'; readonly id: string; readonly patientId: string; readonly recordType: EhrRecordType; readonly content: SoapContent }
  | { readonly kind: 'EditDraft'; readonly content: SoapContent }
  | { readonly kind: 'Sign' }
  | { readonly kind: 'AddAddendum'; readonly addendumId: string; readonly text: string };

/**
 * The events, as zod schemas: the server stores an event as its JSON payload and reads it back
 * through `clinicalNoteEventSchema`. `at` is the ISO instant of the command.
 */
const noteId = z.string();
export const noteDraftedEventSchema = z.object({
  type: z.literal('NoteDrafted'),
  id: noteId,
  patientId: z.string(),
  authorId: z.string(),
  recordType: ehrRecordTypeSchema,
  content: soapContentSchema,
  at: z.iso.datetime(),
});
export const noteEditedEventSchema = z.object({ type: z.literal('NoteEdited'), id: noteId, content: soapContentSchema, at: z.iso.datetime() });
export const noteSignedEventSchema = z.object({ type: z.literal('NoteSigned'), id: noteId, at: z.iso.datetime() });
export const addendumAddedEventSchema = z.object({ type: z.literal('AddendumAdded'), id: noteId, addendum: addendumSchema });
export const clinicalNoteEventSchema = z.discriminatedUnion('type', [noteDraftedEventSchema, noteEditedEventSchema, noteSignedEventSchema, addendumAddedEventSchema]);

export type NoteDraftedEvent = Readonly<z.output<typeof noteDraftedEventSchema>>;
export type NoteEditedEvent = Readonly<z.output<typeof noteEditedEventSchema>>;
export type NoteSignedEvent = Readonly<z.output<typeof noteSignedEventSchema>>;
export type AddendumAddedEvent = Readonly<z.output<typeof addendumAddedEventSchema>>;
export type ClinicalNoteEvent = NoteDraftedEvent | NoteEditedEvent | NoteSignedEvent | AddendumAddedEvent;

export interface ClinicalNoteContext {
  /** The signed-in user; null when nobody is (SPEC §8: "User not authenticated"). */
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
    return accept({ type: 'NoteDrafted', id: command.id, patientId: command.patientId, authorId: userId, recordType: command.recordType, content: command.content, at });
  }
  if (state.status === 'absent') return reject('NOT_FOUND', clinicalNoteErrors.notFound);
  if (state.authorId !== userId) return reject('FORBIDDEN', clinicalNoteErrors.onlyAuthor);
  switch (command.kind) {
    case 'EditDraft':
      return state.status === 'draft' ? accept({ type: 'NoteEdited', id: state.id, content: command.content, at }) : reject('INVALID_TRANSITION', clinicalNoteErrors.locked);
    case 'Sign':
      return state.status === 'draft' ? accept({ type: 'NoteSigned', id: state.id, at }) : reject('INVALID_TRANSITION', clinicalNoteErrors.alreadySigned);
    case 'AddAddendum': {
      if (state.status !== 'signed') return reject('INVALID_TRANSITION', clinicalNoteErrors.addendumOnDraft);
      const text = command.text.trim();
      if (text === '') return reject('PRECONDITION_FAILED', clinicalNoteErrors.emptyAddendum);
      return accept({ type: 'AddendumAdded', id: state.id, addendum: { id: command.addendumId, text, authorId: userId, at } });
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
      content: event.content,
      signedAt: null,
      addenda: [],
    };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'NoteEdited':
      return { ...state, content: event.content };
    case 'NoteSigned':
      return { ...state, status: 'signed', signedAt: event.at };
    case 'AddendumAdded':
      return { ...state, addenda: [...state.addenda, event.addendum] };
  }
}
