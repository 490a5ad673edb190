import { style } from '@vanilla-extract/css';
import { space } from '../../ui/theme.css.ts';

export const pageStack = style({ display: 'flex', flexDirection: 'column', gap: space.xl });

export const pageCard = style({ width: '100%', maxWidth: '32rem', margin: '0 auto' });
