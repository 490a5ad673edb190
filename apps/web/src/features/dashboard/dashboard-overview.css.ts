import { style } from '@vanilla-extract/css';
import { radius, space, titleSize, vars } from '../../ui/theme.css.ts';

export const overview = style({ display: 'flex', flexDirection: 'column', gap: space.xl, marginTop: space.xl });

export const progress = style({
  height: '0.5rem',
  borderRadius: radius.full,
  backgroundColor: vars.color.surfaceMuted,
  overflow: 'hidden',
});

export const progressFill = style({ height: '100%', borderRadius: radius.full, backgroundColor: vars.color.primary });


export const when = style({ color: vars.color.textMuted, fontSize: '0.9375rem' });

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs });

export const failure = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: space.sm });

export const statsTitle = style({ fontSize: titleSize.section, marginBottom: space.md });
