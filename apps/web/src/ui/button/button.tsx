import type { ReactNode, Ref } from 'react';
import {
  Button as AriaButton,
  Link as AriaLink,
  type ButtonProps as AriaButtonProps,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components';
import { button, type ButtonVariants } from './button.css.ts';

export type ButtonProps = Omit<AriaButtonProps, 'className' | 'children'> &
  ButtonVariants & { className?: string; children?: ReactNode; ref?: Ref<HTMLButtonElement> };

/** Our one button: react-aria's Button with the design system's variants. */
export function Button({ variant, size, fullWidth, className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={[button({ variant, size, fullWidth }), className].filter(Boolean).join(' ')} />;
}

export type LinkButtonProps = Omit<AriaLinkProps, 'className' | 'children'> &
  ButtonVariants & { className?: string; children?: ReactNode };

/** A link (navigates, so it is an `<a>`) that looks like a button. */
export function LinkButton({ variant, size, fullWidth, className, ...props }: LinkButtonProps) {
  return <AriaLink {...props} className={[button({ variant, size, fullWidth }), className].filter(Boolean).join(' ')} />;
}
