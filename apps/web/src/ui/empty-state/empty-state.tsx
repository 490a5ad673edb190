import type { ReactNode } from 'react';
import * as styles from './empty-state.css.ts';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  /** A button or link that gets the user going again. */
  action?: ReactNode;
  /** Heading level of the title, to fit the page's outline: 1 when the state is the whole page. */
  level?: 1 | 2 | 3;
  className?: string;
}

/** What a list or a page shows when there is nothing to show (the empty states of docs/product.md#texts). */
export function EmptyState({ icon, title, description, action, level = 3, className }: EmptyStateProps) {
  const Heading = (['h1', 'h2', 'h3'] as const)[level - 1] ?? 'h3';
  return (
    <div className={[styles.emptyState, className].filter(Boolean).join(' ')}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <Heading className={styles.title}>{title}</Heading>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
