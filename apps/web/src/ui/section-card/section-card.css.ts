import { style } from '@vanilla-extract/css';
import { breakpoint, radius, space, titleSize, vars } from '../theme.css.ts';

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.md,
});

export const title = style({ fontSize: titleSize.section });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: space.sm });

export const row = style({
  display: 'grid',
  gap: space.xs,
  alignItems: 'center',
  justifyItems: 'start',
  padding: space.md,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [breakpoint.md]: { gridTemplateColumns: 'minmax(0, 1fr) auto auto', gap: space.md },
  },
});

export const rowMain = style({ display: 'flex', flexDirection: 'column', gap: '0.125rem', minWidth: 0 });

export const rowLead = style({ fontWeight: 600, fontSize: '1.0625rem' });
