import { style } from '@vanilla-extract/css';
import { breakpoint, radius, vars } from '../theme.css.ts';

export const checkbox = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.625rem',
  fontSize: '0.9375rem',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.75 },
  },
});

export const box = style({
  flexShrink: 0,
  width: '1.25rem',
  height: '1.25rem',
  display: 'grid',
  placeItems: 'center',
  borderRadius: radius.sm,
  border: `2px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  color: vars.color.onPrimary,
  transition: 'background-color 150ms ease, border-color 150ms ease',
  selectors: {
    [`${checkbox}[data-selected] &`]: { backgroundColor: vars.color.primary, borderColor: vars.color.primary },
    [`${checkbox}[data-focus-visible] &`]: { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    [`${checkbox}[data-invalid] &`]: { borderColor: vars.color.danger },
  },
});

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.25rem',
});

export const groupLabel = style({
  fontSize: '0.9375rem',
  fontWeight: 600,
  color: vars.color.text,
  marginBottom: '0.25rem',
});

export const items = style({ display: 'flex', flexDirection: 'column', gap: '0.5rem' });

export const itemsCompact = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))',
  gap: '0.5rem 1rem',
  '@media': { [breakpoint.lg]: { display: 'flex', flexDirection: 'column' } },
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: '0.375rem' });

export const error = style({ fontSize: '0.875rem', fontWeight: 500, color: vars.color.danger });
