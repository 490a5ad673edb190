import type { ReactNode } from 'react';
import * as styles from './page-header.css.ts';

export interface PageHeaderProps {
  /** The screen's one h1. */
  title: ReactNode;
  /** A line under the title: what the screen is for, or whose it is. */
  description?: ReactNode;
  /** Buttons or links for the whole screen (New Appointment), right of the title on wide screens. */
  actions?: ReactNode;
  /** Before the title: a photo. */
  leading?: ReactNode;
  /** `page` for a workspace's home (the dashboards, the schedule), `subpage` for its other screens. */
  size?: 'page' | 'subpage';
}

/** The top of a signed-in screen: its title, a line under it and its actions (the type scale's page sizes). */
export function PageHeader({ title, description, actions, leading, size = 'subpage' }: PageHeaderProps) {
  return (
    <div className={styles.header}>
      <div className={styles.intro}>
        {leading}
        <div className={styles.text}>
          <h1 className={styles.title[size]}>{title}</h1>
          {description ? <p className={styles.description}>{description}</p> : null}
        </div>
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
