import type { ReactNode } from 'react';
import {
  Cell as AriaCell,
  Column as AriaColumn,
  Row as AriaRow,
  Table as AriaTable,
  TableBody as AriaTableBody,
  TableHeader as AriaTableHeader,
  type CellProps as AriaCellProps,
  type ColumnProps as AriaColumnProps,
  type RowProps as AriaRowProps,
  type TableBodyProps as AriaTableBodyProps,
  type TableHeaderProps as AriaTableHeaderProps,
  type TableProps as AriaTableProps,
} from 'react-aria-components';
import { ChevronDownIcon } from '../icons/icons.tsx';
import * as styles from './table.css.ts';

/** A breakpoint of ui/theme: a column with `hideBelow="lg"` shows from 1024 px up. */
export type Breakpoint = keyof typeof styles.hiddenBelow;

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export type TableProps = Omit<AriaTableProps, 'className' | 'style'> & { className?: string };

/**
 * A data table (react-aria): arrow keys move between rows and cells, Enter opens a row with
 * `href` or `onAction`, sortable headers with `sortDescriptor` / `onSortChange`. Needs an
 * `aria-label` or `aria-labelledby`.
 */
export function Table({ className, ...props }: TableProps) {
  return (
    <div className={styles.container}>
      <AriaTable {...props} className={classes(styles.table, className)} />
    </div>
  );
}

export type TableHeaderProps<T> = Omit<AriaTableHeaderProps<T>, 'className' | 'style'>;

export function TableHeader<T extends object>(props: TableHeaderProps<T>) {
  return <AriaTableHeader {...props} className={styles.header} />;
}

export type ColumnProps = Omit<AriaColumnProps, 'className' | 'style' | 'children'> & {
  children: ReactNode;
  /** Hidden on screens narrower than this breakpoint; give its cells the same `hideBelow`. */
  hideBelow?: Breakpoint;
};

export function Column({ children, hideBelow, ...props }: ColumnProps) {
  return (
    <AriaColumn {...props} className={classes(styles.column, hideBelow && styles.hiddenBelow[hideBelow])}>
      {({ allowsSorting, sortDirection }) => (
        <>
          {children}
          {allowsSorting ? (
            <span className={styles.sortIndicator} aria-hidden="true" style={{ opacity: sortDirection ? 1 : 0.35 }}>
              <ChevronDownIcon size={14} />
            </span>
          ) : null}
        </>
      )}
    </AriaColumn>
  );
}

export type TableBodyProps<T> = Omit<AriaTableBodyProps<T>, 'className' | 'style' | 'renderEmptyState'> & {
  /** Shown in place of the rows when there are none ("No patients found"). */
  emptyState?: ReactNode;
};

export function TableBody<T extends object>({ emptyState, ...props }: TableBodyProps<T>) {
  return (
    <AriaTableBody
      {...props}
      renderEmptyState={emptyState === undefined ? undefined : () => <div className={styles.empty}>{emptyState}</div>}
    />
  );
}

export type RowProps<T> = Omit<AriaRowProps<T>, 'className' | 'style'>;

/** A row; with `href` (or `onAction`) the whole row opens it, by pointer or with Enter. */
export function Row<T extends object>(props: RowProps<T>) {
  return <AriaRow {...props} className={styles.row} data-action={props.onAction ? true : undefined} />;
}

export type CellProps = Omit<AriaCellProps, 'className' | 'style'> & {
  /** Hidden on screens narrower than this breakpoint (matching its column's `hideBelow`). */
  hideBelow?: Breakpoint;
};

export function Cell({ hideBelow, ...props }: CellProps) {
  return <AriaCell {...props} className={classes(styles.cell, hideBelow && styles.hiddenBelow[hideBelow])} />;
}

/** Content shown only below a breakpoint, e.g. the email under the name where the Contact column is hidden. */
export function ShownBelow({ breakpoint, children }: { breakpoint: Breakpoint; children: ReactNode }) {
  return <span className={styles.shownBelow[breakpoint]}>{children}</span>;
}
