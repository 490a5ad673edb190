import { style } from '@vanilla-extract/css';
import { breakpoint, radius, space, vars } from '../../ui/theme.css.ts';

export const pair = style({
  display: 'grid',
  gap: space.md,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [breakpoint.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.md,
  margin: 0,
  padding: space.md,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
});

export const legend = style({ padding: `0 ${space.xs}`, fontWeight: 600 });

export const warning = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.xs,
  padding: space.md,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.accent}`,
  backgroundColor: vars.color.surfaceMuted,
  color: vars.color.text,
});

export const warningTitle = style({ fontWeight: 600 });

export const warningList = style({ margin: 0, paddingLeft: space.lg, fontSize: '0.9375rem' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: space.sm, marginTop: space.sm });
