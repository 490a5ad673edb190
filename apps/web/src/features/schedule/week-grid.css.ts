import { SCHEDULE_COLUMN_HEIGHT_PX } from '@wellspring/domain';
import { style } from '@vanilla-extract/css';
import { breakpoint, focusRing, radius, space, vars } from '../../ui/theme.css.ts';

/** On a phone the seven columns keep their width and the week scrolls sideways. */
export const scroller = style({
  // Positioned, so the visually hidden day names (absolutely placed) scroll with it, not widen the page.
  position: 'relative',
  overflowX: 'auto',
  paddingBottom: space.sm,
  marginInline: `calc(-1 * ${space.md})`,
  paddingInline: space.md,
  '@media': { [breakpoint.lg]: { marginInline: 0, paddingInline: 0 } },
});

export const week = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(7, minmax(7.5rem, 1fr))',
  gap: space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

/** docs/product.md#schedule: each day is a column 500 px high. */
export const day = style({
  display: 'flex',
  flexDirection: 'column',
  height: `${SCHEDULE_COLUMN_HEIGHT_PX}px`,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  overflow: 'hidden',
  selectors: {
    '&[data-today]': { borderColor: vars.color.primary, boxShadow: `inset 0 0 0 1px ${vars.color.primary}`, backgroundColor: vars.color.surfaceTinted },
  },
});

export const dayHeader = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  padding: `${space.sm} ${space.xs}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontFamily: 'inherit',
  fontSize: '0.875rem',
  fontWeight: 600,
  color: vars.color.textMuted,
  selectors: { [`${day}[data-today] &`]: { color: vars.color.onPrimarySoft, backgroundColor: vars.color.primarySoft } },
});

export const dayNumber = style({ fontSize: '1.375rem', fontWeight: 700, color: vars.color.text, selectors: { [`${day}[data-today] &`]: { color: vars.color.onPrimarySoft } } });

export const todayTag = style({ fontSize: '0.75rem', textTransform: 'uppercase', letterSpacing: '0.04em' });

export const appointments = style({
  flex: 1,
  listStyle: 'none',
  margin: 0,
  padding: space.xs,
  display: 'flex',
  flexDirection: 'column',
  gap: space.xs,
  overflowY: 'auto',
});

export const appointment = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.125rem',
  padding: `${space.xs} ${space.sm}`,
  borderRadius: radius.sm,
  borderLeft: `3px solid ${vars.color.primary}`,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
  fontSize: '0.8125rem',
  lineHeight: 1.35,
  textDecoration: 'none',
  outline: 'none',
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { textDecoration: 'underline' },
    '&[data-focus-visible]': focusRing,
  },
});

export const appointmentTime = style({ fontWeight: 700 });
export const appointmentPatient = style({ fontWeight: 600, overflowWrap: 'anywhere' });

export const addButton = style({ margin: space.xs });
