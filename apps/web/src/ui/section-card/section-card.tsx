import type { ReactNode } from 'react';
import { Card } from '../card/card.tsx';
import * as styles from './section-card.css.ts';

export interface SectionCardProps {
  /** The heading's id: the section is named by it. */
  readonly titleId: string;
  readonly title: string;
  /** Beside the heading: the section's one action (a link to the whole list). */
  readonly action?: ReactNode;
  readonly children: ReactNode;
}

/** A titled section of a screen in a card, such as the two dashboards' "Upcoming Appointments". */
export function SectionCard({ titleId, title, action, children }: SectionCardProps) {
  return (
    <Card as="section" aria-labelledby={titleId} padding="lg">
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </Card>
  );
}

/** A section's rows: each a bordered line whose first cell (`SectionRowMain`) takes the width. */
export function SectionList({ children }: { readonly children: ReactNode }) {
  return <ul className={styles.list}>{children}</ul>;
}

export function SectionRow({ children }: { readonly children: ReactNode }) {
  return <li className={styles.row}>{children}</li>;
}

/** A row's main cell: its lead (a name, as a link) over its details. */
export function SectionRowMain({ children }: { readonly children: ReactNode }) {
  return <div className={styles.rowMain}>{children}</div>;
}

/** The class of a row's lead link (its name). */
export const sectionRowLead = styles.rowLead;
