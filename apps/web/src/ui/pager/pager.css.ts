import { style } from '@vanilla-extract/css';
import { space, vars } from '../theme.css.ts';

export const pager = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: space.sm, flexWrap: 'wrap' });

export const buttons = style({ display: 'flex', alignItems: 'center', gap: space.sm });

export const muted = style({ color: vars.color.textMuted });
