import { style } from '@vanilla-extract/css';
import { headerHeight, radius, vars } from '../ui/theme.css.ts';

export const main = style({
  flex: 1,
  // The footer starts below the first screen, whatever the page: the route's code, its data and
  // its pictures arrive after the first paint and would otherwise push a footer painted in view.
  minHeight: '100vh',
  paddingTop: headerHeight,
  outline: 'none',
});

export const skipLink = style({
  position: 'absolute',
  left: '1rem',
  top: '-4rem',
  zIndex: 60,
  padding: '0.75rem 1rem',
  borderRadius: radius.md,
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:focus': { top: '0.75rem' } },
});

export const pageLoading = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '1rem',
  maxWidth: '40rem',
  margin: '0 auto',
  padding: '4rem 1rem',
});
