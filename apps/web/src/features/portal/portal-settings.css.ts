import { style } from '@vanilla-extract/css';

export const title = style({ fontSize: 'clamp(1.5rem, 4vw, 2rem)' });
