/**
 * The clinical note (the portal's EHR record) on the command runner: its row in `clinical_note`
 * with its addenda, locked within the caller's practice, decided by the domain's clinical-note
 * machine. A note is a draft, edited as it is typed, until its author signs it; once signed the
 * database refuses any change to it, and a correction is an addendum.
 *
 * The note's text lives in its rows only: the state is loaded from `clinical_note` (never replayed
 * from events), the events hold ids, times and section lengths, and `save` writes the text from the
 * accepted command itself.
 */
import {
  addendumText,
  clinicalNoteEventSchema,
  decideClinicalNote,
  ehrRecordTypeLabel,
  ehrRecordTypeOf,
  evolveClinicalNote,
  initialClinicalNote,
  type ClinicalNoteCommand,
  type ClinicalNoteEvent,
  type ClinicalNoteState,
  type SoapContent,
} from '@wellspring/domain';
import type { CommandMachine } from '../commands/run-command.ts';
import type { PracticeScope } from './practice-scope.ts';

/** A new note's links: its patient and, when it was written for one, the appointment. */
export interface ClinicalNoteLinks {
  readonly patientId: string;
  readonly appointmentId: string | null;
}

interface LockedNoteRow {
  id: string;
  patient_id: string;
  author_id: string;
  type: string;
  status: string;
  signed_at: Date | null;
  addenda: { id: string; authorId: string; at: string }[];
}

/** The four SOAP sections, copied field by field (the command may carry more). */
const textOf = (content: SoapContent): SoapContent => ({ subjective: content.subjective, objective: content.objective, assessment: content.assessment, plan: content.plan });

export function clinicalNoteCommands(scope: PracticeScope, links?: ClinicalNoteLinks): CommandMachine<ClinicalNoteState, ClinicalNoteCommand, ClinicalNoteEvent> {
  return {
    aggregateType: 'clinical_note',
    eventSchema: clinicalNoteEventSchema,
    async load(tx, id) {
      // A note seeded without an author was written by the practice's practitioner (its owner).
      // The machine needs no clinical text, so none is read.
      const [row] = await tx.$queryRaw<LockedNoteRow[]>`
        SELECT n.id, n.patient_id, coalesce(n.author_user_id, pr.owner_user_id)::text AS author_id, n.type, n.status, n.signed_at,
          coalesce((SELECT json_agg(json_build_object('id', d.id, 'authorId', d.author_user_id, 'at', d.created_at) ORDER BY d.created_at, d.id)
            FROM clinical_note_addendum d WHERE d.practice_id = n.practice_id AND d.note_id = n.id), '[]') AS addenda
        FROM clinical_note n JOIN practice pr ON pr.id = n.practice_id
        WHERE n.practice_id = ${scope.practiceId} AND n.id = ${id}
        FOR UPDATE OF n`;
      if (!row) return initialClinicalNote;
      return {
        status: row.status === 'draft' ? 'draft' : 'signed',
        id: row.id,
        patientId: row.patient_id,
        authorId: row.author_id,
        recordType: ehrRecordTypeOf(row.type),
        signedAt: row.signed_at?.toISOString() ?? null,
        addenda: row.addenda.map((addendum) => ({ ...addendum, at: new Date(addendum.at).toISOString() })),
      };
    },
    decide: (state, command, context) => decideClinicalNote(state, command, { userId: context.actor.userId, now: context.now }),
    evolve: evolveClinicalNote,
    async save(tx, { before, after, aggregateId, command, events, context }) {
      if (after.status === 'absent') return undefined;
      for (const event of events) {
        switch (event.type) {
          case 'NoteDrafted': {
            if (before.status !== 'absent' || !links) throw new Error('clinicalNoteCommands: a new note needs its patient');
            if (command.kind !== 'CreateDraft') throw new Error('clinicalNoteCommands: NoteDrafted comes from CreateDraft');
            await tx.clinicalNote.create({
              data: {
                id: aggregateId,
                practiceId: scope.practiceId,
                patientId: links.patientId,
                appointmentId: links.appointmentId,
                type: event.recordType,
                title: ehrRecordTypeLabel(event.recordType),
                authorName: scope.actor.name,
                authorUserId: event.authorId,
                ...textOf(command.content),
                writtenAt: context.now,
                status: 'draft',
              },
              select: { id: true },
            });
            break;
          }
          case 'NoteEdited':
            if (command.kind !== 'EditDraft') throw new Error('clinicalNoteCommands: NoteEdited comes from EditDraft');
            await tx.clinicalNote.update({ where: { practiceId_id: { practiceId: scope.practiceId, id: aggregateId } }, data: textOf(command.content), select: { id: true } });
            break;
          case 'NoteSigned':
            await tx.clinicalNote.update({ where: { practiceId_id: { practiceId: scope.practiceId, id: aggregateId } }, data: { status: 'signed', signedAt: new Date(event.at) }, select: { id: true } });
            break;
          case 'AddendumAdded':
            if (command.kind !== 'AddAddendum') throw new Error('clinicalNoteCommands: AddendumAdded comes from AddAddendum');
            await tx.clinicalNoteAddendum.create({
              data: {
                id: event.addendum.id,
                practiceId: scope.practiceId,
                noteId: aggregateId,
                text: addendumText(command.text),
                authorUserId: event.addendum.authorId,
                authorName: scope.actor.name,
                createdAt: new Date(event.addendum.at),
              },
              select: { id: true },
            });
            break;
        }
      }
      return undefined;
    },
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event } }),
  };
}
