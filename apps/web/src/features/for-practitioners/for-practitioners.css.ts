import { style } from '@vanilla-extract/css';
import { breakpoint, space, vars } from '../../ui/theme.css.ts';

export const split = style({
  display: 'grid',
  gap: space.xl,
  '@media': { [breakpoint.lg]: { gridTemplateColumns: '1fr 1.3fr', alignItems: 'center' } },
});

export const splitHeading = style({ display: 'flex', flexDirection: 'column', gap: space.sm });

export const reason = style({ fontSize: '1.0625rem' });

export const upcomingHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: space.md });

export const quote = style({ margin: 0, fontSize: '1.0625rem', lineHeight: 1.6 });

export const author = style({ display: 'flex', alignItems: 'center', gap: space.md, marginTop: 'auto' });

export const authorName = style({ fontWeight: 600 });

export const authorRole = style({ color: vars.color.textMuted, fontSize: '0.875rem' });

export const closing = style({ marginTop: space.xl });
