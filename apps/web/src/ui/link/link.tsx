import type { ReactNode } from 'react';
import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { link } from './link.css.ts';

export type TextLinkProps = Omit<AriaLinkProps, 'className' | 'children'> & { className?: string; children?: ReactNode };

/** An inline text link; client-side navigation comes from the RouterProvider in app/providers. */
export function TextLink({ className, ...props }: TextLinkProps) {
  return <AriaLink {...props} className={[link, className].filter(Boolean).join(' ')} />;
}
