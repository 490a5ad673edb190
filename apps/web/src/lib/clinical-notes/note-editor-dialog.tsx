import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clinicalRecordMessages, ehrRecordTypeLabel, ehrRecordTypeLabels, ehrRecordTypes, formatTimeOfDay, noteTemplates, soapContentSchema, type EhrRecordType, type SoapContent } from '@wellspring/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiErrorMessage, apiFieldErrors } from '../api-errors.ts';
import { notify } from '../toast.tsx';
import { useTRPC } from '../trpc.ts';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { formActions } from '../../ui/form/form.css.ts';
import { Form, FormAlert } from '../../ui/form/form.tsx';
import { Select } from '../../ui/select/select.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import * as styles from './clinical-notes.css.ts';

/** How long typing pauses before the draft is saved. */
const AUTOSAVE_DELAY_MS = 800;

const typeItems = ehrRecordTypes.map((type) => ({ id: type, label: ehrRecordTypeLabels[type] }));
const isRecordType = (value: string): value is EhrRecordType => (ehrRecordTypes as readonly string[]).includes(value);

type Section = keyof SoapContent;
const sections: readonly (readonly [Section, string])[] = [
  ['subjective', 'Subjective'],
  ['objective', 'Objective'],
  ['assessment', 'Assessment'],
  ['plan', 'Plan'],
];

const keyOf = (content: SoapContent): string => JSON.stringify([content.subjective, content.objective, content.assessment, content.plan]);
/** Nothing written yet: every section empty or still its template's prompt. */
const isBlank = (content: SoapContent, type: EhrRecordType): boolean => sections.every(([section]) => content[section].trim() === '' || content[section] === noteTemplates[type][section]);

export interface NoteEditorTarget {
  readonly patientId: string;
  readonly patientName: string;
  /** The visit the note is written for, when there is one. */
  readonly appointmentId?: string;
  /** A draft to go on with; none: a new note. */
  readonly draft?: { readonly id: string; readonly recordType: EhrRecordType; readonly content: SoapContent };
}

/** A listed draft (the EHR list's or Clinical Notes' row) as the editor's target. */
export const draftTarget = (note: {
  readonly id: string;
  readonly patientId: string;
  readonly patientName: string;
  readonly recordType: EhrRecordType;
  readonly content: SoapContent;
}): NoteEditorTarget => ({ patientId: note.patientId, patientName: note.patientName, draft: { id: note.id, recordType: note.recordType, content: note.content } });

type SaveState = { readonly kind: 'idle' } | { readonly kind: 'saving' } | { readonly kind: 'saved'; readonly at: string } | { readonly kind: 'failed'; readonly message: string };

/**
 * "New Note" / "Edit Note" (issue 26): a note is a draft, saved as the practitioner types (a pause of
 * AUTOSAVE_DELAY_MS), until they sign it. A new note starts from its type's template; the draft is
 * created with the first words written, so opening and closing the editor leaves nothing behind.
 * Signing saves the last words first and locks the note. A failed save keeps everything typed and
 * the editor open.
 */
export function NoteEditorDialog({ target, timeZone, onClose }: { readonly target: NoteEditorTarget; readonly timeZone: string; readonly onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.clinicalRecords.create.mutationOptions());
  const saveDraft = useMutation(trpc.clinicalRecords.saveDraft.mutationOptions());
  const sign = useMutation(trpc.clinicalRecords.sign.mutationOptions());

  const [recordType, setRecordType] = useState<EhrRecordType>(target.draft?.recordType ?? 'soap');
  const [content, setContent] = useState<SoapContent>(target.draft?.content ?? noteTemplates.soap);
  const [errors, setErrors] = useState<Partial<Record<Section, string>>>({});
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const [noteId, setNoteId] = useState<string | null>(target.draft?.id ?? null);
  const [busy, setBusy] = useState(false);

  // What the server holds, and the saves in flight one after another (a draft is created once).
  const idRef = useRef<string | null>(target.draft?.id ?? null);
  const savedKey = useRef<string | null>(target.draft ? keyOf(target.draft.content) : null);
  const chain = useRef<Promise<boolean>>(Promise.resolve(true));
  const latest = useRef({ content, recordType });
  latest.current = { content, recordType };

  const refresh = useCallback(
    () => Promise.all([queryClient.invalidateQueries(trpc.patients.pathFilter()), queryClient.invalidateQueries(trpc.clinicalRecords.pathFilter())]),
    [queryClient, trpc],
  );

  /** Saves the editor's text now (after any save in flight); true when the server has it. */
  const persist = useCallback((): Promise<boolean> => {
    const run = async (): Promise<boolean> => {
      const { content: text, recordType: type } = latest.current;
      const key = keyOf(text);
      if (key === savedKey.current) return true;
      if (idRef.current === null && isBlank(text, type)) return true;
      const checked = soapContentSchema.safeParse(text);
      if (!checked.success) {
        const fieldErrors: Partial<Record<Section, string>> = {};
        for (const issue of checked.error.issues) {
          const section = issue.path[0];
          if (typeof section === 'string' && section in text) fieldErrors[section as Section] ??= issue.message;
        }
        setErrors(fieldErrors);
        setSaveState({ kind: 'failed', message: 'The note was not saved: see the sections marked.' });
        return false;
      }
      setSaveState({ kind: 'saving' });
      try {
        if (idRef.current === null) {
          const created = await create.mutateAsync({
            patientId: target.patientId,
            patientName: target.patientName,
            ...(target.appointmentId ? { appointmentId: target.appointmentId } : {}),
            recordType: type,
            ...text,
          });
          idRef.current = created.id;
          setNoteId(created.id);
          setSaveState({ kind: 'saved', at: created.savedAt });
        } else {
          const saved = await saveDraft.mutateAsync({ id: idRef.current, ...text });
          setSaveState({ kind: 'saved', at: saved.savedAt });
        }
        savedKey.current = key;
        setErrors({});
        return true;
      } catch (error) {
        setErrors(apiFieldErrors(error));
        setSaveState({ kind: 'failed', message: apiErrorMessage(error) ?? 'The note could not be saved. Please check your connection and try again.' });
        return false;
      }
    };
    chain.current = chain.current.then(run);
    return chain.current;
  }, [create, saveDraft, target]);

  // Saves once typing pauses.
  useEffect(() => {
    const key = keyOf(content);
    if (key === savedKey.current || (idRef.current === null && isBlank(content, recordType))) return undefined;
    const timer = setTimeout(() => void persist(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [content, recordType, persist]);

  const changeType = (type: EhrRecordType) => {
    // Before anything is written, the new type's template replaces the old one's.
    if (isBlank(content, recordType)) setContent(noteTemplates[type]);
    setRecordType(type);
  };

  const close = async () => {
    setBusy(true);
    const saved = await persist();
    setBusy(false);
    if (!saved) return;
    if (idRef.current !== null) void refresh();
    onClose();
  };

  const signNote = async () => {
    if (isBlank(content, recordType)) {
      setSaveState({ kind: 'failed', message: 'Write the note before signing it.' });
      return;
    }
    setBusy(true);
    try {
      if (!(await persist()) || idRef.current === null) return;
      await sign.mutateAsync({ id: idRef.current });
      notify.success({ title: clinicalRecordMessages.signed });
      await refresh();
      onClose();
    } catch (error) {
      setSaveState({ kind: 'failed', message: apiErrorMessage(error) ?? 'The note could not be signed. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  const title = target.draft ? 'Edit Note' : 'New Note';
  return (
    <Dialog
      title={title}
      isOpen
      isDismissable={false}
      onOpenChange={(isOpen) => {
        if (!isOpen) void close();
      }}
    >
      <div className={styles.editorMeta}>
        <span>
          {target.patientName} · {ehrRecordTypeLabel(recordType)} · Draft
        </span>
        <span role="status" className={styles.saveState}>
          {saveState.kind === 'saving' ? 'Saving…' : saveState.kind === 'saved' ? `${clinicalRecordMessages.draftSaved} at ${formatTimeOfDay(saveState.at, timeZone)}` : ''}
        </span>
      </div>
      <Form
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          void signNote();
        }}
      >
        {noteId === null ? (
          <Select
            label="Note type"
            items={typeItems}
            selectedKey={recordType}
            onSelectionChange={(key) => {
              const type = String(key);
              if (isRecordType(type)) changeType(type);
            }}
            description="Each type starts from its own template."
          />
        ) : null}
        {sections.map(([section, label]) => (
          <TextField
            key={section}
            label={label}
            rows={4}
            value={content[section]}
            onChange={(value) => setContent((current) => ({ ...current, [section]: value }))}
            errorMessage={errors[section]}
          />
        ))}
        {saveState.kind === 'failed' ? <FormAlert>{saveState.message}</FormAlert> : null}
        <p className={styles.hint}>{clinicalRecordMessages.signHint}</p>
        <div className={formActions}>
          <Button variant="outline" onPress={() => void close()} isDisabled={busy}>
            Save draft and close
          </Button>
          <Button type="submit" isPending={busy && sign.isPending} isDisabled={busy}>
            Sign note
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
