import { style } from '@vanilla-extract/css';
import { space, vars } from '../../ui/theme.css.ts';

export const intro = style({ color: vars.color.textMuted, marginTop: `calc(-1 * ${space.xs})` });

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: space.sm });

export const note = style({ fontSize: '0.875rem', color: vars.color.textMuted });
