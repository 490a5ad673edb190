import { Button } from '../button/button.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons/icons.tsx';
import * as styles from './pager.css.ts';

export interface PagerProps {
  /** The navigation's accessible name ("Patient list pages"). */
  readonly label: string;
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
  /** Every row over all pages. */
  readonly total: number;
  /** Rows on this page. */
  readonly shown: number;
  /** What the rows are, singular and plural: ['patient', 'patients']. */
  readonly noun: readonly [string, string];
  readonly onPage: (page: number) => void;
}

/**
 * "Showing 21–40 of 45 patients" with Previous / Next for a paged list. Previous from a page past
 * the end (rows deleted meanwhile) goes to the last page.
 */
export function Pager({ label, page, pageSize, total, shown, noun, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize + 1;
  const last = (page - 1) * pageSize + shown;
  const name = total === 1 ? noun[0] : noun[1];
  return (
    <nav className={styles.pager} aria-label={label}>
      <p className={styles.muted} role="status">
        {shown === 0 ? `${total} ${name}` : `Showing ${first}–${last} of ${total} ${name}`}
      </p>
      {pages > 1 || page > 1 ? (
        <div className={styles.buttons}>
          <Button variant="outline" size="sm" isDisabled={page <= 1} onPress={() => onPage(Math.min(page, pages + 1) - 1)}>
            <ChevronLeftIcon size={16} />
            Previous
          </Button>
          <span className={styles.muted}>
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" isDisabled={page >= pages} onPress={() => onPage(page + 1)}>
            Next
            <ChevronRightIcon size={16} />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
