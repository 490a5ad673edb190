import { style } from '@vanilla-extract/css';
import { radius, space, titleSize, vars } from '../theme.css.ts';

export const emptyState = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: space.sm,
  padding: `${space.xl} ${space.md}`,
  textAlign: 'center',
  border: `1px dashed ${vars.color.border}`,
  borderRadius: radius.lg,
  backgroundColor: vars.color.surface,
});

export const icon = style({
  display: 'grid',
  placeItems: 'center',
  width: '3rem',
  height: '3rem',
  borderRadius: radius.full,
  backgroundColor: vars.color.surfaceMuted,
  color: vars.color.textMuted,
});

export const title = style({ fontSize: titleSize.card });

export const description = style({ color: vars.color.textMuted, maxWidth: '32rem' });

export const action = style({ marginTop: space.sm });
