import type { ElementType, HTMLAttributes, ReactNode } from 'react';
import { card } from './card.css.ts';

export type CardProps = HTMLAttributes<HTMLElement> & {
  /** The element to render: a section, an article or a list item where that gives better semantics. */
  as?: ElementType;
  padding?: 'md' | 'lg';
  tone?: 'plain' | 'tinted' | 'raised';
  children: ReactNode;
};

export function Card({ as: Element = 'div', padding, tone, className, ...props }: CardProps) {
  return <Element {...props} className={[card({ padding, tone }), className].filter(Boolean).join(' ')} />;
}
