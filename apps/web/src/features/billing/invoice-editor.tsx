import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invoiceContentSchema, invoiceMessages, invoiceTotals, minorToDecimalString, taxRateText, type InvoiceContent } from '@wellspring/domain';
import { useRef, useState } from 'react';
import { apiErrorMessage, apiFieldErrors } from '../../lib/api-errors.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { FormAlert } from '../../ui/form/form.tsx';
import { NumberField } from '../../ui/number-field/number-field.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import { InvoiceTotals, type Invoice } from './invoice-totals.tsx';
import * as styles from './billing.css.ts';

interface LineDraft {
  readonly key: number;
  readonly description: string;
  readonly quantity: number | null;
  readonly unitPrice: string;
}

type Errors = Record<string, string>;

/** The form's lines and rate through the domain's schema: the content, or a message under each field (`lines.0.unitPrice`). */
function parseContent(lines: readonly LineDraft[], taxRate: string): { content: InvoiceContent | null; errors: Errors } {
  const parsed = invoiceContentSchema.safeParse({ lines: lines.map(({ description, quantity, unitPrice }) => ({ description, quantity: quantity ?? Number.NaN, unitPrice })), taxRate });
  if (parsed.success) return { content: { lines: parsed.data.lines, taxRateBasisPoints: parsed.data.taxRate }, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { content: null, errors };
}

/**
 * A draft's lines (description, quantity, unit price in the practice currency) and its tax rate,
 * with the totals as the domain computes them. Save keeps the draft; Issue saves it and numbers it.
 * A refused save keeps everything typed.
 */
export function InvoiceEditor({ invoice }: { invoice: Invoice }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const nextKey = useRef(invoice.lines.length);
  const [lines, setLines] = useState<LineDraft[]>(() =>
    invoice.lines.map((line, index) => ({ key: index, description: line.description, quantity: line.quantity, unitPrice: minorToDecimalString(line.unitPriceMinor) })),
  );
  const [taxRate, setTaxRate] = useState(taxRateText(invoice.taxRateBasisPoints));
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const refresh = () => Promise.all([queryClient.invalidateQueries(trpc.invoices.byId.queryFilter({ id: invoice.id })), queryClient.invalidateQueries(trpc.invoices.list.pathFilter())]);
  const save = useMutation(trpc.invoices.save.mutationOptions());
  const issue = useMutation(trpc.invoices.issue.mutationOptions());
  const busy = save.isPending || issue.isPending;

  const preview = parseContent(lines, taxRate).content;
  const totals = preview ? invoiceTotals(preview) : invoice;

  const change = (key: number, patch: Partial<LineDraft>) => setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const addLine = () => {
    setLines((current) => [...current, { key: nextKey.current, description: '', quantity: 1, unitPrice: '' }]);
    nextKey.current += 1;
  };

  const submit = async (andIssue: boolean) => {
    const { content, errors: found } = parseContent(lines, taxRate);
    setErrors(found);
    setRefusal(null);
    if (!content) {
      setRefusal(found.lines ?? 'Please check the highlighted fields.');
      return;
    }
    try {
      await save.mutateAsync({ id: invoice.id, lines: lines.map(({ description, quantity, unitPrice }) => ({ description, quantity: quantity ?? 0, unitPrice })), taxRate });
      if (andIssue) {
        const { number } = await issue.mutateAsync({ id: invoice.id });
        notify.success({ title: invoiceMessages.issued(number) });
      } else notify.success({ title: invoiceMessages.saved });
      await refresh();
    } catch (error) {
      const fields = apiFieldErrors(error);
      setRefusal(Object.values(fields)[0] ?? apiErrorMessage(error) ?? invoiceMessages.saveFailed.description);
      notify.error(invoiceMessages.saveFailed);
    }
  };

  return (
    <Card padding="md">
      <h2>Lines</h2>
      <ul className={styles.lines} aria-label="Invoice lines">
        {lines.map((line, index) => (
          <li key={line.key} className={styles.line}>
            <TextField
              className={styles.lineDescription}
              label={`Description, line ${index + 1}`}
              value={line.description}
              onChange={(description) => change(line.key, { description })}
              errorMessage={errors[`lines.${index}.description`]}
            />
            <NumberField
              label="Quantity"
              minValue={1}
              step={1}
              value={line.quantity}
              onChange={(quantity) => change(line.key, { quantity })}
              errorMessage={errors[`lines.${index}.quantity`]}
            />
            <TextField
              label={`Unit price (${invoice.currency})`}
              inputMode="decimal"
              value={line.unitPrice}
              onChange={(unitPrice) => change(line.key, { unitPrice })}
              errorMessage={errors[`lines.${index}.unitPrice`]}
            />
            <Button variant="ghost" size="sm" className={styles.lineRemove} aria-label={`Remove line ${index + 1}`} onPress={() => setLines((current) => current.filter((other) => other.key !== line.key))}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <div className={styles.editorFooter}>
        <div className={styles.buttonRow}>
          <Button variant="outline" onPress={addLine}>
            Add line
          </Button>
        </div>
        <TextField className={styles.taxField} label="Tax rate (%)" inputMode="decimal" description="Leave empty for none." value={taxRate} onChange={setTaxRate} errorMessage={errors.taxRate} />
      </div>
      <InvoiceTotals currency={invoice.currency} totals={totals} taxRateBasisPoints={preview?.taxRateBasisPoints ?? invoice.taxRateBasisPoints} />
      {refusal ? <FormAlert>{refusal}</FormAlert> : null}
      <div className={styles.actions}>
        <Button variant="outline" isDisabled={busy} onPress={() => void submit(false)}>
          {save.isPending && !issue.isPending ? 'Saving...' : 'Save draft'}
        </Button>
        <Button isDisabled={busy} onPress={() => void submit(true)}>
          {issue.isPending ? 'Issuing...' : 'Issue invoice'}
        </Button>
      </div>
    </Card>
  );
}
