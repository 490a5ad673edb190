import { keyframes, style } from '@vanilla-extract/css';
import { radius, space, titleSize, vars } from '../theme.css.ts';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  display: 'grid',
  placeItems: 'center',
  padding: space.md,
  backgroundColor: 'rgba(10, 20, 17, 0.55)',
  selectors: { '&[data-entering]': { animation: `${fadeIn} 150ms ease-out` } },
});

export const modal = style({
  width: '100%',
  maxWidth: '32rem',
  maxHeight: 'calc(100vh - 2rem)',
  overflowY: 'auto',
  borderRadius: radius.lg,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  outline: 'none',
});

export const dialog = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.md,
  padding: space.lg,
  outline: 'none',
});

export const title = style({ fontSize: titleSize.card });

/** A dialog's buttons: the safe choice first, the acting one last, at the end of the line. */
export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: space.sm, flexWrap: 'wrap', marginTop: space.md });
