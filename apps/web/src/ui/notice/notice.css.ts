import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { radius, space, vars } from '../theme.css.ts';

export const notice = recipe({
  base: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: space.sm,
    margin: 0,
    borderRadius: radius.md,
    color: vars.color.text,
  },
  variants: {
    /** `info` a neutral note; `attention` something to act on (an accent bar at its start). */
    tone: {
      info: { border: `1px solid ${vars.color.border}`, backgroundColor: vars.color.surfaceTinted },
      attention: { borderLeft: `4px solid ${vars.color.accent}`, backgroundColor: vars.color.surfaceMuted },
    },
    /** `stacked` puts a title, its text and a button under each other. */
    layout: {
      inline: {},
      stacked: { flexDirection: 'column', alignItems: 'flex-start' },
    },
    /** `roomy` for a note with a title and a button. */
    padding: {
      snug: { padding: `${space.sm} ${space.md}` },
      roomy: { padding: space.md },
    },
    size: {
      md: {},
      sm: { fontSize: '0.9375rem' },
    },
  },
  defaultVariants: { tone: 'info', layout: 'inline', padding: 'snug', size: 'md' },
});

export const icon = style({ flexShrink: 0, marginTop: '0.125rem', color: vars.color.primary });
