import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as AriaLink } from 'react-aria-components';
import { useLocation } from 'wouter';
import { WAITLIST_SECTION_ID } from '../../lib/scroll.ts';
import { useMaybeSignedIn } from '../../lib/session-hint.ts';
import { siteConfig } from '../../lib/site-config.ts';
import { Button, LinkButton } from '../../ui/button/button.tsx';
import { CloseIcon, LeafIcon, MenuIcon } from '../../ui/icons/icons.tsx';
import * as styles from './header.css.ts';
import type { SessionSwitchProps } from './session-link.tsx';
import { isCurrentPage, siteLinks } from './site-links.ts';
import { ThemeControl } from './theme-control.tsx';
import { useScrolledPast } from './use-scrolled.ts';

// The full navigation needs about 1000 px; below that it lives in the menu (matches styles.wideOnly).
const WIDE_SCREEN_QUERY = '(min-width: 1024px)';
const MOBILE_MENU_ID = 'mobile-menu';
const WAITLIST_HREF = `/#${WAITLIST_SECTION_ID}`;
// A signed-in practitioner's own place, in the header instead of the waitlist and "Sign in".
const WORKSPACE_HREF = '/dashboard';

export function Header() {
  const { productionHost } = siteConfig();
  const [location] = useLocation();
  const scrolled = useScrolledPast();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuToggleRef = useRef<HTMLButtonElement>(null);

  // The menu closes on every route change (docs/product.md#header-and-footer).
  const [menuLocation, setMenuLocation] = useState(location);
  if (menuLocation !== location) {
    setMenuLocation(location);
    setMenuOpen(false);
  }

  useMenuSideEffects(menuOpen, () => {
    setMenuOpen(false);
    menuToggleRef.current?.focus();
  });

  // A link to the sign-up section: on `/` it scrolls there, elsewhere it goes to `/` first (lib/scroll).
  const joinLink = (
    <LinkButton size="sm" href={WAITLIST_HREF} onPress={() => setMenuOpen(false)}>
      Join Waitlist
    </LinkButton>
  );
  // Signed in, the waitlist is not for them: the button leads to their dashboard instead.
  const actionLink = (signedIn: boolean) =>
    signedIn ? (
      <LinkButton size="sm" href={WORKSPACE_HREF} aria-current={isCurrentPage(location, WORKSPACE_HREF) ? 'page' : undefined}>
        Dashboard
      </LinkButton>
    ) : (
      joinLink
    );

  return (
    <header className={styles.header} data-scrolled={scrolled || undefined} data-menu-open={menuOpen || undefined}>
      <div className={styles.bar}>
        <AriaLink href="/" className={styles.brand}>
          <span className={styles.brandMark} aria-hidden="true">
            <LeafIcon size={18} />
          </span>
          Wellspring
        </AriaLink>

        {productionHost ? (
          <div className={styles.actions}>{joinLink}</div>
        ) : (
          <div className={styles.actions}>
            <nav aria-label="Main" className={styles.wideOnly}>
              <NavLinks className={styles.navLink} location={location} />
              <BySession>{(signedIn) => (signedIn ? null : <SignInLink className={styles.navLink} location={location} />)}</BySession>
            </nav>
            <ThemeControl />
            <div className={styles.wideOnly}>
              <BySession>{actionLink}</BySession>
            </div>
            <Button
              ref={menuToggleRef}
              variant="ghost"
              size="icon"
              className={styles.narrowOnly}
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? MOBILE_MENU_ID : undefined}
              onPress={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
            </Button>
          </div>
        )}
      </div>

      {!productionHost && menuOpen ? (
        <div id={MOBILE_MENU_ID} className={styles.mobileMenu} data-mobile-menu>
          <nav aria-label="Mobile" className={styles.mobileNav}>
            <NavLinks className={styles.mobileLink} location={location} />
            <BySession>
              {(signedIn) =>
                signedIn ? (
                  <LinkButton
                    size="lg"
                    fullWidth
                    href={WORKSPACE_HREF}
                    aria-current={isCurrentPage(location, WORKSPACE_HREF) ? 'page' : undefined}
                    onPress={() => setMenuOpen(false)}
                  >
                    Dashboard
                  </LinkButton>
                ) : (
                  <>
                    <LinkButton size="lg" fullWidth href={WAITLIST_HREF} onPress={() => setMenuOpen(false)}>
                      Join Waitlist
                    </LinkButton>
                    <SignInLink className={styles.mobileLink} location={location} />
                  </>
                )
              }
            </BySession>
          </nav>
        </div>
      ) : null}
    </header>
  );
}

/** Home and the public pages, the current one marked for assistive technology and by style. */
function NavLinks({ className, location }: { readonly className: string; readonly location: string }) {
  return (
    <>
      <AriaLink href="/" className={className} aria-current={location === '/' ? 'page' : undefined}>
        Home
      </AriaLink>
      {siteLinks.map((link) => (
        <AriaLink key={link.href} href={link.href} className={className} aria-current={isCurrentPage(location, link.href) ? 'page' : undefined}>
          {link.label}
        </AriaLink>
      ))}
    </>
  );
}

/** "Sign in", for a visitor without a session (local and preview hosts only). */
function SignInLink({ className, location }: { readonly className: string; readonly location: string }) {
  return (
    <AriaLink href="/login" className={className} aria-current={location === '/login' ? 'page' : undefined}>
      Sign in
    </AriaLink>
  );
}

// The session check needs the API stack (React Query, tRPC), which the landing page's initial
// JavaScript leaves out: it loads on its own, the signed-out items showing meanwhile, and only where
// the visitor may be signed in (lib/session-hint): a visitor without a session cookie is not.
const LazySessionSwitch = lazy(() => import('./session-link.tsx').then((m) => ({ default: m.SessionSwitch })));

/**
 * The header's items that depend on the session. A visitor who cannot be signed in gets the
 * signed-out ones ("Sign in", Join Waitlist) at once; one who may be (issue 28: a practitioner saw
 * "Join Waitlist" flash on every cold load) gets their place held, empty, until the session is known.
 */
function BySession({ children }: Pick<SessionSwitchProps, 'children'>) {
  const signedOut: ReactNode = children(false);
  const pending = (
    <span className={styles.sessionPending} aria-hidden="true">
      {signedOut}
    </span>
  );
  return useMaybeSignedIn() ? (
    <Suspense fallback={pending}>
      <LazySessionSwitch pending={pending}>{children}</LazySessionSwitch>
    </Suspense>
  ) : (
    signedOut
  );
}

/** While the menu is open: page scroll locked, Escape closes it, and it closes when the screen widens. */
function useMenuSideEffects(open: boolean, close: () => void) {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });

  useEffect(() => {
    if (!open) return;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
    };
    document.addEventListener('keydown', onKeyDown);

    const wide = typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_SCREEN_QUERY) : null;
    const onWide = (event: MediaQueryListEvent) => {
      if (event.matches) closeRef.current();
    };
    wide?.addEventListener('change', onWide);

    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', onKeyDown);
      wide?.removeEventListener('change', onWide);
    };
  }, [open]);
}
