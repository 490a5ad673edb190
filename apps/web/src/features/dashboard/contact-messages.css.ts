import { style } from '@vanilla-extract/css';
import { breakpoint, radius, space, vars } from '../../ui/theme.css.ts';
import { row, title as sectionTitle } from '../../ui/section-card/section-card.css.ts';

export const intro = style({ color: vars.color.textMuted, marginTop: space.xs });

export const list = style({ listStyle: 'none', margin: `${space.md} 0 0`, padding: 0, display: 'flex', flexDirection: 'column', gap: space.sm });

/** A row of the dashboard's lists, with the message beside its one button. */
export const messageRow = style([row, { '@media': { [breakpoint.md]: { gridTemplateColumns: 'minmax(0, 1fr) auto' } } }]);

/** An unread message stands out: a tinted row with an accent edge. */
export const unreadRow = style({ backgroundColor: vars.color.surfaceTinted, borderLeft: `4px solid ${vars.color.primary}` });

export const head = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: `${space.xs} ${space.sm}` });

export const sender = style({ fontWeight: 600, fontSize: '1.0625rem' });

export const when = style({ color: vars.color.textMuted, fontSize: '0.9375rem' });

export const snippet = style({
  margin: `${space.xs} 0 0`,
  color: vars.color.textMuted,
  overflow: 'hidden',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflowWrap: 'anywhere',
});

export const details = style({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: `${space.xs} ${space.md}`, margin: 0 });

export const detailLabel = style({ color: vars.color.textMuted, fontWeight: 600 });

export const detailValue = style({ margin: 0, overflowWrap: 'anywhere' });

export const body = style({
  margin: 0,
  padding: space.md,
  borderRadius: radius.md,
  backgroundColor: vars.color.surfaceMuted,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: space.sm });

export const failure = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: space.sm, marginTop: space.md });

export const heading = style([sectionTitle, { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm }]);

export const section = style({ marginTop: space.xl });
