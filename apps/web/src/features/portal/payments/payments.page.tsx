import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  commonMessages,
  canRefundPayment,
  formatMoney,
  formatUsShortDate,
  paymentMessages,
  paymentMethodLabel,
  paymentStatusColor,
  paymentStatusLabel,
  PORTAL_PAGE_SIZE,
} from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import { useState } from 'react';
import { usePageParam } from '../../../lib/use-page-param.ts';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { notify } from '../../../lib/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { Badge } from '../../../ui/badge/badge.tsx';
import { Button, LinkButton } from '../../../ui/button/button.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { ConfirmDialog } from '../../../ui/dialog/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state/empty-state.tsx';
import { LoadFailed, LoadingRows } from '../../../ui/load-states/load-states.tsx';
import { Cell, Column, Row, ShownBelow, Table, TableBody, TableHeader } from '../../../ui/table/table.tsx';
import { visuallyHidden } from '../../../ui/visually-hidden.css.ts';
import { portalPaths } from '../portal-paths.ts';
import { PlusIcon } from './plus-icon.tsx';
import * as styles from './payments.css.ts';
import { Pager } from '../../../ui/pager/pager.tsx';
import { PageHeader } from '../../../ui/page-header/page-header.tsx';

type PaymentPage = RouterOutputs['payments']['list'];
export type PaymentRecord = PaymentPage['items'][number];

/** What a payment without an appointment shows in the Patient and Service columns. */
const NO_APPOINTMENT = 'No appointment';

const refundMessages = {
  action: 'Mark as Refunded',
  confirmTitle: 'Mark this payment as refunded?',
  refunded: 'Payment marked as refunded',
  failed: 'Could not mark the payment as refunded',
} as const;

/** The payment as a phrase: "€85.00 from Emma Thompson on 6/5/2025". */
const describePayment = (payment: PaymentRecord): string =>
  `${formatMoney(payment.amountMinor, payment.currency)}${payment.patientName ? ` from ${payment.patientName}` : ''} on ${formatUsShortDate(payment.date, 'UTC')}`;

/**
 * `/provider-portal/payments`, "Payment Records" (docs/product.md#payments): the practice's payments,
 * newest first, each amount in its own currency; a completed payment can be marked refunded.
 */
export function PaymentsPage() {
  const trpc = useTRPC();
  const { page, cursor, goToPage } = usePageParam();
  const list = useQuery({
    ...trpc.payments.list.queryOptions({ page, pageSize: PORTAL_PAGE_SIZE, ...(cursor ? { cursor } : {}) }),
    placeholderData: keepPreviousData,
  });
  const [refunding, setRefunding] = useState<PaymentRecord | null>(null);

  return (
    <div className={styles.page}>
      <PageHeader
        title="Payment Records"
        description="Payments you have recorded, newest first, each in its own currency."
        actions={
          <LinkButton href={portalPaths.newPayment()}>
            <PlusIcon size={18} />
            New Payment
          </LinkButton>
        }
      />


      {list.isPending ? (
        <LoadingRows label="Loading payments" />
      ) : list.isError && !list.data ? (
        <LoadFailed message="We could not load your payments. Please check your connection and try again." onRetry={() => void list.refetch()} />
      ) : list.data.total === 0 ? (
        <Card padding="lg">
          <EmptyState
            level={2}
            title={paymentMessages.empty.title}
            description={paymentMessages.empty.description}
            action={<LinkButton href={portalPaths.newPayment()}>{paymentMessages.recordNew}</LinkButton>}
          />
        </Card>
      ) : (
        <PaymentTable answer={list.data} stale={list.isPlaceholderData} onPage={(target) => goToPage(target, list.data)} onRefund={setRefunding} />
      )}

      {refunding ? <RefundDialog payment={refunding} onClose={() => setRefunding(null)} /> : null}
    </div>
  );
}

function PaymentTable({ answer, stale, onPage, onRefund }: { answer: PaymentPage; stale: boolean; onPage: (page: number) => void; onRefund: (payment: PaymentRecord) => void }) {
  const { items, total, page, pageSize } = answer;

  return (
    <>
      <div className={stale ? styles.stale : undefined} aria-busy={stale || undefined}>
        <Table aria-label="Payment records">
          <TableHeader>
            <Column isRowHeader hideBelow="sm">
              Date
            </Column>
            <Column isRowHeader>Patient</Column>
            <Column hideBelow="md">Service</Column>
            <Column>Amount</Column>
            <Column hideBelow="lg">Method</Column>
            <Column hideBelow="sm">Status</Column>
            <Column hideBelow="sm">Actions</Column>
          </TableHeader>
          <TableBody items={items} emptyState="This page is past the end of the list.">
            {(payment) => (
              <Row id={payment.id} textValue={describePayment(payment)}>
                <Cell hideBelow="sm">
                  <span className={styles.nowrap}>{formatUsShortDate(payment.date, 'UTC')}</span>
                </Cell>
                <Cell>
                  <span className={styles.stack}>
                    {payment.patientName ? <span className={styles.strong}>{payment.patientName}</span> : <span className={styles.none}>{NO_APPOINTMENT}</span>}
                    {payment.service ? (
                      <ShownBelow breakpoint="md">
                        <span className={styles.secondary}>{payment.service}</span>
                      </ShownBelow>
                    ) : null}
                    <ShownBelow breakpoint="sm">
                      <span className={styles.secondary}>{formatUsShortDate(payment.date, 'UTC')}</span>
                    </ShownBelow>
                  </span>
                </Cell>
                <Cell hideBelow="md">{payment.service ?? <span className={styles.none}>{NO_APPOINTMENT}</span>}</Cell>
                <Cell>
                  <span className={styles.stack}>
                    <span className={styles.amount}>{formatMoney(payment.amountMinor, payment.currency)}</span>
                    <ShownBelow breakpoint="sm">
                      <span className={styles.phoneStatus}>
                        <Badge color={paymentStatusColor(payment.status)}>{paymentStatusLabel(payment.status)}</Badge>
                        {canRefundPayment(payment.status) ? <RefundButton payment={payment} onRefund={onRefund} /> : null}
                      </span>
                    </ShownBelow>
                  </span>
                </Cell>
                <Cell hideBelow="lg">{paymentMethodLabel(payment.method)}</Cell>
                <Cell hideBelow="sm">
                  <Badge color={paymentStatusColor(payment.status)}>{paymentStatusLabel(payment.status)}</Badge>
                </Cell>
                <Cell hideBelow="sm">
                  {canRefundPayment(payment.status) ? (
                    <RefundButton payment={payment} onRefund={onRefund} />
                  ) : (
                    <>
                      <span className={styles.secondary} aria-hidden="true">
                        —
                      </span>
                      <span className={visuallyHidden}>No actions</span>
                    </>
                  )}
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      </div>
      <Pager label="Payment record pages" page={page} pageSize={pageSize} total={total} shown={items.length} noun={['payment', 'payments']} onPage={onPage} />
    </>
  );
}

/** The row action of a completed payment; on a phone it sits under the amount and its badge. */
function RefundButton({ payment, onRefund }: { payment: PaymentRecord; onRefund: (payment: PaymentRecord) => void }) {
  return (
    <Button variant="outline" size="sm" aria-label={`${refundMessages.action}: ${describePayment(payment)}`} onPress={() => onRefund(payment)}>
      {refundMessages.action}
    </Button>
  );
}

/**
 * Refunding is the one change a payment has (the domain's payment machine) and it cannot be undone,
 * so it is confirmed first. A refusal (the payment changed meanwhile) shows the machine's message.
 */
function RefundDialog({ payment, onClose }: { payment: PaymentRecord; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refund = useMutation(
    trpc.payments.refund.mutationOptions({
      onSuccess: () => {
        notify.success({ title: refundMessages.refunded, description: `${describePayment(payment)} is now refunded.` });
      },
      onError: (error) => {
        notify.error({ title: refundMessages.failed, description: apiErrorMessage(error) ?? commonMessages.tryAgainLater });
      },
      onSettled: async () => {
        onClose();
        await Promise.all([queryClient.invalidateQueries(trpc.payments.pathFilter()), queryClient.invalidateQueries(trpc.portalDashboard.pathFilter())]);
      },
    }),
  );

  return (
    <ConfirmDialog
      title={refundMessages.confirmTitle}
      isOpen
      isPending={refund.isPending}
      confirmLabel={refundMessages.action}
      pendingLabel="Marking as Refunded..."
      onCancel={onClose}
      onConfirm={() => refund.mutate({ id: payment.id })}
    >
      {describePayment(payment)} will be marked as refunded. Its amount then no longer counts towards your revenue, and this cannot be undone.
    </ConfirmDialog>
  );
}
