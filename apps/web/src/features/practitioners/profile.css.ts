import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoint, radius, space, titleSize, vars } from '../../ui/theme.css.ts';

export const page = style({
  width: '100%',
  maxWidth: '72rem',
  margin: '0 auto',
  padding: `${space.lg} ${space.md} ${space.xxl}`,
  display: 'flex',
  flexDirection: 'column',
  gap: space.lg,
  '@media': { [breakpoint.md]: { padding: `${space.xl} ${space.lg} ${space.xxxl}` } },
});

export const back = style({ alignSelf: 'flex-start', marginLeft: `calc(-1 * ${space.sm})` });

export const layout = style({
  display: 'grid',
  gap: space.xl,
  alignItems: 'start',
  '@media': { [breakpoint.lg]: { gridTemplateColumns: 'minmax(0, 1fr) 18rem' } },
});

export const main = style({ display: 'flex', flexDirection: 'column', gap: space.xl, minWidth: 0 });

export const sidebar = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.lg,
  '@media': { [breakpoint.lg]: { position: 'sticky', top: `calc(4rem + ${space.lg})` } },
});

export const skeletonHead = style({ display: 'flex', gap: space.lg, alignItems: 'center' });

export const skeletonLines = style({ flex: 1, display: 'flex', flexDirection: 'column', gap: space.sm });

export const header = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: `${space.md} ${space.lg}`,
  alignItems: 'start',
});

export const avatar = style({
  width: '5rem',
  height: '5rem',
  fontSize: '1.5rem',
  '@media': { [breakpoint.md]: { width: '7rem', height: '7rem', fontSize: '2rem' } },
});

export const identity = style({ display: 'flex', flexDirection: 'column', gap: space.sm, minWidth: 0 });

export const name = style({ fontSize: titleSize.page });

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs, margin: 0, padding: 0, listStyle: 'none' });

export const facts = style({ display: 'flex', flexWrap: 'wrap', gap: `${space.xs} ${space.lg}`, color: vars.color.textMuted, fontSize: '0.9375rem' });

export const fact = style({ display: 'inline-flex', alignItems: 'center', gap: space.xs });

globalStyle(`${fact} > svg`, { flexShrink: 0 });

export const rating = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm, color: vars.color.textMuted });

export const actions = style({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  gap: space.sm,
  '@media': { [breakpoint.md]: { gridColumn: '2 / -1' } },
});

export const iconToggle = style({
  selectors: {
    '&[data-selected]': { color: vars.color.danger, backgroundColor: vars.color.dangerSoft, borderColor: vars.color.danger },
  },
});

export const sideCard = style({ gap: space.md });

export const sideTitle = style({ fontSize: titleSize.card });

export const details = style({ display: 'flex', flexDirection: 'column', gap: space.md, margin: 0 });

export const detail = style({ display: 'flex', flexDirection: 'column', gap: space.xs });

export const detailLabel = style({ display: 'flex', alignItems: 'center', gap: space.sm, fontWeight: 600, fontSize: '0.9375rem' });

export const detailValue = style({ margin: 0, color: vars.color.textMuted, paddingLeft: `calc(18px + ${space.sm})` });

export const insurance = style({ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: space.sm });

export const more = style({ fontWeight: 600, whiteSpace: 'nowrap' });

export const panel = style({ display: 'flex', flexDirection: 'column', gap: space.xl, paddingTop: space.sm });

export const panelSection = style({ display: 'flex', flexDirection: 'column', gap: space.md });

export const panelTitle = style({ fontSize: titleSize.section });

export const lead = style({ fontSize: '1.125rem', fontWeight: 500 });

export const muted = style({ color: vars.color.textMuted });

export const textList = style({ display: 'flex', flexDirection: 'column', gap: space.sm, margin: 0, padding: 0, listStyle: 'none' });

export const textItem = style({ display: 'flex', alignItems: 'flex-start', gap: space.sm });

export const textItemIcon = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '1.5rem',
  height: '1.5rem',
  marginTop: '0.05rem',
  borderRadius: radius.full,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
});

export const cardList = style({ display: 'flex', flexDirection: 'column', gap: space.md, margin: 0, padding: 0, listStyle: 'none' });

export const itemCard = style({ gap: space.sm });

export const itemHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: space.sm });

export const itemTitle = style({ fontSize: '1.0625rem', fontFamily: 'inherit', fontWeight: 700 });

export const itemMeta = style({ color: vars.color.textMuted, fontSize: '0.875rem' });

export const reviewSummary = style({ display: 'flex', alignItems: 'center', gap: space.lg });

export const reviewScore = style({ fontSize: '3rem', fontWeight: 700, lineHeight: 1, color: vars.color.text });
