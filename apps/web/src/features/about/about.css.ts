import { style } from '@vanilla-extract/css';
import { breakpoint, font, space, vars } from '../../ui/theme.css.ts';

export const story = style({
  display: 'grid',
  gap: space.xl,
  '@media': { [breakpoint.lg]: { gridTemplateColumns: '1fr 1.6fr', alignItems: 'start' } },
});

export const storyHeading = style({ display: 'flex', flexDirection: 'column', gap: space.sm });

export const storyText = style({ display: 'flex', flexDirection: 'column', gap: space.md, fontSize: '1.0625rem', color: vars.color.textMuted });

export const member = style({ alignItems: 'center', textAlign: 'center' });

export const role = style({ color: vars.color.primary, fontWeight: 600, fontSize: '0.9375rem' });

export const stats = style({
  display: 'grid',
  gap: space.lg,
  margin: 0,
  '@media': { [breakpoint.md]: { gridTemplateColumns: 'repeat(3, 1fr)' } },
});

export const stat = style({ display: 'flex', flexDirection: 'column-reverse', alignItems: 'center', gap: space.xs, textAlign: 'center' });

export const statValue = style({ margin: 0, fontFamily: font.heading, fontSize: 'clamp(2.5rem, 6vw, 3.5rem)', fontWeight: 700, color: vars.color.primary, lineHeight: 1 });

export const statLabel = style({ color: vars.color.textMuted, fontSize: '1.0625rem' });

export const closing = style({ marginTop: space.xxl, flexDirection: 'column', alignItems: 'center' });
