import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatMoney, formatUsShortDate, invoiceMessages, invoiceStatusColors, invoiceStatuses, invoiceStatusLabel, invoiceStatusLabels, PORTAL_PAGE_SIZE, type InvoiceStatus } from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { useSearchParams } from 'wouter';
import { billingPaths } from '../../lib/billing-paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { Badge } from '../../ui/badge/badge.tsx';
import { Card } from '../../ui/card/card.tsx';
import { EmptyState } from '../../ui/empty-state/empty-state.tsx';
import { TextLink } from '../../ui/link/link.tsx';
import { Pager } from '../../ui/pager/pager.tsx';
import { Select } from '../../ui/select/select.tsx';
import { LoadFailed, LoadingRows } from '../../ui/load-states/load-states.tsx';
import { Cell, Column, Row, ShownBelow, Table, TableBody, TableHeader } from '../../ui/table/table.tsx';
import { NewInvoiceDialog } from './new-invoice-dialog.tsx';
import * as styles from './billing.css.ts';
import { PageHeader } from '../../ui/page-header/page-header.tsx';

type InvoicePage = RouterOutputs['invoices']['list'];
type InvoiceRow = InvoicePage['items'][number];

const ALL = 'all';
const statusFilterItems = [{ id: ALL, label: 'All invoices' }, ...invoiceStatuses.map((status) => ({ id: status, label: invoiceStatusLabels[status] }))];
const isStatus = (value: string | null): value is InvoiceStatus => (invoiceStatuses as readonly string[]).includes(value ?? '');

/** "INV-2026-0001" or "Draft". */
export const invoiceLabel = (invoice: { readonly number: string | null }): string => invoice.number ?? 'Draft';

/**
 * `/dashboard/billing` (issue 26): the practice's invoices, newest first — number (or Draft),
 * patient, date, total and status, filtered by status (kept in `?status=`) — and New invoice, blank
 * for a patient or, from a completed appointment (`?appointment=`), with its patient and session.
 */
export function BillingPage() {
  useDocumentTitle('Billing');
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const appointmentId = params.get('appointment');
  const filter = isStatus(status) ? status : undefined;
  const list = useQuery({ ...trpc.invoices.list.queryOptions({ page, pageSize: PORTAL_PAGE_SIZE, ...(filter ? { status: filter } : {}) }), placeholderData: keepPreviousData });

  const setParam = (name: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      if (name !== 'page') next.delete('page');
      return next;
    });

  return (
    <div className={styles.page}>
      <PageHeader
        title="Billing"
        description="Invoices of your practice, newest first."
        actions={<NewInvoiceDialog appointmentId={appointmentId} onClosed={() => setParam('appointment', null)} />}
      />
      <div className={styles.toolbar}>
        <Select
          label="Status"
          className={styles.filter}
          items={statusFilterItems}
          selectedKey={filter ?? ALL}
          onSelectionChange={(key) => setParam('status', key === ALL || key === null ? null : String(key))}
        />
      </div>
      {list.isPending ? (
        <LoadingRows label="Loading invoices" rows={4} />
      ) : list.isError && !list.data ? (
        <LoadFailed message="We could not load your invoices. Please check your connection and try again." onRetry={() => void list.refetch()} />
      ) : list.data.total === 0 ? (
        <Card padding="lg">
          <EmptyState level={2} title={filter ? `No ${invoiceStatusLabels[filter].toLowerCase()} invoices` : invoiceMessages.empty.title} description={invoiceMessages.empty.description} />
        </Card>
      ) : (
        <InvoiceTable answer={list.data} onPage={(target) => setParam('page', target <= 1 ? null : String(target))} />
      )}
    </div>
  );
}

function InvoiceTable({ answer, onPage }: { answer: InvoicePage; onPage: (page: number) => void }) {
  const { items, total, page, pageSize } = answer;
  return (
    <>
      <Table aria-label="Invoices">
        <TableHeader>
          <Column isRowHeader>Invoice</Column>
          <Column>Patient</Column>
          <Column hideBelow="sm">Date</Column>
          <Column>Total</Column>
          <Column hideBelow="sm">Status</Column>
        </TableHeader>
        <TableBody items={items} emptyState="This page is past the end of the list.">
          {(invoice: InvoiceRow) => (
            <Row id={invoice.id} textValue={`${invoiceLabel(invoice)}, ${invoice.patientName}`}>
              <Cell>
                <span className={styles.stack}>
                  <TextLink href={billingPaths.invoice(invoice.id)} className={styles.nowrap}>
                    {invoiceLabel(invoice)}
                  </TextLink>
                  <ShownBelow breakpoint="sm">
                    <span className={styles.secondary}>{formatUsShortDate(invoice.date, 'UTC')}</span>
                  </ShownBelow>
                </span>
              </Cell>
              <Cell>{invoice.patientName}</Cell>
              <Cell hideBelow="sm">
                <span className={styles.nowrap}>{formatUsShortDate(invoice.date, 'UTC')}</span>
              </Cell>
              <Cell>
                <span className={styles.stack}>
                  <span className={styles.amount}>{formatMoney(invoice.totalMinor, invoice.currency)}</span>
                  <ShownBelow breakpoint="sm">
                    <Badge color={invoiceStatusColors[invoice.status]}>{invoiceStatusLabel(invoice.status)}</Badge>
                  </ShownBelow>
                </span>
              </Cell>
              <Cell hideBelow="sm">
                <Badge color={invoiceStatusColors[invoice.status]}>{invoiceStatusLabel(invoice.status)}</Badge>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      <Pager label="Invoice pages" page={page} pageSize={pageSize} total={total} shown={items.length} noun={['invoice', 'invoices']} onPage={onPage} />
    </>
  );
}
