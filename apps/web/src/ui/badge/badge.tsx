import type { ReactNode } from 'react';
import { badge } from './badge.css.ts';

export interface BadgeProps {
  tone?: 'primary' | 'neutral' | 'outline' | 'danger';
  children: ReactNode;
  className?: string;
}

export function Badge({ tone, children, className }: BadgeProps) {
  return <span className={[badge({ tone }), className].filter(Boolean).join(' ')}>{children}</span>;
}
