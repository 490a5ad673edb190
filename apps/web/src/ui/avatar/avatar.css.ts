import { recipe } from '@vanilla-extract/recipes';
import { radius, vars } from '../theme.css.ts';

export const avatar = recipe({
  base: {
    flexShrink: 0,
    display: 'grid',
    placeItems: 'center',
    overflow: 'hidden',
    borderRadius: radius.full,
    backgroundColor: vars.color.primarySoft,
    color: vars.color.onPrimarySoft,
    fontWeight: 700,
    letterSpacing: '0.02em',
    userSelect: 'none',
  },
  variants: {
    size: {
      sm: { width: '2rem', height: '2rem', fontSize: '0.75rem' },
      md: { width: '3rem', height: '3rem', fontSize: '1rem' },
      lg: { width: '4rem', height: '4rem', fontSize: '1.25rem' },
    },
  },
  defaultVariants: { size: 'md' },
});

