import { useQueryClient } from '@tanstack/react-query';
import { superbillMessages, superbillRequestSchema } from '@wellspring/domain';
import { useState } from 'react';
import { apiErrorMessage, apiFieldErrors } from '../../lib/api-errors.ts';
import { saveDownloadedFile } from '../../lib/download.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { DatePicker } from '../../ui/date-picker/date-picker.tsx';
import { Form } from '../../ui/form/form.tsx';
import { fieldPair } from '../../ui/form/form.css.ts';
import { ChevronDownIcon, FileTextIcon } from '../../ui/icons/icons.tsx';
import { Menu, MenuItem } from '../../ui/menu/menu.tsx';
import * as styles from './patient-detail.css.ts';

const EXPORT_FAILED = 'The record could not be exported. Please try again.';

/**
 * "Export record" (issue 26): the patient's own copy of their record, as a FHIR R4 bundle (JSON)
 * or a readable PDF. Each export is audited by the server; the file is made there and saved here.
 */
export function ExportRecordMenu({ patientId }: { patientId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);
  const exportAs = async (format: 'fhir' | 'pdf') => {
    setExporting(true);
    try {
      const options = format === 'fhir' ? trpc.records.fhirBundle.queryOptions({ id: patientId }, { staleTime: 0, gcTime: 0 }) : trpc.records.recordPdf.queryOptions({ id: patientId }, { staleTime: 0, gcTime: 0 });
      saveDownloadedFile(await queryClient.fetchQuery(options));
      notify.success({ title: 'Record exported' });
    } catch (error) {
      notify.error({ title: 'Record not exported', description: apiErrorMessage(error) ?? EXPORT_FAILED });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Menu
      aria-label="Export record as"
      placement="bottom end"
      onAction={(key) => void exportAs(key === 'fhir' ? 'fhir' : 'pdf')}
      button={
        <Button variant="outline" size="sm" isPending={exporting}>
          <FileTextIcon size={16} />
          Export record
          <ChevronDownIcon size={16} />
        </Button>
      }
    >
      <MenuItem id="fhir">FHIR R4 bundle (JSON)</MenuItem>
      <MenuItem id="pdf">Readable PDF</MenuItem>
    </Menu>
  );
}

/**
 * The superbill (issue 26): the patient's paid visits from one day to another, with their codes,
 * fees and amounts paid, as a PDF to file with an insurer or HSA/FSA. The range starts at the
 * first day of the practice's year and ends today.
 */
export function SuperbillCard({ patientId, today }: { patientId: string; today: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useZodForm(superbillRequestSchema, { patientId, from: `${today.slice(0, 4)}-01-01`, to: today });
  const [making, setMaking] = useState(false);
  const [empty, setEmpty] = useState(false);

  const submit = async () => {
    const input = await form.validate();
    if (!input || making) return;
    setMaking(true);
    setEmpty(false);
    try {
      const file = await queryClient.fetchQuery(trpc.records.superbill.queryOptions(input, { staleTime: 0, gcTime: 0 }));
      if (file.lines === 0) setEmpty(true);
      else {
        saveDownloadedFile(file);
        notify.success({ title: superbillMessages.downloaded });
      }
    } catch (error) {
      const fields = apiFieldErrors(error);
      form.showServerErrors(fields);
      if (Object.keys(fields).length === 0) notify.error({ title: 'Superbill not made', description: apiErrorMessage(error) ?? superbillMessages.failed });
    } finally {
      setMaking(false);
    }
  };

  return (
    <Card as="section" aria-labelledby="superbill-title">
      <h2 id="superbill-title" className={styles.cardTitle}>
        Superbill
      </h2>
      <p className={`${styles.muted} ${styles.small}`}>Paid visits with their CPT and ICD-10 codes, fees and payments, for the patient to file with their insurer or HSA/FSA.</p>
      <Form
        aria-label="Superbill"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className={fieldPair}>
          <div ref={form.fieldRef('from')}>
            <DatePicker label="From" value={form.values.from || null} onChange={(value) => form.setValue('from', value ?? '')} maxValue={today} errorMessage={form.errors.from} />
          </div>
          <div ref={form.fieldRef('to')}>
            <DatePicker label="To" value={form.values.to || null} onChange={(value) => form.setValue('to', value ?? '')} errorMessage={form.errors.to} />
          </div>
        </div>
        <p role="status" className={styles.emptyText}>
          {empty ? superbillMessages.noPaidVisits : null}
        </p>
        <Button type="submit" variant="outline" size="sm" className={styles.back} isPending={making}>
          <FileTextIcon size={16} />
          Download superbill
        </Button>
      </Form>
    </Card>
  );
}
