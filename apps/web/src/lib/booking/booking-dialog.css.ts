import { style } from '@vanilla-extract/css';
import { breakpoint, radius, space, vars } from '../../ui/theme.css.ts';

export const intro = style({ color: vars.color.textMuted, marginTop: `calc(-1 * ${space.xs})` });

export const sessionTypes = style({ display: 'flex', flexDirection: 'column', gap: space.sm });

export const sessionType = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.125rem',
  padding: `${space.sm} ${space.md}`,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    '&[data-selected]': { borderColor: vars.color.primary, backgroundColor: vars.color.surfaceTinted },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const sessionName = style({ fontWeight: 600, color: vars.color.text });

export const sessionMeta = style({ fontSize: '0.875rem', color: vars.color.textMuted });

export const groupLabel = style({ fontWeight: 600, marginBottom: space.xs });

export const zoneNote = style({ fontSize: '0.875rem', color: vars.color.textMuted });

/** The calendar, and the chosen day's times under it on a phone, beside it from `sm`. */
export const picker = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.md,
  '@media': { [breakpoint.sm]: { flexDirection: 'row', alignItems: 'flex-start' } },
});

export const calendar = style({ flexShrink: 0 });

export const dayTimes = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.sm,
  flex: 1,
  minWidth: 0,
  '@media': { [breakpoint.sm]: { maxHeight: '21rem', overflowY: 'auto', padding: space.xs } },
});

export const day = style({ display: 'flex', flexDirection: 'column', gap: space.xs });

export const dayTitle = style({ fontSize: '0.9375rem', fontWeight: 600, fontFamily: 'inherit' });

export const times = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs, margin: 0, padding: 0, listStyle: 'none' });

export const chosen = style({ padding: space.md, borderRadius: radius.md, backgroundColor: vars.color.surfaceMuted, color: vars.color.text });

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: space.sm });

export const note = style({ fontSize: '0.875rem', color: vars.color.textMuted });
