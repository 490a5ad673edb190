import { recipe } from '@vanilla-extract/recipes';
import { radius, vars } from '../theme.css.ts';

export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '0.25rem',
    padding: '0.125rem 0.625rem',
    borderRadius: radius.full,
    fontSize: '0.8125rem',
    fontWeight: 600,
    lineHeight: 1.6,
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      primary: { backgroundColor: vars.color.primarySoft, color: vars.color.onPrimarySoft },
      neutral: { backgroundColor: vars.color.surfaceMuted, color: vars.color.text },
      outline: { border: `1px solid ${vars.color.borderStrong}`, color: vars.color.text },
      danger: { backgroundColor: vars.color.dangerSoft, color: vars.color.danger },
    },
  },
  defaultVariants: { tone: 'primary' },
});
