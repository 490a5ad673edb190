import { style, styleVariants } from '@vanilla-extract/css';
import { breakpoint, radius, space, titleSize, vars } from '../../ui/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: space.lg, maxWidth: '64rem', minWidth: 0 });

export const title = style({ fontSize: titleSize.subpage });

export const muted = style({ color: vars.color.textMuted });

export const secondary = style({ fontSize: '0.875rem', color: vars.color.textMuted, overflowWrap: 'anywhere' });

export const strong = style({ fontWeight: 600 });

/** Three figures side by side, compact on a phone. */
export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: space.sm,
  '@media': { [breakpoint.sm]: { gap: space.md } },
});

export const stat = style({
  gap: space.xs,
  padding: space.sm,
  '@media': { [breakpoint.sm]: { padding: '1.25rem' } },
});

export const statLabel = style({ color: vars.color.textMuted, fontSize: '0.8125rem', '@media': { [breakpoint.sm]: { fontSize: '1rem' } } });

export const statValue = style({
  fontSize: '1.25rem',
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  '@media': { [breakpoint.sm]: { fontSize: '1.75rem' } },
});

export const list = style({ display: 'flex', flexDirection: 'column', gap: space.md, listStyle: 'none', margin: 0, padding: 0 });

export const item = style({ display: 'flex', flexDirection: 'row', gap: space.md, alignItems: 'flex-start', flexWrap: 'wrap' });

export const itemMain = style({ display: 'flex', flexDirection: 'column', gap: space.xs, flex: '1 1 16rem', minWidth: 0 });

export const itemHead = style({ display: 'flex', alignItems: 'center', gap: space.sm, flexWrap: 'wrap' });

export const actions = style({ display: 'flex', gap: space.sm, flexWrap: 'wrap', alignItems: 'center' });

export const statusIcon = style({ flexShrink: 0, marginTop: '0.125rem' });

export const iconColor = styleVariants({
  grey: { color: vars.color.textMuted },
  blue: { color: vars.color.focusRing },
  green: { color: vars.color.primary },
  red: { color: vars.color.danger },
});

export const formCard = style({ maxWidth: '40rem' });

export const pair = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: space.md,
  '@media': { [breakpoint.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const formActions = style({ display: 'flex', justifyContent: 'flex-end', gap: space.sm, flexWrap: 'wrap' });

export const codeHeader = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: space.md, flexWrap: 'wrap' });

export const codeGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))',
  gap: space.md,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const codeCard = style({ display: 'flex', flexDirection: 'column', gap: space.sm, height: '100%' });

/** docs/product.md#referral-codes: an inactive code's card is dimmed (its text keeps AA contrast; the card's surface fades). */
export const inactive = style({ backgroundColor: vars.color.surfaceMuted, borderStyle: 'dashed' });

export const codeText = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: '1.125rem',
  fontWeight: 700,
  letterSpacing: '0.04em',
  overflowWrap: 'anywhere',
});

export const codeFacts = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${space.xs} ${space.md}`, margin: 0, fontSize: '0.875rem' });

export const factLabel = style({ color: vars.color.textMuted });

export const factValue = style({ margin: 0, fontWeight: 500 });

export const codeActions = style({ display: 'flex', gap: space.xs, flexWrap: 'wrap', marginTop: 'auto', paddingTop: space.sm });

export const dialogActions = style({ display: 'flex', justifyContent: 'flex-end', gap: space.sm, flexWrap: 'wrap', marginTop: space.md });

export const offer = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.md,
  maxWidth: '36rem',
  margin: `${space.xl} auto`,
  padding: `0 ${space.md}`,
});

export const offerCode = style({
  alignSelf: 'flex-start',
  padding: `${space.xs} ${space.sm}`,
  borderRadius: radius.md,
  border: `1px dashed ${vars.color.borderStrong}`,
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: space.md, minWidth: 0 });
