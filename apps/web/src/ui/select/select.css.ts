import { style } from '@vanilla-extract/css';
import { radius, vars } from '../theme.css.ts';

export const select = style({ display: 'flex', flexDirection: 'column', gap: '0.375rem', minWidth: 0 });

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '0.5rem',
  width: '100%',
  minHeight: '2.75rem',
  padding: '0.625rem 0.875rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: '1rem',
  textAlign: 'left',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
    '&[data-disabled]': { cursor: 'not-allowed', backgroundColor: vars.color.surfaceMuted, opacity: 0.75 },
  },
});

export const popover = style({
  minWidth: 'var(--trigger-width)',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  boxShadow: vars.shadow.lg,
  padding: '0.25rem',
  outline: 'none',
});

export const listBox = style({ outline: 'none', maxHeight: '18rem', overflowY: 'auto' });

export const option = style({
  padding: '0.5rem 0.75rem',
  borderRadius: radius.sm,
  cursor: 'pointer',
  outline: 'none',
  color: vars.color.text,
  selectors: {
    '&[data-focused]': { backgroundColor: vars.color.primarySoft, color: vars.color.onPrimarySoft },
    '&[data-selected]': { fontWeight: 600 },
  },
});
