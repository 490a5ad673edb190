import { style, styleVariants } from '@vanilla-extract/css';
import { space, titleSize, vars } from '../theme.css.ts';

/** The title block on the left, the actions on the right; the actions wrap below on a phone. */
export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: space.md });

export const intro = style({ display: 'flex', alignItems: 'center', gap: space.md, minWidth: 0 });

/** A long name or address wraps instead of widening a phone's page. */
export const text = style({ minWidth: 0, overflowWrap: 'anywhere' });

export const title = styleVariants({ page: { fontSize: titleSize.page }, subpage: { fontSize: titleSize.subpage } });

export const description = style({ color: vars.color.textMuted });

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm });
