import { recipe } from '@vanilla-extract/recipes';
import { radius, vars } from '../theme.css.ts';

export const card = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    gap: '1rem',
    borderRadius: radius.lg,
    border: `1px solid ${vars.color.border}`,
    backgroundColor: vars.color.surface,
    color: vars.color.text,
    boxShadow: vars.shadow.sm,
  },
  variants: {
    padding: {
      md: { padding: '1.25rem' },
      lg: { padding: 'clamp(1.25rem, 4vw, 2rem)' },
    },
    tone: {
      plain: {},
      tinted: { backgroundColor: vars.color.surfaceTinted },
      raised: { boxShadow: vars.shadow.md },
    },
  },
  defaultVariants: { padding: 'md', tone: 'plain' },
});
