import { formatLongDateTime, patientMessages, type NoteAddendum, type PatientNote } from '@wellspring/domain';
import { useId } from 'react';
import { notify } from '../../lib/toast.tsx';
import { Badge } from '../../ui/badge/badge.tsx';
import { Button } from '../../ui/button/button.tsx';
import { Disclosure } from '../../ui/disclosure/disclosure.tsx';
import { EmptyState } from '../../ui/empty-state/empty-state.tsx';
import { FileTextIcon } from '../../ui/icons/icons.tsx';
import { longDate } from './patient-dates.ts';
import * as styles from './patient-detail.css.ts';
import { PlusIcon } from './patient-icons.tsx';
import { usePracticeClock } from './use-practice-clock.ts';

const createNoteComingSoon = () => notify.info({ title: patientMessages.createNoteComingSoon });

/** The Clinical Notes tab (SPEC §2): New Note, the empty state, collapsible SOAP cards (closed at first). */
export function ClinicalNotes({ notes }: { notes: readonly PatientNote[] }) {
  const { timeZone } = usePracticeClock();
  return (
    <section aria-labelledby="notes-title">
      <div className={styles.tabHeader}>
        <h2 id="notes-title" className={styles.cardTitle}>
          Clinical Notes
        </h2>
        <Button size="sm" onPress={createNoteComingSoon}>
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
            <Button variant="outline" onPress={createNoteComingSoon}>
              {patientMessages.noNotes.action}
            </Button>
          }
        />
      ) : (
        <div className={styles.sections}>
          {notes.map((note) => (
            <NoteCard key={note.id} note={note} timeZone={timeZone} />
          ))}
        </div>
      )}
    </section>
  );
}

const soapParts = [
  ['subjective', 'Subjective'],
  ['objective', 'Objective'],
  ['assessment', 'Assessment'],
  ['plan', 'Plan'],
] as const;

/** A signed note is locked; its corrections (addenda) are listed under it, each with who added it and when. */
function NoteCard({ note, timeZone }: { note: PatientNote; timeZone: string }) {
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
        <Button variant="outline" size="sm" className={styles.back} onPress={() => notify.info({ title: patientMessages.editNoteComingSoon })}>
          Edit Note
        </Button>
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
