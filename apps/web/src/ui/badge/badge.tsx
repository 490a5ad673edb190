import type { BadgeColor } from '@wellspring/domain';
import type { ReactNode } from 'react';
import { badge } from './badge.css.ts';

export interface BadgeProps {
  tone?: 'primary' | 'neutral' | 'outline' | 'danger';
  /** A status colour of the domain (`patientStatusColor`, …); takes the place of `tone`. */
  color?: BadgeColor;
  children: ReactNode;
  className?: string;
}

export function Badge({ tone, color, children, className }: BadgeProps) {
  return <span className={[badge({ tone, color: color ?? 'none' }), className].filter(Boolean).join(' ')}>{children}</span>;
}
