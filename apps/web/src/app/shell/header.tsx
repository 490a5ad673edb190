import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link as AriaLink } from 'react-aria-components';
import { useLocation } from 'wouter';
import { WAITLIST_SECTION_ID } from '../../lib/scroll.ts';
import { useMaybeSignedIn } from '../../lib/session-hint.ts';
import { siteConfig } from '../../lib/site-config.ts';
import { Button, LinkButton } from '../../ui/button/button.tsx';
import { CloseIcon, LeafIcon, MenuIcon } from '../../ui/icons/icons.tsx';
import * as styles from './header.css.ts';
import { SessionNavLink, type SessionNavLinkProps } from './session-nav-link.tsx';
import { isCurrentPage, siteLinks } from './site-links.ts';
import { ThemeControl } from './theme-control.tsx';
import { useScrolledPast } from './use-scrolled.ts';

// The full navigation needs about 1000 px; below that it lives in the menu (matches styles.wideOnly).
const WIDE_SCREEN_QUERY = '(min-width: 1024px)';
const MOBILE_MENU_ID = 'mobile-menu';
const WAITLIST_HREF = `/#${WAITLIST_SECTION_ID}`;

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
              <SessionLink className={styles.navLink} location={location} />
            </nav>
            <ThemeControl />
            <div className={styles.wideOnly}>{joinLink}</div>
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
            <LinkButton size="lg" fullWidth href={WAITLIST_HREF} onPress={() => setMenuOpen(false)}>
              Join Waitlist
            </LinkButton>
            <SessionLink className={styles.mobileLink} location={location} />
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

// The session check needs the API stack (React Query, tRPC), which the landing page's initial
// JavaScript leaves out: the link loads on its own, showing "Sign in" meanwhile, and only where the
// visitor may be signed in (lib/session-hint): a visitor without a session cookie is not.
const LazySessionLink = lazy(() => import('./session-link.tsx').then((m) => ({ default: m.SessionLink })));

/** "Sign in", or "Dashboard" once signed in (local and preview hosts only). */
function SessionLink(props: SessionNavLinkProps) {
  const signedOut = <SessionNavLink {...props} signedIn={false} />;
  return useMaybeSignedIn() ? (
    <Suspense fallback={signedOut}>
      <LazySessionLink {...props} />
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
