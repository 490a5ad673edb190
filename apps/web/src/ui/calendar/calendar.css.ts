import { style, styleVariants } from '@vanilla-extract/css';
import { radius, space, vars } from '../theme.css.ts';

export const calendar = style({ width: 'fit-content', maxWidth: '100%' });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.sm,
  marginBottom: space.sm,
});

export const heading = style({ margin: 0, fontSize: '1rem', fontFamily: 'inherit', fontWeight: 600 });

export const navButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.25rem',
  height: '2.25rem',
  border: 'none',
  borderRadius: radius.md,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceMuted },
    '&[data-pressed]': { backgroundColor: vars.color.primarySoft },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
    '&[data-disabled]': { color: vars.color.textMuted, cursor: 'default', opacity: 0.5 },
  },
});

export const grid = style({ borderCollapse: 'collapse' });

export const weekday = style({ padding: '0.25rem', fontSize: '0.8125rem', fontWeight: 600, color: vars.color.textMuted });

const cellBase = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.25rem',
  height: '2.25rem',
  borderRadius: radius.full,
  cursor: 'pointer',
  outline: 'none',
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    '&[data-outside-month]': { display: 'none' },
    '&[data-hovered]': { backgroundColor: vars.color.surfaceMuted },
    '&[data-today]': { boxShadow: `inset 0 0 0 1px ${vars.color.primary}` },
    '&[data-selected]': { backgroundColor: vars.color.primary, color: vars.color.onPrimary, fontWeight: 700 },
    '&[data-disabled], &[data-unavailable]': { color: vars.color.textMuted, cursor: 'not-allowed', textDecoration: 'line-through' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const cell = styleVariants({
  md: [cellBase],
  // 2.625rem: seven columns still fit a 320 px phone's dialog.
  lg: [cellBase, { width: '2.625rem', height: '2.625rem' }],
});
