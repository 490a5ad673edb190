import { style } from '@vanilla-extract/css';
import { section } from '../../ui/layout/layout.css.ts';
import { breakpoint, font, headerHeight, radius, space, vars } from '../../ui/theme.css.ts';

// The page building blocks are the UI kit's, shared with the other public pages.
export { container, eyebrow, lead, section, sectionHeader, sectionTinted, sectionTitle } from '../../ui/layout/layout.css.ts';

/* Hero */
export const hero = style({
  position: 'relative',
  overflow: 'hidden',
  // The hero fills the first screen, its copy centred: the sign-up section below it (and the sections
  // that load after the first paint) start out of view on any screen.
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  minHeight: `calc(100vh - ${headerHeight})`,
  padding: `${space.xxl} 0 ${space.xxl}`,
  background: `radial-gradient(ellipse at 85% 10%, ${vars.color.primarySoft} 0%, transparent 55%), radial-gradient(ellipse at 0% 100%, ${vars.color.surfaceTinted} 0%, transparent 50%)`,
  '@media': { [breakpoint.md]: { padding: `${space.xxxl} 0 ${space.xxxl}` } },
});

export const heroGrid = style({
  display: 'grid',
  gap: space.xxl,
  alignItems: 'center',
  '@media': { [breakpoint.lg]: { gridTemplateColumns: '1.15fr 1fr' } },
});

export const heroCopy = style({ display: 'flex', flexDirection: 'column', gap: space.lg, alignItems: 'flex-start' });

export const heroTitle = style({
  fontSize: 'clamp(2.5rem, 8vw, 4.25rem)',
  letterSpacing: '-0.02em',
  lineHeight: 1.05,
});

export const heroSubtitle = style({ fontSize: 'clamp(1.0625rem, 2.4vw, 1.25rem)', color: vars.color.textMuted, maxWidth: '36rem' });

export const heroActions = style({ display: 'flex', flexWrap: 'wrap', gap: space.md });

export const heroPoints = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${space.sm} ${space.lg}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  color: vars.color.textMuted,
  fontSize: '0.9375rem',
});

export const heroPoint = style({ display: 'inline-flex', alignItems: 'center', gap: space.sm });

export const heroPointIcon = style({ color: vars.color.primary });

export const heroArt = style({
  display: 'none',
  '@media': { [breakpoint.lg]: { display: 'block' } },
});

/* Sign-up cards */
export const cardGrid = style({
  display: 'grid',
  gap: space.lg,
  '@media': { [breakpoint.md]: { gridTemplateColumns: '1fr 1fr' } },
});

export const waitlistSection = style([section, { outline: 'none' }]);

export const cardHeading = style({ display: 'flex', alignItems: 'center', gap: space.md });

export const cardIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '3rem',
  height: '3rem',
  flexShrink: 0,
  borderRadius: radius.md,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
});

export const cardTitle = style({ fontSize: '1.5rem' });

export const cardText = style({ color: vars.color.textMuted });

/* Mission */
export const missionGrid = style({
  display: 'grid',
  gap: space.xl,
  alignItems: 'start',
  '@media': { [breakpoint.lg]: { gridTemplateColumns: '1fr 1fr' } },
});

export const missionText = style({ display: 'flex', flexDirection: 'column', gap: space.md, fontSize: '1.0625rem' });

export const pillars = style({ display: 'grid', gap: space.md, margin: 0, padding: 0, listStyle: 'none' });

export const pillar = style({ display: 'flex', gap: space.md, alignItems: 'flex-start' });

export const pillarTitle = style({ fontFamily: font.body, fontSize: '1.0625rem', fontWeight: 700, marginBottom: space.xs });

/* Access */
export const benefitGrid = style({
  display: 'grid',
  gap: space.lg,
  '@media': { [breakpoint.md]: { gridTemplateColumns: '1fr 1fr' } },
});

export const benefitList = style({ display: 'flex', flexDirection: 'column', gap: space.md, margin: 0, padding: 0, listStyle: 'none' });

export const benefit = style({ display: 'flex', gap: space.sm, alignItems: 'flex-start' });

export const benefitCheck = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '1.5rem',
  height: '1.5rem',
  marginTop: '0.0625rem',
  borderRadius: radius.full,
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
});

/* Directory preview */
export const directoryLayout = style({
  display: 'grid',
  gap: space.lg,
  '@media': { [breakpoint.lg]: { gridTemplateColumns: '17rem 1fr', alignItems: 'start' } },
});

export const filterPanel = style({ gap: space.lg });

export const filterTitle = style({ fontFamily: font.body, fontSize: '1.0625rem', fontWeight: 700 });

export const searchBar = style({
  display: 'grid',
  gap: space.md,
  '@media': { [breakpoint.sm]: { gridTemplateColumns: '1.4fr 1fr' } },
});

export const note = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: space.sm,
  padding: `${space.sm} ${space.md}`,
  borderRadius: radius.md,
  backgroundColor: vars.color.surfaceMuted,
  color: vars.color.text,
  fontSize: '0.9375rem',
});

export const results = style({ display: 'flex', flexDirection: 'column', gap: space.lg, minWidth: 0 });

export const practitionerGrid = style({
  display: 'grid',
  gap: space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [breakpoint.md]: { gridTemplateColumns: '1fr 1fr' } },
});

export const practitionerHead = style({ display: 'flex', gap: space.md, alignItems: 'center' });

export const practitionerName = style({ fontSize: '1.1875rem' });

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${space.xs} ${space.md}`,
  color: vars.color.textMuted,
  fontSize: '0.9375rem',
});

export const metaItem = style({ display: 'inline-flex', alignItems: 'center', gap: space.xs });

export const rating = style([metaItem, { color: vars.color.text, fontWeight: 600 }]);

export const location = style([metaItem, { color: vars.color.textMuted, fontSize: '0.9375rem' }]);

export const reviewCount = style({ color: vars.color.textMuted, fontWeight: 400 });

export const star = style({ color: vars.color.star });

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs, margin: 0, padding: 0, listStyle: 'none' });

export const bio = style({ fontSize: '0.9375rem', color: vars.color.text });

export const disclaimer = style({
  display: 'flex',
  gap: space.sm,
  alignItems: 'flex-start',
  padding: space.md,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: '0.9375rem',
});

export const directoryCta = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: space.md,
  marginTop: space.xl,
  textAlign: 'center',
});

/* Space held for the sections that load just after first paint, so the page does not jump. */
export const waitlistPlaceholder = style({
  minHeight: '52rem',
  '@media': { [breakpoint.md]: { minHeight: '40rem' } },
});

export const directoryPlaceholder = style({ minHeight: '60rem' });
