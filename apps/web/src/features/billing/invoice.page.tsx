import { useQuery } from '@tanstack/react-query';
import { formatLongDate, formatMoney, invoiceStatusColors, invoiceStatusLabel } from '@wellspring/domain';
import { useParams } from 'wouter';
import { apiErrorCode } from '../../lib/api-errors.ts';
import { billingPaths } from '../../lib/billing-paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { Badge } from '../../ui/badge/badge.tsx';
import { LinkButton } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { EmptyState } from '../../ui/empty-state/empty-state.tsx';
import { LoadFailed } from '../../ui/load-states/load-states.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../ui/table/table.tsx';
import { invoiceLabel } from './billing.page.tsx';
import { InvoiceActions } from './invoice-actions.tsx';
import { InvoiceEditor } from './invoice-editor.tsx';
import { InvoiceTotals, type Invoice } from './invoice-totals.tsx';
import * as styles from './billing.css.ts';
import { PageHeader } from '../../ui/page-header/page-header.tsx';

/**
 * `/dashboard/billing/:id`: one invoice. A draft opens in the editor; an issued, paid or void one
 * shows its lines and totals as its PDF does, with the actions its status allows.
 */
export function InvoicePage() {
  const { id = '' } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const invoice = useQuery(trpc.invoices.byId.queryOptions({ id }));
  useDocumentTitle(invoice.data ? `${invoice.data.number ? `Invoice ${invoice.data.number}` : 'Draft invoice'} · Billing` : 'Invoice · Billing');

  return (
    <div className={styles.page}>
      <LinkButton variant="link" size="inline" href={billingPaths.list} className={styles.back}>
        ← All invoices
      </LinkButton>
      {invoice.isPending ? (
        <Card padding="md" role="status" aria-label="Loading the invoice">
          <Skeleton height="8rem" />
        </Card>
      ) : invoice.isError ? (
        apiErrorCode(invoice.error) === 'NOT_FOUND' ? (
          <Card padding="lg">
            <EmptyState level={1} title="Invoice not found" description="It may have been removed, or it belongs to another practice." action={<LinkButton href={billingPaths.list}>All invoices</LinkButton>} />
          </Card>
        ) : (
          <LoadFailed message="We could not load this invoice. Please check your connection and try again." onRetry={() => void invoice.refetch()} />
        )
      ) : (
        <InvoiceView invoice={invoice.data} />
      )}
    </div>
  );
}

function InvoiceView({ invoice }: { invoice: Invoice }) {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  return (
    <>
      <PageHeader
        title={invoice.number ? `Invoice ${invoice.number}` : 'Draft invoice'}
        actions={<Badge color={invoiceStatusColors[invoice.status]}>{invoiceStatusLabel(invoice.status)}</Badge>}
      />
      <Card padding="md">
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt className={styles.factLabel}>Patient</dt>
            <dd className={styles.factValue}>{invoice.patientName}</dd>
          </div>
          <div className={styles.fact}>
            <dt className={styles.factLabel}>{invoice.issuedOn ? 'Date of issue' : 'Created'}</dt>
            <dd className={styles.factValue}>{formatLongDate(invoice.issuedOn ?? invoice.createdOn, invoice.timeZone)}</dd>
          </div>
          {/* A draft's total is the editor's, as typed. */}
          {invoice.status === 'draft' ? null : (
            <div className={styles.fact}>
              <dt className={styles.factLabel}>Total</dt>
              <dd className={`${styles.factValue} ${styles.amount}`}>{money(invoice.totalMinor)}</dd>
            </div>
          )}
        </dl>
      </Card>
      {invoice.status === 'draft' ? (
        <InvoiceEditor invoice={invoice} />
      ) : (
        <Card padding="md">
          <Table aria-label={`Lines of ${invoiceLabel(invoice)}`}>
            <TableHeader>
              <Column isRowHeader>Description</Column>
              <Column hideBelow="sm">Qty</Column>
              <Column hideBelow="sm">Unit price</Column>
              <Column>Amount</Column>
            </TableHeader>
            <TableBody items={invoice.lines.map((line, index) => ({ ...line, id: index }))}>
              {(line) => (
                <Row id={line.id} textValue={line.description}>
                  <Cell>{line.description}</Cell>
                  <Cell hideBelow="sm">{line.quantity}</Cell>
                  <Cell hideBelow="sm">{money(line.unitPriceMinor)}</Cell>
                  <Cell>
                    <span className={styles.amount}>{money(line.quantity * line.unitPriceMinor)}</span>
                  </Cell>
                </Row>
              )}
            </TableBody>
          </Table>
          <InvoiceTotals currency={invoice.currency} totals={invoice} taxRateBasisPoints={invoice.taxRateBasisPoints} />
        </Card>
      )}
      <InvoiceActions invoice={invoice} />
    </>
  );
}
