import { style } from '@vanilla-extract/css';
import { space, vars } from '../../../ui/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: space.lg, maxWidth: '80rem', minWidth: 0 });

export const muted = style({ color: vars.color.textMuted });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: '0.125rem', minWidth: 0 });

export const strong = style({ fontWeight: 600 });

export const secondary = style({ fontSize: '0.875rem', color: vars.color.textMuted, overflowWrap: 'anywhere' });

export const nowrap = style({ whiteSpace: 'nowrap' });

/** The previous page stays on screen, dimmed, while the next answer is on its way. */
export const stale = style({ opacity: 0.6, transition: 'opacity 150ms ease' });



export const loading = style({ display: 'flex', flexDirection: 'column', gap: space.sm, padding: space.md });

export const dialogText = style({ color: vars.color.textMuted, marginBottom: space.md });

export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: space.sm, flexWrap: 'wrap' });

/** The form page: one readable column. */
export const formPage = style({ display: 'flex', flexDirection: 'column', gap: space.lg, maxWidth: '44rem', minWidth: 0 });

export const pair = style({
  display: 'grid',
  gap: space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
});

export const badgeBelow = style({ display: 'inline-flex', marginTop: space.xs });
