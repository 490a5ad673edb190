import { style } from '@vanilla-extract/css';
import { radius, vars } from '../theme.css.ts';

export const field = style({ display: 'flex', flexDirection: 'column', gap: '0.375rem', minWidth: 0 });

export const group = style({
  display: 'flex',
  alignItems: 'stretch',
  minHeight: '2.75rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  overflow: 'hidden',
  selectors: {
    '&[data-hovered]:not([data-disabled])': { borderColor: vars.color.primary },
    '&[data-focus-within]': { borderColor: vars.color.primary, boxShadow: `0 0 0 3px ${vars.color.primarySoft}` },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-disabled]': { backgroundColor: vars.color.surfaceMuted, opacity: 0.75 },
  },
});

export const input = style({
  flex: 1,
  minWidth: 0,
  padding: '0.625rem 0.875rem',
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontSize: '1rem',
  fontVariantNumeric: 'tabular-nums',
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});

export const stepper = style({
  width: '2.75rem',
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontSize: '1.25rem',
  lineHeight: 1,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:first-child': { borderRight: `1px solid ${vars.color.border}` },
    '&:last-child': { borderLeft: `1px solid ${vars.color.border}` },
    '&[data-hovered]': { backgroundColor: vars.color.surfaceMuted },
    '&[data-pressed]': { backgroundColor: vars.color.primarySoft },
    '&[data-disabled]': { color: vars.color.textMuted, cursor: 'not-allowed' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});
