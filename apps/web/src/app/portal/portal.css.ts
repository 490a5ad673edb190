import { style } from '@vanilla-extract/css';
import { breakpoint, space, vars } from '../../ui/theme.css.ts';

/** The portal's own heading above its sidebar (the site header and footer frame every page already). */
export const portalHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: `0 ${space.sm}`,
  paddingBottom: space.sm,
  '@media': {
    [breakpoint.md]: { flexDirection: 'column', padding: `0 ${space.md} ${space.md}` },
  },
});

export const portalName = style({
  margin: 0,
  fontSize: '0.8125rem',
  fontWeight: 700,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.onPrimarySoft,
});

export const portalUser = style({
  margin: 0,
  fontSize: '0.9375rem',
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});
