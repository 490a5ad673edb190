import { style } from '@vanilla-extract/css';
import { space } from '../../ui/theme.css.ts';

/** Back to the list on the left, Export record on the right; stacked when there is no room. */
export const pageHeader = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: space.sm, flexWrap: 'wrap' });
