import { keyframes, style } from '@vanilla-extract/css';
import { breakpoint, radius, space, vars } from '../../ui/theme.css.ts';

const appear = keyframes({ from: { opacity: 0, transform: 'translateY(4px)' }, to: { opacity: 1, transform: 'none' } });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: space.xl });

export const fieldRow = style({
  display: 'grid',
  gap: space.md,
  '@media': { [breakpoint.sm]: { gridTemplateColumns: '1fr 1fr', alignItems: 'start' } },
});

export const received = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: space.md,
  minHeight: '20rem',
  padding: space.xl,
  borderRadius: radius.md,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
  textAlign: 'center',
  animation: `${appear} 200ms ease-out`,
});

export const receivedIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '3.5rem',
  height: '3.5rem',
  borderRadius: radius.full,
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
});

export const receivedTitle = style({ fontSize: '1.75rem', color: 'inherit' });

export const termsNote = style({ margin: 0, marginTop: `calc(-1 * ${space.sm})`, fontSize: '0.9375rem', color: vars.color.textMuted });
