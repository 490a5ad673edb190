import { Link as AriaLink } from 'react-aria-components';

export interface SessionNavLinkProps {
  readonly className: string;
  readonly location: string;
}

/** "Sign in", or "Dashboard" once signed in. */
export function SessionNavLink({ signedIn, className, location }: SessionNavLinkProps & { readonly signedIn: boolean }) {
  const href = signedIn ? '/dashboard' : '/login';
  return (
    <AriaLink href={href} className={className} aria-current={location === href ? 'page' : undefined}>
      {signedIn ? 'Dashboard' : 'Sign in'}
    </AriaLink>
  );
}
