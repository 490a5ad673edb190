import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { space, vars } from '../theme.css.ts';

/** Figures side by side, as many to a row as fit: two on a phone for short figures, one for long ones. */
export const statList = recipe({
  base: { display: 'grid', gap: space.md, listStyle: 'none', margin: 0, padding: 0 },
  variants: {
    figure: {
      short: { gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 9.5rem), 1fr))' },
      long: { gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 13rem), 1fr))' },
    },
  },
  defaultVariants: { figure: 'short' },
});

export const stat = style({ gap: space.sm });

export const label = style({ display: 'flex', alignItems: 'center', gap: space.sm, color: vars.color.textMuted, fontSize: '0.9375rem', fontWeight: 600 });

export const value = style({ fontSize: 'clamp(1.5rem, 6vw, 2rem)', fontWeight: 700, lineHeight: 1.1, color: vars.color.text, overflowWrap: 'anywhere' });

/** A line under the figure (what it counts, a second figure). */
export const detail = style({ color: vars.color.textMuted, fontSize: '0.875rem' });
