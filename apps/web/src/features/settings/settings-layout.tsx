import { useId, type ReactNode, type Ref } from 'react';
import { Card } from '../../ui/card/card.tsx';
import * as styles from './settings.css.ts';

/** A card of the screen (Account, Security, Notifications): a region named by its heading. */
export function SettingsSection({ title, description, children }: { readonly title: string; readonly description?: string; readonly children: ReactNode }) {
  const titleId = useId();
  return (
    <Card as="section" padding="lg" aria-labelledby={titleId} className={styles.section}>
      <div className={styles.partHeader}>
        <h2 id={titleId} className={styles.sectionTitle}>
          {title}
        </h2>
        {description ? <p className={styles.muted}>{description}</p> : null}
      </div>
      {children}
    </Card>
  );
}

export interface SettingsPartProps {
  readonly title: string;
  /** The heading's id: the part's form is named by it. */
  readonly titleId: string;
  readonly description?: ReactNode;
  /** Beside the heading (a status badge). */
  readonly status?: ReactNode;
  /** The heading, to move focus to it (`tabIndex={-1}`) when what had focus in the part is gone. */
  readonly titleRef?: Ref<HTMLHeadingElement>;
  readonly children: ReactNode;
}

/** A part of a card (Name, Email, 2-step verification…), with its own heading. */
export function SettingsPart({ title, titleId, description, status, titleRef, children }: SettingsPartProps) {
  return (
    <div className={styles.part}>
      <div className={styles.partHeader}>
        <div className={styles.partTitleRow}>
          <h3 id={titleId} ref={titleRef} tabIndex={titleRef ? -1 : undefined} className={styles.partTitle}>
            {title}
          </h3>
          {status}
        </div>
        {description ? <p className={styles.muted}>{description}</p> : null}
      </div>
      {children}
    </div>
  );
}
