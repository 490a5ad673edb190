import type { HTMLAttributes, ReactNode } from 'react';
import * as styles from './notice.css.ts';

export type NoticeProps = HTMLAttributes<HTMLElement> & {
  /** A paragraph for a line of text; a div or a section for a title, text and a button. */
  as?: 'p' | 'div' | 'section';
  /** Before the text, in the primary colour (decorative: hidden from screen readers). */
  icon?: ReactNode;
  tone?: 'info' | 'attention';
  layout?: 'inline' | 'stacked';
  padding?: 'snug' | 'roomy';
  size?: 'md' | 'sm';
  children: ReactNode;
};

/**
 * A note in the flow of a screen (a banner): the community's soft launch, why the user has to sign
 * in again, an address not confirmed yet. It says what it is with `role` where it appears on its own
 * (status or alert); a note there from the start needs none.
 */
export function Notice({ as: Element = 'p', icon, tone, layout, padding, size, className, children, ...props }: NoticeProps) {
  return (
    <Element {...props} className={[styles.notice({ tone, layout, padding, size }), className].filter(Boolean).join(' ')}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {/* A line of text stays one flow (its <strong>s inline) beside the icon; stacked parts stand apart. */}
      {layout === 'stacked' ? children : <span>{children}</span>}
    </Element>
  );
}
