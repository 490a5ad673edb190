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

export const errorSummary = style([
  formAlert,
  { display: 'flex', flexDirection: 'column', gap: '0.5rem', fontWeight: 400 },
]);

export const errorSummaryTitle = style({ margin: 0, fontWeight: 700 });

export const errorSummaryList = style({ margin: 0, paddingLeft: '1.25rem', display: 'flex', flexDirection: 'column', gap: '0.25rem' });

export const errorSummaryLink = style({
  color: 'inherit',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  cursor: 'pointer',
  borderRadius: radius.sm,
  outline: 'none',
  selectors: {
    '&[data-hovered]': { textDecorationThickness: '2px' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
