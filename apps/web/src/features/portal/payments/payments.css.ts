import { style } from '@vanilla-extract/css';
import { breakpoint, radius, space, vars } from '../../../ui/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: space.lg, maxWidth: '80rem', minWidth: 0 });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: '0.125rem', minWidth: 0 });

export const strong = style({ fontWeight: 600 });

export const secondary = style({ fontSize: '0.875rem', color: vars.color.textMuted, overflowWrap: 'anywhere' });

/** "No appointment": quieter than a name, and never broken inside a word. */
export const none = style({ fontSize: '0.875rem', color: vars.color.textMuted });

/** On a phone the Status and Actions columns give way: the badge and the action sit under the amount. */
export const phoneStatus = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: space.xs, marginTop: space.xs });

export const amount = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: 600 });

export const nowrap = style({ whiteSpace: 'nowrap' });

/** The previous page stays on screen, dimmed, while the next answer is on its way. */
export const stale = style({ opacity: 0.6, transition: 'opacity 150ms ease' });

/* The Record Payment form. */

export const formPage = style({ display: 'flex', flexDirection: 'column', gap: space.lg, maxWidth: '40rem', minWidth: 0 });

export const back = style({ alignSelf: 'flex-start' });

export const linkedAppointment = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.125rem',
  padding: space.md,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceMuted,
});

export const pair = style({
  display: 'grid',
  gap: space.md,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [breakpoint.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const formActions = style({ display: 'flex', justifyContent: 'flex-end', gap: space.sm, flexWrap: 'wrap' });
