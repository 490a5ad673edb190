import { recipe } from '@vanilla-extract/recipes';
import { radius, vars } from '../theme.css.ts';

/** A status colour in the light theme and in the dark one (`:root.dark`); each pair meets WCAG AA. */
const statusColor = (light: { bg: string; fg: string }, dark: { bg: string; fg: string }) => ({
  backgroundColor: light.bg,
  color: light.fg,
  selectors: { ':root.dark &': { backgroundColor: dark.bg, color: dark.fg } },
});

export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '0.25rem',
    padding: '0.125rem 0.625rem',
    borderRadius: radius.full,
    fontSize: '0.8125rem',
    fontWeight: 600,
    lineHeight: 1.6,
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      primary: { backgroundColor: vars.color.primarySoft, color: vars.color.onPrimarySoft },
      neutral: { backgroundColor: vars.color.surfaceMuted, color: vars.color.text },
      outline: { border: `1px solid ${vars.color.borderStrong}`, color: vars.color.text },
      danger: { backgroundColor: vars.color.dangerSoft, color: vars.color.danger },
    },
    /** The domain's status colours (`BadgeColor`: patient, appointment, payment statuses); wins over `tone`. */
    color: {
      none: {},
      green: statusColor({ bg: '#dcf1e4', fg: '#1d5c38' }, { bg: '#1c3a2a', fg: '#a6e3bd' }),
      blue: statusColor({ bg: '#dde9fb', fg: '#1f4a8a' }, { bg: '#1c2d4a', fg: '#b5d0ff' }),
      grey: statusColor({ bg: '#ebe8e2', fg: '#3d4643' }, { bg: '#2a332f', fg: '#d3ddd8' }),
      red: statusColor({ bg: '#fcebea', fg: '#a1231b' }, { bg: '#3a1e1b', fg: '#ffb4ab' }),
      yellow: statusColor({ bg: '#fbf0cf', fg: '#6b4a00' }, { bg: '#3a3017', fg: '#f3d27a' }),
    },
  },
  defaultVariants: { tone: 'primary', color: 'none' },
});
