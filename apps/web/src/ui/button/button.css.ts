import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { radius, vars } from '../theme.css.ts';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '0.5rem',
    border: '1px solid transparent',
    borderRadius: radius.md,
    fontWeight: 600,
    lineHeight: 1.2,
    textDecoration: 'none',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transition: 'background-color 150ms ease, border-color 150ms ease, color 150ms ease, transform 100ms ease',
    outline: 'none',
    WebkitTapHighlightColor: 'transparent',
    selectors: {
      '&[data-focus-visible]': {
        outline: `2px solid ${vars.color.focusRing}`,
        outlineOffset: '2px',
      },
      '&[data-pressed]': { transform: 'translateY(1px)' },
      '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
      '&[data-pending]': { cursor: 'progress' },
    },
  },
  variants: {
    variant: {
      primary: {
        backgroundColor: vars.color.primary,
        color: vars.color.onPrimary,
        selectors: {
          '&[data-hovered]:not([data-disabled])': { backgroundColor: vars.color.primaryHover },
          '&[data-pressed]:not([data-disabled])': { backgroundColor: vars.color.primaryPressed },
        },
      },
      secondary: {
        backgroundColor: vars.color.primarySoft,
        color: vars.color.onPrimarySoft,
        selectors: {
          '&[data-hovered]:not([data-disabled])': { borderColor: vars.color.primary },
        },
      },
      outline: {
        backgroundColor: 'transparent',
        color: vars.color.text,
        borderColor: vars.color.borderStrong,
        selectors: {
          '&[data-hovered]:not([data-disabled])': { backgroundColor: vars.color.surfaceMuted },
        },
      },
      ghost: {
        backgroundColor: 'transparent',
        color: vars.color.text,
        selectors: {
          '&[data-hovered]:not([data-disabled])': { backgroundColor: vars.color.surfaceMuted },
          '&[data-current]': { color: vars.color.primary, textDecoration: 'underline', textUnderlineOffset: '6px' },
        },
      },
      link: {
        backgroundColor: 'transparent',
        color: vars.color.primary,
        textDecoration: 'underline',
        textUnderlineOffset: '3px',
        selectors: {
          '&[data-hovered]:not([data-disabled])': { textDecorationThickness: '2px' },
          '&[data-pressed]': { transform: 'none' },
        },
      },
    },
    size: {
      inline: { padding: 0, minHeight: '2rem', fontSize: '0.9375rem' },
      sm: { minHeight: '2.25rem', padding: '0.375rem 0.875rem', fontSize: '0.875rem' },
      md: { minHeight: '2.75rem', padding: '0.625rem 1.25rem', fontSize: '1rem' },
      lg: { minHeight: '3.25rem', padding: '0.75rem 1.75rem', fontSize: '1.0625rem' },
      icon: { width: '2.75rem', height: '2.75rem', padding: 0 },
    },
    fullWidth: {
      true: { width: '100%' },
      false: {},
    },
  },
  defaultVariants: { variant: 'primary', size: 'md', fullWidth: false },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;
