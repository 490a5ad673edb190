import { style } from '@vanilla-extract/css';
import { space, vars } from '../../ui/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: space.lg, maxWidth: '80rem' });

export const toolbar = style({ display: 'flex', alignItems: 'flex-end', gap: space.sm, flexWrap: 'wrap' });

export const search = style({ flex: '1 1 16rem', minWidth: 0 });

export const name = style({ display: 'flex', flexDirection: 'column', gap: '0.125rem', minWidth: 0 });

export const strong = style({ fontWeight: 600 });

export const secondary = style({ fontSize: '0.875rem', color: vars.color.textMuted, overflowWrap: 'anywhere' });

/** The previous page stays on screen, dimmed, while the next answer is on its way. */
export const stale = style({ opacity: 0.6, transition: 'opacity 150ms ease' });



export const loading = style({ display: 'flex', flexDirection: 'column', gap: space.sm, padding: space.md });
