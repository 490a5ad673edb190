import { style } from '@vanilla-extract/css';
import { breakpoint, radius, space, titleSize, vars } from '../../ui/theme.css.ts';

export const overview = style({ display: 'flex', flexDirection: 'column', gap: space.xl, marginTop: space.xl });

export const progress = style({
  height: '0.5rem',
  borderRadius: radius.full,
  backgroundColor: vars.color.surfaceMuted,
  overflow: 'hidden',
});

export const progressFill = style({ height: '100%', borderRadius: radius.full, backgroundColor: vars.color.primary });

export const sectionHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.md,
});

export const sectionTitle = style({ fontSize: titleSize.section });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: space.sm });

export const row = style({
  display: 'grid',
  gap: space.sm,
  alignItems: 'center',
  padding: space.md,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [breakpoint.md]: { gridTemplateColumns: 'minmax(0, 1fr) auto auto' },
  },
});

export const who = style({ display: 'flex', flexDirection: 'column', gap: '0.125rem', minWidth: 0 });

export const patientLink = style({ fontWeight: 600, fontSize: '1.0625rem' });

export const when = style({ color: vars.color.textMuted, fontSize: '0.9375rem' });

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs });

export const failure = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: space.sm });

export const statsTitle = style([sectionTitle, { marginBottom: space.md }]);
