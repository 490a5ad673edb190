import { style } from '@vanilla-extract/css';
import { breakpoint, radius, space, titleSize, vars } from '../theme.css.ts';

/** Page building blocks shared by the public pages (width, sections, headings). */
export const container = style({
  width: '100%',
  maxWidth: '72rem',
  margin: '0 auto',
  padding: `0 ${space.md}`,
  '@media': { [breakpoint.md]: { padding: `0 ${space.lg}` } },
});

export const narrowContainer = style([container, { maxWidth: '48rem' }]);

export const section = style({
  padding: `${space.xxl} 0`,
  '@media': { [breakpoint.md]: { padding: `${space.xxxl} 0` } },
});

export const sectionTinted = style([section, { backgroundColor: vars.color.surfaceTinted }]);

export const sectionHeader = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: space.sm,
  maxWidth: '44rem',
  margin: `0 auto ${space.xl}`,
  textAlign: 'center',
});

export const eyebrow = style({
  fontSize: '0.8125rem',
  fontWeight: 700,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  color: vars.color.primary,
});

export const sectionTitle = style({ fontSize: 'clamp(1.75rem, 4vw, 2.5rem)' });

export const lead = style({ fontSize: '1.0625rem', color: vars.color.textMuted });

export const muted = style({ color: vars.color.textMuted });

/** A page's opening band: title, lead text and actions, centred. */
export const hero = style({
  padding: `${space.xxl} 0`,
  background: `radial-gradient(ellipse at 85% 0%, ${vars.color.primarySoft} 0%, transparent 55%), radial-gradient(ellipse at 0% 100%, ${vars.color.surfaceTinted} 0%, transparent 50%)`,
  '@media': { [breakpoint.md]: { padding: `${space.xxxl} 0` } },
});

export const heroInner = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: space.lg,
  maxWidth: '48rem',
  margin: '0 auto',
  textAlign: 'center',
});

export const heroTitle = style({ fontSize: titleSize.hero, letterSpacing: '-0.02em', lineHeight: 1.08 });

export const heroLead = style({ fontSize: 'clamp(1.0625rem, 2.4vw, 1.25rem)', color: vars.color.textMuted });

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: space.md });

/** Cards in a responsive grid: one column on phones, up to `columns` on wide screens. */
export const grid2 = style({
  display: 'grid',
  gap: space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [breakpoint.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const grid3 = style({
  display: 'grid',
  gap: space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [breakpoint.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [breakpoint.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

export const grid4 = style({
  display: 'grid',
  gap: space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [breakpoint.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [breakpoint.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});

/** The round icon at the top of a feature card. */
export const featureIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '3rem',
  height: '3rem',
  flexShrink: 0,
  borderRadius: radius.md,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
});

export const cardTitle = style({ fontSize: titleSize.card });

export const plainList = style({ margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: space.sm });

export const checkItem = style({ display: 'flex', alignItems: 'flex-start', gap: space.sm });

export const checkIcon = style({ flexShrink: 0, marginTop: '0.2rem', color: vars.color.primary });
