import { style } from '@vanilla-extract/css';
import { radius, vars } from '../theme.css.ts';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.375rem',
  minWidth: 0,
});

export const label = style({
  fontSize: '0.9375rem',
  fontWeight: 600,
  color: vars.color.text,
});

export const input = style({
  width: '100%',
  minHeight: '2.75rem',
  padding: '0.625rem 0.875rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: '1rem',
  outline: 'none',
  transition: 'border-color 150ms ease, box-shadow 150ms ease',
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&[data-hovered]:not([data-disabled])': { borderColor: vars.color.primary },
    '&[data-focused]': { borderColor: vars.color.primary, boxShadow: `0 0 0 3px ${vars.color.primarySoft}` },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-disabled]': { cursor: 'not-allowed', backgroundColor: vars.color.surfaceMuted, opacity: 0.75 },
  },
});

export const description = style({
  fontSize: '0.875rem',
  color: vars.color.textMuted,
});

export const error = style({
  fontSize: '0.875rem',
  fontWeight: 500,
  color: vars.color.danger,
});

export const textArea = style({ resize: 'vertical', minHeight: '6rem', lineHeight: 1.5 });
