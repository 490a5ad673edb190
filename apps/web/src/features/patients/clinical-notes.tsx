import { patientMessages, type PatientNote } from '@wellspring/domain';
import { notify } from '../../lib/toast.tsx';
import { Badge } from '../../ui/badge/badge.tsx';
import { Button } from '../../ui/button/button.tsx';
import { Disclosure } from '../../ui/disclosure/disclosure.tsx';
import { EmptyState } from '../../ui/empty-state/empty-state.tsx';
import { FileTextIcon } from '../../ui/icons/icons.tsx';
import { longDate } from './patient-dates.ts';
import * as styles from './patient-detail.css.ts';
import { PlusIcon } from './patient-icons.tsx';

const createNoteComingSoon = () => notify.info({ title: patientMessages.createNoteComingSoon });

/** The Clinical Notes tab (SPEC §2): New Note, the empty state, collapsible SOAP cards (closed at first). */
export function ClinicalNotes({ notes }: { notes: readonly PatientNote[] }) {
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
            <NoteCard key={note.id} note={note} />
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

function NoteCard({ note }: { note: PatientNote }) {
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
        <Button variant="outline" size="sm" className={styles.back} onPress={() => notify.info({ title: patientMessages.editNoteComingSoon })}>
          Edit Note
        </Button>
      </div>
    </Disclosure>
  );
}
