import { style } from '@vanilla-extract/css';
import { breakpoint, radius, space, titleSize, vars } from '../../ui/theme.css.ts';

/** Two columns (the patient beside the tabs) once the side menu leaves the record enough room. */
const twoColumns = 'screen and (min-width: 1180px)';

export const page = style({ display: 'flex', flexDirection: 'column', gap: space.lg, maxWidth: '80rem' });

export const back = style({ alignSelf: 'flex-start' });

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: space.lg,
  alignItems: 'start',
  '@media': { [twoColumns]: { gridTemplateColumns: '22rem minmax(0, 1fr)' } },
});

export const column = style({ display: 'flex', flexDirection: 'column', gap: space.lg, minWidth: 0 });

export const cardHeader = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: space.sm, flexWrap: 'wrap' });

export const cardTitle = style({ fontSize: titleSize.item });

export const identity = style({ display: 'flex', alignItems: 'flex-start', gap: space.md });

export const identityText = style({ display: 'flex', flexDirection: 'column', gap: space.xs, minWidth: 0, flex: 1 });

export const patientName = style({ fontSize: '1.375rem', overflowWrap: 'anywhere' });

export const muted = style({ color: vars.color.textMuted });

export const small = style({ fontSize: '0.875rem' });

export const contactList = style({ display: 'flex', flexDirection: 'column', gap: space.xs, margin: 0, overflowWrap: 'anywhere' });

export const contactRow = style({ display: 'flex', alignItems: 'center', gap: space.sm, color: vars.color.textMuted });

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs, alignItems: 'center', margin: 0, padding: 0, listStyle: 'none' });

export const list = style({ display: 'flex', flexDirection: 'column', gap: space.sm, margin: 0, padding: 0, listStyle: 'none' });

export const listItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.125rem',
  padding: space.sm,
  borderRadius: radius.md,
  backgroundColor: vars.color.surfaceMuted,
});

export const itemTitle = style({ fontWeight: 600 });

export const itemRow = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: space.sm, flexWrap: 'wrap' });

export const emptyText = style({ color: vars.color.textMuted });

export const definitions = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: space.md,
  margin: 0,
  '@media': { [breakpoint.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const definition = style({ display: 'flex', flexDirection: 'column', gap: '0.125rem', margin: 0 });

export const term = style({ fontSize: '0.8125rem', fontWeight: 700, letterSpacing: '0.04em', textTransform: 'uppercase', color: vars.color.textMuted });

export const description = style({ margin: 0, overflowWrap: 'anywhere' });

export const sections = style({ display: 'flex', flexDirection: 'column', gap: space.sm });

export const soap = style({ display: 'flex', flexDirection: 'column', gap: space.md });

export const soapTitle = style({ fontSize: '0.9375rem', fontWeight: 700 });

export const soapText = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const noteTrigger = style({ display: 'flex', flexDirection: 'column', gap: '0.125rem', fontWeight: 400, textAlign: 'left' });

export const noteMeta = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm, color: vars.color.textMuted, fontSize: '0.875rem' });

export const timeline = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: space.md,
  margin: 0,
  padding: `0 0 0 ${space.lg}`,
  listStyle: 'none',
  borderLeft: `2px solid ${vars.color.border}`,
});

export const timelineItem = style({ position: 'relative', display: 'flex', flexDirection: 'column', gap: '0.125rem' });

export const timelineDot = style({
  position: 'absolute',
  left: `calc(-${space.lg} - 7px)`,
  top: '0.3rem',
  width: '12px',
  height: '12px',
  borderRadius: radius.full,
  backgroundColor: vars.color.primary,
  border: `2px solid ${vars.color.surface}`,
});

export const timelineDotNote = style({ backgroundColor: vars.color.accent });

export const loading = style({ display: 'flex', flexDirection: 'column', gap: space.md });

export const tabHeader = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: space.sm, flexWrap: 'wrap', marginBottom: space.md });

