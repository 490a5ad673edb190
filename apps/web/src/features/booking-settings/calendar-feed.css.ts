import { style } from '@vanilla-extract/css';
import { breakpoint, radius, space, titleSize, vars } from '../../ui/theme.css.ts';

/** The section can be scrolled to and focused (the schedule's "Calendar sync" link). */
export const section = style({ display: 'flex', flexDirection: 'column', gap: space.md, minWidth: 0, scrollMarginTop: space.xl, outline: 'none' });

export const header = style({ display: 'flex', flexDirection: 'column', gap: space.xs });

export const title = style({ fontSize: titleSize.card });

export const muted = style({ color: vars.color.textMuted });

export const small = style({ color: vars.color.textMuted, fontSize: '0.875rem' });

/** The link and its Copy button: side by side from a small tablet up, stacked on a phone. */
export const linkRow = style({
  display: 'grid',
  gap: space.sm,
  alignItems: 'end',
  minWidth: 0,
  '@media': { [breakpoint.sm]: { gridTemplateColumns: 'minmax(0, 1fr) auto' } },
});

export const linkField = style({ minWidth: 0 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' });

/** What showing names means, beside the opt-in. */
export const warning = style({
  margin: 0,
  padding: `${space.sm} ${space.md}`,
  borderRadius: radius.md,
  borderLeft: `4px solid ${vars.color.danger}`,
  backgroundColor: vars.color.dangerSoft,
  color: vars.color.text,
});

export const names = style({ display: 'flex', flexDirection: 'column', gap: space.sm, paddingTop: space.md, borderTop: `1px solid ${vars.color.border}` });
