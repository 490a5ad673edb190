import { style } from '@vanilla-extract/css';
import { radius, space, vars } from '../theme.css.ts';

export const field = style({ display: 'flex', flexDirection: 'column', gap: '0.375rem', minWidth: 0 });

export const group = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  paddingLeft: '0.875rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  selectors: {
    '&[data-hovered]:not([data-disabled])': { borderColor: vars.color.primary },
    '&[data-focus-within]': { borderColor: vars.color.primary, boxShadow: `0 0 0 3px ${vars.color.primarySoft}` },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-disabled]': { backgroundColor: vars.color.surfaceMuted, opacity: 0.75 },
  },
});

export const dateInput = style({ display: 'flex', flex: 1, padding: '0.5rem 0', fontVariantNumeric: 'tabular-nums' });

export const segment = style({
  padding: '0 0.125rem',
  borderRadius: radius.sm,
  outline: 'none',
  caretColor: 'transparent',
  selectors: {
    '&[data-placeholder]': { color: vars.color.textMuted },
    '&[data-type="literal"]': { padding: 0 },
    '&[data-focused]': { backgroundColor: vars.color.primary, color: vars.color.onPrimary },
  },
});

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  alignSelf: 'stretch',
  width: '2.75rem',
  border: 'none',
  borderLeft: `1px solid ${vars.color.border}`,
  borderRadius: `0 ${radius.md} ${radius.md} 0`,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceMuted },
    '&[data-pressed]': { backgroundColor: vars.color.primarySoft },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});

export const popover = style({
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  padding: space.md,
  outline: 'none',
});

export const dialog = style({ outline: 'none' });
