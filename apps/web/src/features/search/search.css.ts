import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoint, radius, space, titleSize, vars } from '../../ui/theme.css.ts';

export const page = style({
  width: '100%',
  maxWidth: '72rem',
  margin: '0 auto',
  padding: `${space.xl} ${space.md} ${space.xxl}`,
  display: 'flex',
  flexDirection: 'column',
  gap: space.lg,
  '@media': { [breakpoint.md]: { padding: `${space.xxl} ${space.lg} ${space.xxxl}` } },
});

export const intro = style({ display: 'flex', flexDirection: 'column', gap: space.sm });

export const title = style({ fontSize: titleSize.page });

export const muted = style({ color: vars.color.textMuted });

export const searchBar = style({
  display: 'grid',
  gap: space.md,
  padding: space.md,
  borderRadius: radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  boxShadow: vars.shadow.sm,
  '@media': { [breakpoint.md]: { gridTemplateColumns: '1.4fr 1fr', padding: space.lg } },
});

export const searchField = style({});

export const layout = style({
  display: 'grid',
  gap: space.lg,
  alignItems: 'start',
  '@media': { [breakpoint.lg]: { gridTemplateColumns: '17rem minmax(0, 1fr)' } },
});

export const filtersToggle = style({
  alignSelf: 'flex-start',
  '@media': { [breakpoint.lg]: { display: 'none' } },
});

export const filters = style({
  gap: space.lg,
  display: 'none',
  selectors: { '&[data-open]': { display: 'flex' } },
  '@media': { [breakpoint.lg]: { display: 'flex', position: 'sticky', top: `calc(4rem + ${space.md})` } },
});

export const filtersHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: space.sm });

/** The filter controls' outline while their code loads (a wide screen shows them from the start). */
export const filtersLoading = style({ display: 'flex', flexDirection: 'column', gap: space.lg });

export const filtersTitle = style({ fontSize: titleSize.card });

export const results = style({ display: 'flex', flexDirection: 'column', gap: space.md, minWidth: 0, outline: 'none', scrollMarginTop: '5rem' });

export const resultsHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: space.sm });

export const count = style({ fontWeight: 700, fontSize: '1.125rem' });

export const list = style({
  display: 'grid',
  gap: space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  transition: 'opacity 150ms ease',
  selectors: { '&[data-fetching]': { opacity: 0.7 } },
  '@media': { [breakpoint.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

/** A card's rows: name and place, specialties, bio, rating, experience, insurance. */
const CARD_ROWS = 6;

/**
 * The cards of one grid row share their row tracks (subgrid): names, specialties, bios and each of
 * the rating, experience and insurance lines start at the same height in both, whatever wraps.
 */
export const card = style({
  position: 'relative',
  display: 'grid',
  gridRow: `span ${CARD_ROWS}`,
  gridTemplateRows: 'subgrid',
  alignContent: 'start',
  // Each line at the top of its row (not centred in a row that a neighbour's wrapping made taller).
  alignItems: 'start',
  // The facts' spacing; the blocks above them add the rest (`cardBlock`).
  rowGap: space.xs,
  transition: 'border-color 150ms ease, box-shadow 150ms ease',
  selectors: {
    '&:hover': { borderColor: vars.color.primary, boxShadow: vars.shadow.md },
    '&:focus-within': { borderColor: vars.color.primary },
  },
});

/** Name, specialties and bio: a wider gap below each than between the facts. */
export const cardBlock = style({ marginBottom: `calc(${space.md} - ${space.xs})` });

export const cardHead = style({ display: 'flex', alignItems: 'center', gap: space.md });

export const cardIdentity = style({ display: 'flex', flexDirection: 'column', gap: space.xs, minWidth: 0 });

/** Above the card's link overlay, so it is pressed itself; at the end of the name's row. */
export const cardBook = style({ position: 'relative', zIndex: 1, marginLeft: 'auto', flexShrink: 0, alignSelf: 'flex-start' });

export const cardName = style({ fontSize: '1.125rem', fontFamily: 'inherit', fontWeight: 700 });

export const cardLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    // Stretches the link over the whole card.
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: radius.lg },
    '&[data-hovered]': { textDecoration: 'underline' },
    '&[data-focus-visible]::after': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const cardMeta = style({ display: 'inline-flex', alignItems: 'center', gap: space.xs, color: vars.color.textMuted, fontSize: '0.9375rem' });

globalStyle(`${cardMeta} > svg, ${cardMeta} > [role="img"]`, { flexShrink: 0 });

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs, margin: 0, padding: 0, listStyle: 'none' });

export const bio = style({
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});

/** The facts (rating, experience, insurance) are rows of the card's grid themselves. */
export const cardFacts = style({ display: 'contents' });

export const pagination = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.md,
  marginTop: space.md,
});

// On a phone the page indicator takes its own row above the buttons; from `sm` the three share one.
export const pageOf = style({
  order: -1,
  flexBasis: '100%',
  textAlign: 'center',
  fontWeight: 600,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  '@media': { [breakpoint.sm]: { order: 0, flexBasis: 'auto' } },
});

globalStyle(`${pagination} svg`, { flexShrink: 0 });

export const skeletonCard = style({ gap: space.md });

export const skeletonHead = style({ display: 'flex', gap: space.md, alignItems: 'center' });

export const skeletonLines = style({ flex: 1, display: 'flex', flexDirection: 'column', gap: space.sm });
