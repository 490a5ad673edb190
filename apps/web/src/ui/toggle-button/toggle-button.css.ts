import { style } from '@vanilla-extract/css';
import { radius, vars } from '../theme.css.ts';

export const toggleButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.5rem',
  minHeight: '2.75rem',
  minWidth: '2.75rem',
  padding: '0.5rem 0.75rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceMuted },
    '&[data-selected]': { backgroundColor: vars.color.primarySoft, color: vars.color.onPrimarySoft, borderColor: vars.color.primary },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

export const toggleButtonGroup = style({
  display: 'inline-flex',
  gap: '0.25rem',
  padding: '0.25rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
});

export const switchRoot = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.625rem',
  cursor: 'pointer',
  color: vars.color.text,
  selectors: { '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' } },
});

export const track = style({
  position: 'relative',
  width: '2.5rem',
  height: '1.5rem',
  borderRadius: radius.full,
  backgroundColor: vars.color.borderStrong,
  transition: 'background-color 150ms ease',
  selectors: {
    [`${switchRoot}[data-selected] &`]: { backgroundColor: vars.color.primary },
    [`${switchRoot}[data-focus-visible] &`]: { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const thumb = style({
  position: 'absolute',
  top: '0.1875rem',
  left: '0.1875rem',
  width: '1.125rem',
  height: '1.125rem',
  borderRadius: radius.full,
  backgroundColor: vars.color.surface,
  transition: 'transform 150ms ease',
  selectors: {
    [`${switchRoot}[data-selected] &`]: { transform: 'translateX(1rem)' },
  },
});
