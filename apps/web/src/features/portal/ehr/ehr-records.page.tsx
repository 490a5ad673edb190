import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ehrMessages, ehrRecordTypeLabel, formatLongDate, formatLongDateTime, PORTAL_PAGE_SIZE } from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { usePageParam } from '../../../lib/use-page-param.ts';
import { apiErrorCode } from '../../../lib/api-errors.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { Badge } from '../../../ui/badge/badge.tsx';
import { Button, LinkButton } from '../../../ui/button/button.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { EmptyState } from '../../../ui/empty-state/empty-state.tsx';
import { FormAlert } from '../../../ui/form/form.tsx';
import { CheckIcon, ChevronLeftIcon, ChevronRightIcon, FileTextIcon } from '../../../ui/icons/icons.tsx';
import { TextLink } from '../../../ui/link/link.tsx';
import { Skeleton } from '../../../ui/skeleton/skeleton.tsx';
import { portalPaths } from '../portal-paths.ts';
import { AddendumDialog } from '../../../lib/clinical-notes/addendum-dialog.tsx';
import { draftTarget, NoteEditorDialog } from '../../../lib/clinical-notes/note-editor-dialog.tsx';
import * as styles from './ehr.css.ts';
import { usePractice } from '../../../lib/use-practice.ts';
import { PageHeader } from '../../../ui/page-header/page-header.tsx';

type RecordPage = RouterOutputs['clinicalRecords']['list'];
type EhrRecord = RecordPage['items'][number];

/** A record's date is a calendar day in the practice's zone already: no zone applies to it. */
const recordDay = (date: string): string => formatLongDate(date, 'UTC');

const soapParts = [
  ['subjective', 'Subjective'],
  ['objective', 'Objective'],
  ['assessment', 'Assessment'],
  ['plan', 'Plan'],
] as const;

/**
 * `/provider-portal/ehr` (docs/product.md#clinical-notes): "All EHR Records", or "Patient Records" for the
 * patient `?patientId=` names (docs/product.md#clinical-notes; the preview banner went with issue 26: all of it is stored);
 * drafts first ("Edit draft"), then each signed record with its SOAP sections and the addenda
 * under it ("Add addendum"); paged (`?page=`).
 */
export function EhrRecordsPage() {
  const trpc = useTRPC();
  const { timeZone } = usePractice();
  const [searchParams] = useSearchParams();
  const { page, cursor, goToPage: showPage } = usePageParam();
  const patientId = searchParams.get('patientId') || undefined;
  const patientNameParam = searchParams.get('patientName') || undefined;
  const records = useQuery({
    ...trpc.clinicalRecords.list.queryOptions({ ...(patientId ? { patientId } : {}), page, pageSize: PORTAL_PAGE_SIZE, ...(cursor ? { cursor } : {}) }),
    placeholderData: keepPreviousData,
    retry: (failures, error) => failures < 1 && !['NOT_FOUND', 'BAD_REQUEST', 'UNAUTHORIZED'].includes(apiErrorCode(error) ?? ''),
  });
  const [addendumFor, setAddendumFor] = useState<EhrRecord | null>(null);
  const [editing, setEditing] = useState<EhrRecord | null>(null);

  // A patient that is not the practice's (unknown or another's) simply has no records here.
  const unknownPatient = records.isError && ['NOT_FOUND', 'BAD_REQUEST'].includes(apiErrorCode(records.error) ?? '');
  const patientName = patientNameParam ?? records.data?.items[0]?.patientName;
  const createLink = portalPaths.newEhrRecord(patientId && !unknownPatient ? { patientId, patientName } : {});
  const title = patientId ? ehrMessages.patientRecords : ehrMessages.allRecords;

  const goToPage = (next: number) => {
    showPage(next, records.data);
    window.scrollTo?.({ top: 0 });
  };

  let body;
  if (records.isPending) body = <RecordsLoading />;
  else if (records.isError && !unknownPatient) {
    body = (
      <Card className={styles.failure}>
        <FormAlert>The records could not be loaded. Please check your connection and try again.</FormAlert>
        <Button variant="outline" onPress={() => void records.refetch()}>
          Try again
        </Button>
      </Card>
    );
  } else if (unknownPatient || records.data?.items.length === 0) {
    body = (
      <Card>
        <EmptyState
          icon={<FileTextIcon />}
          title={ehrMessages.empty}
          level={2}
          action={
            <LinkButton href={createLink} variant="outline">
              {ehrMessages.createNew}
            </LinkButton>
          }
        />
      </Card>
    );
  } else if (records.data) {
    const { items, total, pageSize } = records.data;
    const pages = Math.max(1, Math.ceil(total / pageSize));
    body = (
      <>
        <ol className={styles.records} aria-label="Records">
          {items.map((record) => (
            <li key={record.id}>
              <RecordCard record={record} timeZone={timeZone} onAddAddendum={() => setAddendumFor(record)} onEdit={() => setEditing(record)} />
            </li>
          ))}
        </ol>
        {pages > 1 ? (
          <nav className={styles.pager} aria-label="Record pages">
            <Button variant="outline" size="sm" isDisabled={page <= 1} onPress={() => goToPage(page - 1)}>
              <ChevronLeftIcon size={16} />
              Previous
            </Button>
            <span role="status">
              Page {Math.min(page, pages)} of {pages} · {total} {total === 1 ? 'record' : 'records'}
            </span>
            <Button variant="outline" size="sm" isDisabled={page >= pages} onPress={() => goToPage(page + 1)}>
              Next
              <ChevronRightIcon size={16} />
            </Button>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title={title}
        description={patientId && patientName ? patientName : undefined}
        actions={<LinkButton href={createLink}>New Record</LinkButton>}
      />
      {patientId ? (
        <TextLink href={portalPaths.ehr} className={styles.back}>
          Show all records
        </TextLink>
      ) : null}
      {body}
      {addendumFor ? (
        <AddendumDialog
          recordId={addendumFor.id}
          recordLabel={`${ehrRecordTypeLabel(addendumFor.recordType)}, ${recordDay(addendumFor.recordDate)} — ${addendumFor.patientName}`}
          onClose={() => setAddendumFor(null)}
        />
      ) : null}
      {editing ? (
        <NoteEditorDialog
          target={draftTarget(editing)}
          timeZone={timeZone}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

function RecordCard({ record, timeZone, onAddAddendum, onEdit }: { record: EhrRecord; timeZone: string; onAddAddendum: () => void; onEdit: () => void }) {
  const headingId = `record-${record.id}`;
  return (
    <Card as="article" aria-labelledby={headingId} className={styles.record}>
      <div className={styles.recordHeader}>
        <div className={styles.titleBlock}>
          <h2 id={headingId} className={styles.recordTitle}>
            {ehrRecordTypeLabel(record.recordType)}
          </h2>
          <ul className={styles.recordMeta} aria-label="About this record">
            <li>{recordDay(record.recordDate)}</li>
            <li>
              <TextLink href={portalPaths.patient(record.patientId)}>{record.patientName}</TextLink>
            </li>
            <li>by {record.author}</li>
          </ul>
        </div>
        {record.signed ? (
          <Badge tone="primary" className={styles.signed}>
            <CheckIcon size={14} />
            Signed
          </Badge>
        ) : (
          <Badge tone="outline">Draft</Badge>
        )}
      </div>
      <dl className={styles.soap}>
        {soapParts.map(([part, label]) => (
          <div key={part} className={styles.soapPart}>
            <dt className={styles.soapTerm}>{label}</dt>
            <dd className={styles.soapText}>{record.content[part] || 'Not recorded'}</dd>
          </div>
        ))}
      </dl>
      {record.addenda.length > 0 ? (
        <section className={styles.addenda} aria-labelledby={`${headingId}-addenda`}>
          <h3 id={`${headingId}-addenda`} className={styles.addendaTitle}>
            Addenda
          </h3>
          <ol className={styles.addendumList}>
            {record.addenda.map((addendum) => (
              <li key={addendum.id} className={styles.addendum}>
                <p className={styles.addendumText}>{addendum.text}</p>
                <p className={styles.addendumByline}>
                  {addendum.author} · <time dateTime={addendum.at}>{formatLongDateTime(addendum.at, timeZone)}</time>
                </p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <div className={styles.recordActions}>
        {record.signed ? (
          <Button variant="outline" size="sm" onPress={onAddAddendum} aria-label={`Add addendum to ${ehrRecordTypeLabel(record.recordType)} of ${recordDay(record.recordDate)}`}>
            Add addendum
          </Button>
        ) : (
          <Button variant="outline" size="sm" onPress={onEdit} aria-label={`Edit draft ${ehrRecordTypeLabel(record.recordType)} of ${recordDay(record.recordDate)}`}>
            Edit draft
          </Button>
        )}
      </div>
    </Card>
  );
}

function RecordsLoading() {
  return (
    <div className={styles.loading} role="status" aria-label="Loading records">
      {[0, 1].map((key) => (
        <Card key={key}>
          <Skeleton height="1.5rem" width="40%" />
          <Skeleton height="1rem" width="60%" />
          <Skeleton height="4rem" />
        </Card>
      ))}
    </div>
  );
}
