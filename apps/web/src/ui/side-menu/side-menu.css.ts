import { style } from '@vanilla-extract/css';
import { breakpoint, focusRing, headerHeight, radius, space, vars } from '../theme.css.ts';

/** Beside the page on wide screens (the layout's first column); above it, folded, on a phone. */
export const sidebar = style({
  borderBottom: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  padding: `${space.sm} ${space.md}`,
  '@media': {
    [breakpoint.md]: {
      borderBottom: 'none',
      borderRight: `1px solid ${vars.color.border}`,
      padding: `${space.lg} ${space.sm}`,
    },
  },
});

/** Only on a phone: the button that unfolds the menu. */
export const menuToggle = style({
  '@media': { [breakpoint.md]: { display: 'none' } },
});

export const nav = style({
  display: 'none',
  paddingTop: space.sm,
  selectors: { '&[data-open]': { display: 'block' } },
  '@media': {
    [breakpoint.md]: { display: 'block', paddingTop: 0, position: 'sticky', top: `calc(${headerHeight} + ${space.lg})` },
  },
});

export const menuList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '0.125rem',
});

export const separator = style({
  height: '1px',
  margin: `${space.sm} 0`,
  backgroundColor: vars.color.border,
});

/** A menu entry: a link to a screen, or a button (coming soon, Log Out); they look alike. */
export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: space.sm,
  width: '100%',
  minHeight: '2.75rem',
  padding: `0 ${space.md}`,
  border: 'none',
  borderRadius: radius.md,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontWeight: 500,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceMuted },
    '&[data-pressed]': { backgroundColor: vars.color.surfaceMuted },
    '&[data-focus-visible]': focusRing,
    '&[aria-current="page"]': { backgroundColor: vars.color.primarySoft, color: vars.color.onPrimarySoft, fontWeight: 700 },
    '&[data-disabled]': { cursor: 'progress', opacity: 0.7 },
  },
});
