import type { HTMLAttributes, ReactNode } from 'react';
import { Card } from '../card/card.tsx';
import { Skeleton } from '../skeleton/skeleton.tsx';
import * as styles from './stat-card.css.ts';

export type StatListProps = HTMLAttributes<HTMLUListElement> & {
  /** `long` for figures that need the width (money): one card to a row on a phone. */
  figure?: 'short' | 'long';
  children: ReactNode;
};

/** The list of a screen's figures (the dashboards' stat cards). */
export function StatList({ figure, className, ...props }: StatListProps) {
  return <ul {...props} className={[styles.statList({ figure }), className].filter(Boolean).join(' ')} />;
}

export interface StatCardProps {
  icon: ReactNode;
  label: string;
  value: string;
  /** Under the figure: what it counts, a progress bar, a link. */
  children?: ReactNode;
}

/** One figure of a StatList: its label with an icon, the figure, and what goes with it. */
export function StatCard({ icon, label, value, children }: StatCardProps) {
  return (
    <Card as="li" className={styles.stat}>
      <span className={styles.label}>
        {icon}
        {label}
      </span>
      <span className={styles.value}>{value}</span>
      {children}
    </Card>
  );
}

/** A stat card's place while its figure loads. */
export function StatCardSkeleton() {
  return (
    <Card as="li" className={styles.stat}>
      <Skeleton width="60%" />
      <Skeleton width="40%" height="2rem" />
    </Card>
  );
}

/** A line under a figure, in the card's muted small type. */
export function StatDetail({ children }: { children: ReactNode }) {
  return <span className={styles.detail}>{children}</span>;
}
