import { style } from '@vanilla-extract/css';
import { font, space, titleSize, vars } from '../../ui/theme.css.ts';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: space.md,
  minHeight: '60vh',
  padding: `${space.xxl} ${space.md}`,
  textAlign: 'center',
});

export const code = style({
  fontFamily: font.heading,
  fontSize: 'clamp(4rem, 14vw, 7rem)',
  lineHeight: 1,
  fontWeight: 700,
  color: vars.color.primary,
});

export const title = style({ fontSize: titleSize.subpage });

export const message = style({ color: vars.color.textMuted, maxWidth: '36rem', overflowWrap: 'anywhere' });

export const details = style({
  maxWidth: '40rem',
  padding: space.md,
  borderRadius: '8px',
  backgroundColor: vars.color.dangerSoft,
  color: vars.color.danger,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.9375rem',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
