import { style } from '@vanilla-extract/css';
import { radius, vars } from '../theme.css.ts';

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '1rem',
});

export const formAlert = style({
  padding: '0.75rem 1rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.danger}`,
  backgroundColor: vars.color.dangerSoft,
  color: vars.color.danger,
  fontWeight: 500,
  fontSize: '0.9375rem',
});
