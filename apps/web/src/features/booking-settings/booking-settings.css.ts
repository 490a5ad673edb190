import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoint, radius, space, titleSize, vars } from '../../ui/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: space.lg, maxWidth: '56rem', minWidth: 0 });

export const muted = style({ color: vars.color.textMuted });

export const loading = style({ display: 'flex', flexDirection: 'column', gap: space.md });

export const failure = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: space.sm });

/** One card of the form: a heading, a line saying what it is for, its fields. */
export const section = style({ display: 'flex', flexDirection: 'column', gap: space.md, minWidth: 0 });

export const sectionTitle = style({ fontSize: titleSize.card });

export const sectionHeader = style({ display: 'flex', flexDirection: 'column', gap: space.xs });

/** Fields side by side from a small tablet up; one column on a phone. */
export const grid = style({
  display: 'grid',
  gap: space.md,
  alignItems: 'start',
  '@media': { [breakpoint.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const gridWide = style({
  display: 'grid',
  gap: space.md,
  alignItems: 'start',
  '@media': {
    [breakpoint.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [breakpoint.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

export const fullRow = style({ gridColumn: '1 / -1' });

/** The currency select: a short code, so no wider than a field of the grid. */
export const currency = style({ maxWidth: '16rem' });

/** A field's wrapper: where a failed save moves focus (data-field). */
export const place = style({ display: 'flex', flexDirection: 'column', gap: space.xs, minWidth: 0 });

export const list = style({ display: 'flex', flexDirection: 'column', gap: space.md, listStyle: 'none', margin: 0, padding: 0 });

/** A session type or a date override: a bordered block inside its card. */
export const entry = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.md,
  padding: space.md,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceMuted,
  minWidth: 0,
});

export const entryHeader = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: space.sm, flexWrap: 'wrap' });

export const entryTitle = style({ fontSize: '1.0625rem', overflowWrap: 'anywhere' });

/** The weekly hours: one row per weekday, its name beside its ranges from a tablet up. */
export const days = style({ display: 'flex', flexDirection: 'column', gap: 0, margin: 0, padding: 0, listStyle: 'none' });

export const day = style({
  display: 'grid',
  gap: space.sm,
  padding: `${space.md} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 'none', paddingTop: 0 } },
  '@media': { [breakpoint.md]: { gridTemplateColumns: '8rem minmax(0, 1fr)', alignItems: 'start' } },
});

export const dayName = style({ fontWeight: 600, fontSize: '1rem', paddingTop: space.xs, fontFamily: 'inherit' });

export const ranges = style({ display: 'flex', flexDirection: 'column', gap: space.sm, minWidth: 0 });

/** Start and end side by side; Remove beside them from a small tablet up, under them on a phone. */
export const range = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  alignItems: 'start',
  columnGap: space.sm,
  '@media': { [breakpoint.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 12rem)) auto', justifyContent: 'start' } },
});

// A time input needs its width for "09:00 AM" and the picker's icon: less padding than a text field.
globalStyle(`${range} input[type="time"]`, { paddingInline: space.sm });

export const removeRange = style({
  gridColumn: '1 / -1',
  justifySelf: 'start',
  '@media': { [breakpoint.sm]: { gridColumn: 'auto', marginTop: '1.75rem' } },
});

/** A checkbox beside a field in a two-column row: level with the field's input, not its label. */
export const besideField = style({ '@media': { [breakpoint.sm]: { paddingTop: '2.25rem' } } });

export const closed = style({ color: vars.color.textMuted, fontSize: '0.9375rem', paddingTop: space.xs });

export const rowActions = style({ display: 'flex', flexDirection: 'row', gap: space.sm, flexWrap: 'wrap', alignItems: 'center' });

export const error = style({ color: vars.color.danger, fontSize: '0.875rem', fontWeight: 500, margin: 0 });

export const actions = style({ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: space.sm, flexWrap: 'wrap' });

