import { style, styleVariants } from '@vanilla-extract/css';
import { breakpoint, radius, space, vars } from '../theme.css.ts';

/** Scrolls sideways on a narrow screen instead of squeezing the columns. */
export const container = style({
  width: '100%',
  overflowX: 'auto',
  borderRadius: radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  borderSpacing: 0,
  fontSize: '0.9375rem',
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});

export const header = style({ backgroundColor: vars.color.surfaceMuted });

export const column = style({
  padding: `${space.sm} ${space.md}`,
  textAlign: 'left',
  fontWeight: 600,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  outline: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: {
    '&[data-allows-sorting]': { cursor: 'pointer' },
    '&[data-hovered][data-allows-sorting]': { color: vars.color.text },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});

export const sortIndicator = style({
  display: 'inline-block',
  marginLeft: space.xs,
  transition: 'transform 150ms ease',
  selectors: { '[data-sort-direction="ascending"] &': { transform: 'rotate(180deg)' } },
});

export const row = style({
  outline: 'none',
  selectors: {
    '&:not(:last-child)': { borderBottom: `1px solid ${vars.color.border}` },
    '&[data-href], &[data-action]': { cursor: 'pointer' },
    '&[data-hovered]': { backgroundColor: vars.color.surfaceTinted },
    '&[data-pressed]': { backgroundColor: vars.color.primarySoft },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});

export const cell = style({
  padding: `${space.sm} ${space.md}`,
  verticalAlign: 'middle',
  color: vars.color.text,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});

export const empty = style({ padding: space.xl, textAlign: 'center', color: vars.color.textMuted });

/** `hideBelow`: the column (its header and its cells) shows only from that width up. */
export const hiddenBelow = styleVariants({
  sm: { display: 'none', '@media': { [breakpoint.sm]: { display: 'table-cell' } } },
  md: { display: 'none', '@media': { [breakpoint.md]: { display: 'table-cell' } } },
  lg: { display: 'none', '@media': { [breakpoint.lg]: { display: 'table-cell' } } },
});

/** Content shown only below a width (the email under the name on a phone). */
export const shownBelow = styleVariants({
  sm: { '@media': { [breakpoint.sm]: { display: 'none' } } },
  md: { '@media': { [breakpoint.md]: { display: 'none' } } },
  lg: { '@media': { [breakpoint.lg]: { display: 'none' } } },
});
