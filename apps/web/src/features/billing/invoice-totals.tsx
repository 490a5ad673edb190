/**
 * One invoice as the invoice screen reads it, and its totals as the PDF shows them: shared by the
 * screen (invoice.page.tsx), its editor and its actions, which the screen composes.
 */
import { formatMoney, taxRateText } from '@wellspring/domain';
import type { RouterOutputs } from '@wellspring/server/router';
import * as styles from './billing.css.ts';

export type Invoice = RouterOutputs['invoices']['byId'];

/** Subtotal, tax (when there is a rate) and total, as the PDF shows them. */
export function InvoiceTotals({ currency, totals, taxRateBasisPoints }: { currency: Invoice['currency']; totals: { subtotalMinor: number; taxMinor: number; totalMinor: number }; taxRateBasisPoints: number }) {
  const money = (minor: number) => formatMoney(minor, currency);
  const rate = taxRateText(taxRateBasisPoints);
  return (
    <div role="group" aria-label="Totals">
      <dl className={styles.totals}>
        <dt>Subtotal</dt>
        <dd className={styles.totalValue}>{money(totals.subtotalMinor)}</dd>
        {rate === '' ? null : (
          <>
            <dt>Tax ({rate}%)</dt>
            <dd className={styles.totalValue}>{money(totals.taxMinor)}</dd>
          </>
        )}
        <dt className={styles.grandTotal}>Total</dt>
        <dd className={`${styles.totalValue} ${styles.grandTotal}`}>{money(totals.totalMinor)}</dd>
      </dl>
    </div>
  );
}
