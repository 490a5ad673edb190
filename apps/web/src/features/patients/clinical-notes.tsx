import { formatLongDateTime, patientMessages, type NoteAddendum, type PatientNote } from '@wellspring/domain';
import { useId, useState } from 'react';
import { AddendumDialog } from '../../lib/clinical-notes/addendum-dialog.tsx';
import { NoteEditorDialog, type NoteEditorTarget } from '../../lib/clinical-notes/note-editor-dialog.tsx';
import { Badge } from '../../ui/badge/badge.tsx';
import { Button } from '../../ui/button/button.tsx';
import { Disclosure } from '../../ui/disclosure/disclosure.tsx';
import { EmptyState } from '../../ui/empty-state/empty-state.tsx';
import { FileTextIcon } from '../../ui/icons/icons.tsx';
import { longDate } from './patient-dates.ts';
import * as styles from './patient-detail.css.ts';
import { PlusIcon } from './patient-icons.tsx';
import { usePractice } from '../../lib/use-practice.ts';

/**
 * The Clinical Notes tab (docs/product.md#clinical-notes): New Note, the empty state, collapsible SOAP cards (closed at
 * first). Issue 26 made the spec's coming-soon buttons real: "New Note" and "Create First Note"
 * open the note editor for this patient; a draft's "Edit Note" goes on with it; a signed note is
 * locked, so its button is "Add addendum". An unknown patient (`known` false) has nothing to write to.
 */
export function ClinicalNotes({ patient, known = true }: { patient: { readonly id: string; readonly name: string; readonly notes: readonly PatientNote[] }; known?: boolean }) {
  const { timeZone } = usePractice();
  const { notes } = patient;
  const [editing, setEditing] = useState<NoteEditorTarget | null>(null);
  const [amending, setAmending] = useState<PatientNote | null>(null);
  const newNote = () => setEditing({ patientId: patient.id, patientName: patient.name });
  return (
    <section aria-labelledby="notes-title">
      <div className={styles.tabHeader}>
        <h2 id="notes-title" className={styles.cardTitle}>
          Clinical Notes
        </h2>
        <Button size="sm" onPress={newNote} isDisabled={!known}>
          <PlusIcon size={16} />
          New Note
        </Button>
      </div>
      {notes.length === 0 ? (
        <EmptyState
          icon={<FileTextIcon />}
          title={patientMessages.noNotes.title}
          description={patientMessages.noNotes.description}
          action={
            <Button variant="outline" onPress={newNote} isDisabled={!known}>
              {patientMessages.noNotes.action}
            </Button>
          }
        />
      ) : (
        <div className={styles.sections}>
          {notes.map((note) => (
            <NoteCard
              key={note.id}
              note={note}
              timeZone={timeZone}
              onEdit={() => setEditing({ patientId: patient.id, patientName: patient.name, draft: { id: note.id, recordType: note.recordType, content: note.content } })}
              onAmend={() => setAmending(note)}
            />
          ))}
        </div>
      )}
      {editing ? <NoteEditorDialog target={editing} timeZone={timeZone} onClose={() => setEditing(null)} /> : null}
      {amending ? <AddendumDialog recordId={amending.id} recordLabel={`${amending.type}, ${longDate(amending.date)} — ${patient.name}`} onClose={() => setAmending(null)} /> : null}
    </section>
  );
}

const soapParts = [
  ['subjective', 'Subjective'],
  ['objective', 'Objective'],
  ['assessment', 'Assessment'],
  ['plan', 'Plan'],
] as const;

/**
 * A draft is edited ("Edit Note") until it is signed; a signed note is locked and its corrections
 * (addenda) are listed under it, each with who added it and when ("Add addendum").
 */
function NoteCard({ note, timeZone, onEdit, onAmend }: { note: PatientNote; timeZone: string; onEdit: () => void; onAmend: () => void }) {
  const addenda = note.addenda ?? [];
  return (
    <Disclosure
      title={
        <span className={styles.noteTrigger}>
          <span>{note.title}</span>
          <span className={styles.noteMeta}>
            <span>{longDate(note.date)}</span>
            <span aria-hidden="true">·</span>
            <span>{note.provider}</span>
            <Badge tone="outline">{note.type}</Badge>
            {note.signed ? null : <Badge color="yellow">Draft</Badge>}
            {addenda.length > 0 ? <Badge tone="neutral">{addenda.length === 1 ? '1 addendum' : `${addenda.length} addenda`}</Badge> : null}
          </span>
        </span>
      }
    >
      <div className={styles.soap}>
        {soapParts.map(([part, label]) => (
          <div key={part}>
            <h4 className={styles.soapTitle}>{label}</h4>
            <p className={styles.soapText}>{note.content[part] || 'Not recorded'}</p>
          </div>
        ))}
        {addenda.length > 0 ? <NoteAddenda addenda={addenda} timeZone={timeZone} /> : null}
        {note.signed ? (
          <Button variant="outline" size="sm" className={styles.back} onPress={onAmend}>
            Add addendum
          </Button>
        ) : (
          <Button variant="outline" size="sm" className={styles.back} onPress={onEdit}>
            Edit Note
          </Button>
        )}
      </div>
    </Disclosure>
  );
}

function NoteAddenda({ addenda, timeZone }: { addenda: readonly NoteAddendum[]; timeZone: string }) {
  const headingId = useId();
  return (
    <div>
      <h4 id={headingId} className={styles.soapTitle}>
        Addenda
      </h4>
      <ol className={styles.list} aria-labelledby={headingId}>
        {addenda.map((addendum) => (
          <li key={addendum.id} className={styles.listItem}>
            <p className={styles.soapText}>{addendum.text}</p>
            <p className={`${styles.small} ${styles.muted}`}>
              {addendum.author} · <time dateTime={addendum.at}>{formatLongDateTime(addendum.at, timeZone)}</time>
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
