import { style } from '@vanilla-extract/css';
import { radius, vars } from '../theme.css.ts';

export const popover = style({
  minWidth: '10rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  boxShadow: vars.shadow.lg,
  padding: '0.25rem',
  outline: 'none',
});

export const menu = style({ outline: 'none' });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.625rem',
  padding: '0.5rem 0.75rem',
  borderRadius: radius.sm,
  cursor: 'pointer',
  outline: 'none',
  color: vars.color.text,
  fontSize: '0.9375rem',
  selectors: {
    '&[data-focused]': { backgroundColor: vars.color.primarySoft, color: vars.color.onPrimarySoft },
    '&[data-selected]': { fontWeight: 600 },
    '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

export const check = style({ marginLeft: 'auto' });
