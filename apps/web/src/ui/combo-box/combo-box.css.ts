import { style } from '@vanilla-extract/css';
import { radius, vars } from '../theme.css.ts';

export const comboBox = style({ display: 'flex', flexDirection: 'column', gap: '0.375rem', minWidth: 0 });

/** The input and its button, drawn as one field. */
export const control = style({ position: 'relative', display: 'flex', alignItems: 'center' });

export const input = style({ paddingRight: '2.75rem' });

export const button = style({
  position: 'absolute',
  right: '0.25rem',
  display: 'grid',
  placeItems: 'center',
  width: '2.25rem',
  height: '2.25rem',
  border: 'none',
  borderRadius: radius.sm,
  backgroundColor: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceMuted },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}` },
  },
});

export const empty = style({ padding: '0.5rem 0.75rem', color: vars.color.textMuted });
