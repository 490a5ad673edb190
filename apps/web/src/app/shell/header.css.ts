import { style } from '@vanilla-extract/css';
import { breakpoint, font, headerHeight, radius, space, vars } from '../../ui/theme.css.ts';

export const header = style({
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  zIndex: 50,
  height: headerHeight,
  backgroundColor: 'transparent',
  borderBottom: '1px solid transparent',
  transition: 'background-color 200ms ease, box-shadow 200ms ease, border-color 200ms ease',
  selectors: {
    '&[data-scrolled]': {
      backgroundColor: vars.color.headerScrolled,
      borderBottomColor: vars.color.border,
      boxShadow: vars.shadow.md,
      backdropFilter: 'saturate(1.4) blur(10px)',
      WebkitBackdropFilter: 'saturate(1.4) blur(10px)',
    },
    '&[data-menu-open]': { backgroundColor: vars.color.surface },
  },
});

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.md,
  height: '100%',
  maxWidth: '72rem',
  margin: '0 auto',
  padding: `0 ${space.md}`,
  '@media': { [breakpoint.md]: { padding: `0 ${space.lg}` } },
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.sm,
  fontFamily: font.heading,
  fontSize: '1.375rem',
  fontWeight: 700,
  color: vars.color.text,
  textDecoration: 'none',
  borderRadius: radius.sm,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '4px' },
  },
});

export const brandMark = style({
  display: 'grid',
  placeItems: 'center',
  width: '2rem',
  height: '2rem',
  borderRadius: radius.md,
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
});

export const actions = style({ display: 'flex', alignItems: 'center', gap: space.sm });

/** On local and preview hosts the links move into the menu below 1024 px (header.tsx WIDE_SCREEN_QUERY). */
export const wideOnly = style({
  display: 'none',
  '@media': { [breakpoint.lg]: { display: 'flex', alignItems: 'center', gap: space.xs } },
});

export const narrowOnly = style({
  '@media': { [breakpoint.lg]: { display: 'none' } },
});

export const navLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  padding: '0 0.75rem',
  borderRadius: radius.md,
  whiteSpace: 'nowrap',
  color: vars.color.text,
  fontWeight: 500,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceMuted },
    '&[aria-current="page"]': {
      color: vars.color.primary,
      fontWeight: 700,
      textDecoration: 'underline',
      textDecorationThickness: '2px',
      textUnderlineOffset: '6px',
    },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const mobileMenu = style({
  position: 'fixed',
  top: headerHeight,
  left: 0,
  right: 0,
  bottom: 0,
  zIndex: 49,
  overflowY: 'auto',
  backgroundColor: vars.color.background,
  padding: `${space.xl} ${space.lg}`,
  '@media': { [breakpoint.lg]: { display: 'none' } },
});

export const mobileNav = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.md,
  maxWidth: '28rem',
  margin: '0 auto',
});

export const mobileLink = style([
  navLink,
  {
    justifyContent: 'center',
    fontSize: '1.25rem',
    minHeight: '3.25rem',
    border: `1px solid ${vars.color.border}`,
    backgroundColor: vars.color.surface,
  },
]);

/** The session-dependent items' place while the session is asked for: kept (no jump), not shown, not focusable. */
export const sessionPending = style({ display: 'contents', visibility: 'hidden' });
