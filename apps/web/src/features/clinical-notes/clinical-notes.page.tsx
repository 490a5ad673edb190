import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ehrRecordTypeLabel, ehrRecordTypeLabels, ehrRecordTypes, formatLongDate, PORTAL_PAGE_SIZE, type EhrRecordType } from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { apiErrorCode, apiFieldErrors } from '../../lib/api-errors.ts';
import { AddendumDialog } from '../../lib/clinical-notes/addendum-dialog.tsx';
import { draftTarget, NoteEditorDialog } from '../../lib/clinical-notes/note-editor-dialog.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { firstPage } from '../../lib/use-page-param.ts';
import { useAddressSearch } from '../../lib/use-address-search.ts';
import { usePractice } from '../../lib/use-practice.ts';
import { Badge } from '../../ui/badge/badge.tsx';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { EmptyState } from '../../ui/empty-state/empty-state.tsx';
import { FormAlert } from '../../ui/form/form.tsx';
import { FileTextIcon } from '../../ui/icons/icons.tsx';
import { TextLink } from '../../ui/link/link.tsx';
import { Pager } from '../../ui/pager/pager.tsx';
import { Select } from '../../ui/select/select.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import * as styles from './clinical-notes.css.ts';
import { PageHeader } from '../../ui/page-header/page-header.tsx';

type Note = RouterOutputs['clinicalRecords']['list']['items'][number];

const ALL_TYPES = 'all';
const typeItems = [{ id: ALL_TYPES, label: 'All types' }, ...ehrRecordTypes.map((type) => ({ id: type, label: ehrRecordTypeLabels[type] }))];
const isRecordType = (value: string | null): value is EhrRecordType => value !== null && (ehrRecordTypes as readonly string[]).includes(value);

/** A note's day is a calendar day in the practice's zone already: no zone applies to it. */
const noteDay = (date: string): string => formatLongDate(date, 'UTC');

/**
 * `/dashboard/notes`, the side menu's Clinical Notes (issue 26 replaced its coming-soon toast):
 * every note of the practice, unsigned drafts first and then newest first, found by the patient's
 * name (`?q=`) and the note's type (`?type=`). A draft opens in the note editor; a signed note takes
 * an addendum; each links to its patient's notes.
 */
export function ClinicalNotesPage() {
  const trpc = useTRPC();
  const { timeZone } = usePractice();
  const search = useAddressSearch();
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const recordType = isRecordType(typeParam) ? typeParam : undefined;
  const list = useQuery({
    ...trpc.clinicalRecords.list.queryOptions({ search: search.query, ...(recordType ? { recordType } : {}), page: search.page, pageSize: PORTAL_PAGE_SIZE, ...(search.cursor ? { cursor: search.cursor } : {}) }),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<Note | null>(null);
  const [amending, setAmending] = useState<Note | null>(null);
  const searchError = list.isError && apiErrorCode(list.error) === 'BAD_REQUEST' ? (apiFieldErrors(list.error).search ?? 'Please check the search text.') : undefined;

  const chooseType = (key: string) =>
    setParams(
      (current) => {
        // Another type starts on its first page.
        const next = firstPage(current);
        if (key === ALL_TYPES) next.delete('type');
        else next.set('type', key);
        return next;
      },
      { replace: true },
    );

  let body;
  if (list.isPending) {
    body = (
      <div role="status" aria-label="Loading notes">
        {[0, 1, 2].map((key) => (
          <Card key={key}>
            <Skeleton height="1.25rem" width="40%" />
            <Skeleton height="1rem" width="70%" />
          </Card>
        ))}
      </div>
    );
  } else if (list.isError && !searchError) {
    body = (
      <Card>
        <FormAlert>The notes could not be loaded. Please check your connection and try again.</FormAlert>
        <Button variant="outline" onPress={() => void list.refetch()}>
          Try again
        </Button>
      </Card>
    );
  } else if (!list.data || list.data.items.length === 0) {
    const filtered = search.query !== '' || recordType !== undefined;
    body = (
      <Card>
        <EmptyState
          icon={<FileTextIcon />}
          title="No Clinical Notes"
          level={2}
          description={filtered ? 'No notes match this search.' : 'Notes written from a patient’s record or the EHR records appear here, drafts first.'}
        />
      </Card>
    );
  } else {
    const { items, total, page, pageSize } = list.data;
    body = (
      <>
        <ol className={styles.notes} aria-label="Notes">
          {items.map((note) => (
            <li key={note.id}>
              <NoteRow note={note} onEdit={() => setEditing(note)} onAmend={() => setAmending(note)} />
            </li>
          ))}
        </ol>
        <Pager label="Note pages" page={page} pageSize={pageSize} total={total} shown={items.length} noun={['note', 'notes']} onPage={(target) => search.goToPage(target, list.data)} />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader title="Clinical Notes" description="Every note of your practice, unsigned drafts first." />
      <div className={styles.toolbar} role="search">
        <TextField
          className={styles.search}
          label={<span className={visuallyHidden}>Search notes by patient</span>}
          type="search"
          placeholder="Search by patient name"
          value={search.text}
          onChange={search.type}
          errorMessage={searchError}
        />
        <Select
          className={styles.typeFilter}
          label="Type"
          items={typeItems}
          selectedKey={recordType ?? ALL_TYPES}
          onSelectionChange={(key) => {
            if (key !== null) chooseType(String(key));
          }}
        />
      </div>
      {body}
      {editing ? (
        <NoteEditorDialog
          target={draftTarget(editing)}
          timeZone={timeZone}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {amending ? (
        <AddendumDialog
          recordId={amending.id}
          recordLabel={`${ehrRecordTypeLabel(amending.recordType)}, ${noteDay(amending.recordDate)} — ${amending.patientName}`}
          onClose={() => setAmending(null)}
        />
      ) : null}
    </div>
  );
}

function NoteRow({ note, onEdit, onAmend }: { note: Note; onEdit: () => void; onAmend: () => void }) {
  const label = ehrRecordTypeLabel(note.recordType);
  const headingId = `note-${note.id}`;
  const excerpt = note.content.assessment || note.content.subjective;
  return (
    <Card as="article" aria-labelledby={headingId} className={styles.note}>
      <div className={styles.noteMain}>
        <h2 id={headingId} className={styles.noteTitle}>
          <span>{label}</span>
          <span className={visuallyHidden}>, </span>
          {note.signed ? <Badge tone="primary">Signed</Badge> : <Badge color="yellow">Draft</Badge>}
        </h2>
        <p className={styles.noteMeta}>
          <TextLink href={`/dashboard/patients/${note.patientId}?tab=notes`}>{note.patientName}</TextLink> · {noteDay(note.recordDate)} · by {note.author}
          {note.addenda.length > 0 ? ` · ${note.addenda.length === 1 ? '1 addendum' : `${note.addenda.length} addenda`}` : ''}
        </p>
        {excerpt ? <p className={styles.excerpt}>{excerpt}</p> : null}
      </div>
      <div className={styles.actions}>
        {note.signed ? (
          <Button variant="outline" size="sm" onPress={onAmend} aria-label={`Add addendum to ${label} of ${note.patientName}, ${noteDay(note.recordDate)}`}>
            Add addendum
          </Button>
        ) : (
          <Button size="sm" onPress={onEdit} aria-label={`Edit draft ${label} of ${note.patientName}, ${noteDay(note.recordDate)}`}>
            Edit draft
          </Button>
        )}
      </div>
    </Card>
  );
}
