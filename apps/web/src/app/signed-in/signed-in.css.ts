import { style } from '@vanilla-extract/css';
import { breakpoint, space, titleSize, vars } from '../../ui/theme.css.ts';

/** The side menu beside the page on wide screens; above it, folded, on a phone. */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  width: '100%',
  maxWidth: '90rem',
  margin: '0 auto',
  '@media': {
    [breakpoint.md]: { gridTemplateColumns: '15rem minmax(0, 1fr)' },
  },
});

export const content = style({
  minWidth: 0,
  padding: `${space.xl} ${space.md}`,
  '@media': { [breakpoint.md]: { padding: `${space.xl} ${space.xl}` } },
});

export const prompt = style({
  maxWidth: '30rem',
  margin: `${space.xxl} auto`,
  alignItems: 'center',
  textAlign: 'center',
  gap: space.lg,
});

export const promptPage = style({ padding: `0 ${space.md}` });

export const title = style({ fontSize: titleSize.page });

export const muted = style({ color: vars.color.textMuted });

export const loading = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.md,
  maxWidth: '72rem',
  margin: '0 auto',
  padding: `${space.xxl} ${space.md}`,
});
