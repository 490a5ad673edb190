import { style } from '@vanilla-extract/css';
import { radius, vars } from '../theme.css.ts';

export const disclosure = style({
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
});

export const trigger = style({
  display: 'flex',
  width: '100%',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '0.5rem',
  padding: '0.875rem 1rem',
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontWeight: 600,
  textAlign: 'left',
  cursor: 'pointer',
  outline: 'none',
  borderRadius: radius.md,
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});

export const chevron = style({
  transition: 'transform 150ms ease',
  selectors: { [`${disclosure}[data-expanded] &`]: { transform: 'rotate(180deg)' } },
});

export const panel = style({ padding: '0 1rem' });
export const panelInner = style({ paddingBottom: '1rem' });
