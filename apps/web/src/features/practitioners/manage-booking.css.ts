import { style } from '@vanilla-extract/css';
import { breakpoint, space, titleSize, vars } from '../../ui/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: space.lg, maxWidth: '44rem', width: '100%', margin: `${space.xl} auto`, padding: `0 ${space.md}`, minWidth: 0 });

export const title = style({ fontSize: titleSize.subpage });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: space.md, minWidth: 0 });

export const muted = style({ color: vars.color.textMuted });

export const when = style({ fontSize: '1.125rem', fontWeight: 600, overflowWrap: 'anywhere' });

export const facts = style({ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: `${space.xs} ${space.md}`, margin: 0 });

export const factLabel = style({ color: vars.color.textMuted });

export const factValue = style({ margin: 0, overflowWrap: 'anywhere' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' });

export const days = style({ display: 'grid', gap: space.md, gridTemplateColumns: 'minmax(0, 1fr)', '@media': { [breakpoint.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } } });

export const dayTitle = style({ fontSize: '1rem', margin: `0 0 ${space.xs}` });

export const times = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs, listStyle: 'none', padding: 0, margin: 0 });
