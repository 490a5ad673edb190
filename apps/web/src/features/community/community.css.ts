import { style } from '@vanilla-extract/css';
import { breakpoint, radius, space, titleSize, vars } from '../../ui/theme.css.ts';

export const page = style({ width: '100%', maxWidth: '72rem', display: 'flex', flexDirection: 'column', gap: space.lg });

export const muted = style({ color: vars.color.textMuted });

/** A main column and a side column, stacked on narrow screens. */
export const columns = style({
  display: 'grid',
  gap: space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [breakpoint.lg]: { gridTemplateColumns: 'minmax(0, 1fr) 18rem' } },
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: space.md, minWidth: 0 });

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: space.sm, justifyContent: 'space-between' });

export const grow = style({ flex: '1 1 14rem', minWidth: 0 });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: space.md });

export const cardHead = style({ display: 'flex', alignItems: 'flex-start', gap: space.md });

export const cardTitle = style({ fontSize: titleSize.item, lineHeight: 1.3, margin: 0 });

export const meta = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: `${space.xs} ${space.sm}`, fontSize: '0.875rem', color: vars.color.textMuted });

export const metaItem = style({ display: 'inline-flex', alignItems: 'center', gap: space.xs });

export const preview = style({ margin: `${space.sm} 0`, color: vars.color.text });

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm, marginTop: space.sm });

export const liked = style({ color: vars.color.primary });

export const sideTitle = style({ fontSize: titleSize.item, marginBottom: space.sm });

export const sideList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: space.xs });

export const sideRow = style({ display: 'flex', justifyContent: 'space-between', gap: space.sm });

export const bullets = style({ margin: 0, paddingLeft: '1.25rem', display: 'flex', flexDirection: 'column', gap: space.xs });

export const center = style({ display: 'flex', justifyContent: 'center' });

export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: space.md, alignItems: 'flex-end' });

export const filter = style({ minWidth: '12rem', flex: '1 1 12rem', maxWidth: '16rem' });

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 20rem), 1fr))',
});

export const cardImage = style({
  display: 'block',
  width: 'calc(100% + 2.5rem)',
  maxWidth: 'none',
  margin: '-1.25rem -1.25rem 1rem',
  aspectRatio: '16 / 7',
  objectFit: 'cover',
  borderRadius: `${radius.lg} ${radius.lg} 0 0`,
  backgroundColor: vars.color.surfaceMuted,
});

export const eventCard = style({ display: 'flex', flexDirection: 'column', overflow: 'hidden' });

export const push = style({ marginTop: 'auto' });

export const details = style({ listStyle: 'none', margin: `${space.sm} 0`, padding: 0, display: 'flex', flexDirection: 'column', gap: space.xs, fontSize: '0.9375rem' });

export const memberName = style({ fontWeight: 600, margin: 0 });

/** A received connection request: who, then Accept and Decline (below on a phone). */
export const requestRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm });

/** The featured member's achievement: the award beside the first line however the text wraps. */
export const achievement = style({ display: 'flex', alignItems: 'flex-start', gap: space.xs, margin: 0, color: vars.color.primary, fontWeight: 600 });

export const achievementIcon = style({ flexShrink: 0, marginTop: '0.2rem' });
