import { style } from '@vanilla-extract/css';
import { breakpoint, font, space, titleSize, vars } from '../../ui/theme.css.ts';

export const footer = style({
  marginTop: 'auto',
  borderTop: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceMuted,
});

export const inner = style({
  display: 'grid',
  gap: space.xl,
  maxWidth: '72rem',
  margin: '0 auto',
  padding: `${space.xxl} ${space.md}`,
  '@media': {
    [breakpoint.md]: { gridAutoFlow: 'column', gridTemplateColumns: '2fr', gridAutoColumns: '1fr', padding: `${space.xxl} ${space.lg}` },
  },
});

export const brandBlock = style({ display: 'flex', flexDirection: 'column', gap: space.sm, maxWidth: '28rem' });

export const brandName = style({ fontFamily: font.heading, fontSize: '1.25rem', fontWeight: 700 });

export const muted = style({ color: vars.color.textMuted, fontSize: '0.9375rem' });

export const contact = style({ display: 'flex', flexDirection: 'column', gap: space.sm, alignItems: 'flex-start' });

export const contactHeading = style({ fontSize: titleSize.item });

export const mailLink = style({ display: 'inline-flex', alignItems: 'center', gap: space.sm, fontWeight: 600 });

export const bottom = style({
  maxWidth: '72rem',
  margin: '0 auto',
  padding: `${space.md} ${space.md} ${space.xl}`,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.md,
  '@media': { [breakpoint.md]: { padding: `${space.md} ${space.lg} ${space.xl}` } },
});

export const linkList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: space.xs });

export const footerLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  borderRadius: '4px',
  selectors: {
    '&[data-hovered]': { textDecoration: 'underline' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const legalList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: `${space.xs} ${space.lg}`, fontSize: '0.9375rem' });
