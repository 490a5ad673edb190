import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css.ts';

export const stars = style({ display: 'inline-flex', alignItems: 'center', gap: '0.125rem', verticalAlign: 'middle' });

export const star = style({ position: 'relative', display: 'inline-block', flexShrink: 0 });

export const empty = style({ color: vars.color.border });

export const filled = style({
  position: 'absolute',
  inset: 0,
  overflow: 'hidden',
  color: vars.color.star,
});
