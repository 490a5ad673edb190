import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commonMessages, formatMoney, invoiceActions, invoiceMessages, paymentMethodLabels, paymentMethods, type PaymentMethod } from '@wellspring/domain';
import { useState } from 'react';
import { apiErrorMessage } from '../../lib/api-errors.ts';
import { notify } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { Button } from '../../ui/button/button.tsx';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { Select } from '../../ui/select/select.tsx';
import { invoiceLabel } from './billing.page.tsx';
import type { Invoice } from './invoice-totals.tsx';
import * as styles from './billing.css.ts';

const methodItems = paymentMethods.map((method) => ({ id: method, label: paymentMethodLabels[method] }));

/** Saves base64 PDF bytes as a download named `fileName`. */
function downloadPdf(fileName: string, base64: string): void {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * What an invoice's status allows (the domain's `invoiceActions`): Send by e-mail, Record payment
 * (a payment of its total, through the payment machine, and the invoice paid by it), Void (confirmed
 * first: it cannot be undone) and Download PDF.
 */
export function InvoiceActions({ invoice }: { invoice: Invoice }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const allowed = invoiceActions(invoice.status);
  const [dialog, setDialog] = useState<'pay' | 'void' | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('card');
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.invoices.byId.queryFilter({ id: invoice.id })),
      queryClient.invalidateQueries(trpc.invoices.list.pathFilter()),
      queryClient.invalidateQueries(trpc.payments.pathFilter()),
    ]);
  const failed = (title: string) => (error: unknown) => notify.error({ title, description: apiErrorMessage(error) ?? commonMessages.tryAgainLater });

  const send = useMutation(trpc.invoices.send.mutationOptions({ onSuccess: ({ email }) => notify.success({ title: invoiceMessages.sent(email) }), onError: failed('Could not send the invoice') }));
  const pay = useMutation(
    trpc.invoices.recordPayment.mutationOptions({
      onSuccess: async () => {
        notify.success({ title: invoiceMessages.paid });
        setDialog(null);
        await refresh();
      },
      onError: failed('Could not record the payment'),
    }),
  );
  const voiding = useMutation(
    trpc.invoices.void.mutationOptions({
      onSuccess: async () => {
        notify.success({ title: invoiceMessages.voided });
        setDialog(null);
        await refresh();
      },
      onError: failed('Could not void the invoice'),
    }),
  );
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const pdf = await queryClient.fetchQuery({ ...trpc.invoices.pdf.queryOptions({ id: invoice.id }), staleTime: 0 });
      downloadPdf(pdf.fileName, pdf.base64);
    } catch (error) {
      failed('Could not make the PDF')(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className={styles.buttonRow}>
      {allowed.send ? (
        <Button variant="outline" isDisabled={send.isPending} onPress={() => send.mutate({ id: invoice.id })}>
          {send.isPending ? 'Sending...' : 'Send by e-mail'}
        </Button>
      ) : null}
      {allowed.recordPayment ? <Button onPress={() => setDialog('pay')}>Record payment</Button> : null}
      <Button variant="outline" isDisabled={downloading} onPress={() => void download()}>
        {downloading ? 'Preparing PDF...' : 'Download PDF'}
      </Button>
      {allowed.void ? (
        <Button variant="ghost" onPress={() => setDialog('void')}>
          Void
        </Button>
      ) : null}

      <Dialog title="Record payment" isOpen={dialog === 'pay'} isDismissable={!pay.isPending} onOpenChange={(open) => (open ? undefined : setDialog(null))}>
        <p>
          A payment of {formatMoney(invoice.totalMinor, invoice.currency)} from {invoice.patientName} is recorded, and {invoiceLabel(invoice)} is marked paid.
        </p>
        <Select label="Payment method" items={methodItems} selectedKey={method} onSelectionChange={(key) => setMethod(String(key) as PaymentMethod)} />
        <div className={styles.actions}>
          <Button variant="outline" isDisabled={pay.isPending} onPress={() => setDialog(null)}>
            Cancel
          </Button>
          <Button isDisabled={pay.isPending} onPress={() => pay.mutate({ id: invoice.id, paymentMethod: method })}>
            {pay.isPending ? 'Recording...' : 'Record payment'}
          </Button>
        </div>
      </Dialog>

      <ConfirmDialog
        title={`Void ${invoiceLabel(invoice)}?`}
        isOpen={dialog === 'void'}
        isPending={voiding.isPending}
        confirmLabel="Void invoice"
        pendingLabel="Voiding..."
        onCancel={() => setDialog(null)}
        onConfirm={() => voiding.mutate({ id: invoice.id })}
      >
        {invoiceMessages.voidConfirm(invoiceLabel(invoice))}
      </ConfirmDialog>
    </div>
  );
}
