import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css.ts';

export const link = style({
  color: vars.color.primary,
  fontWeight: 500,
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  borderRadius: '2px',
  outline: 'none',
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { textDecorationThickness: '2px' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
