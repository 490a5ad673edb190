import { style } from '@vanilla-extract/css';
import { space } from '../ui/theme.css.ts';

export const badges = style({ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: space.xs });
