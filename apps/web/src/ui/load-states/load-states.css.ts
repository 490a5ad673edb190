import { style } from '@vanilla-extract/css';
import { space } from '../theme.css.ts';

export const rows = style({ display: 'flex', flexDirection: 'column', gap: space.sm, padding: space.md });
