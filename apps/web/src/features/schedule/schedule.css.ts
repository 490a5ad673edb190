import { style } from '@vanilla-extract/css';
import { space } from '../../ui/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: space.lg, width: '100%', minWidth: 0 });

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: space.md });

export const navigation = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: space.sm });

export const monthYear = style({ fontSize: '1.25rem', minWidth: '9rem', alignSelf: 'center' });

export const datePicker = style({ width: '11rem' });

export const failure = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: space.sm });
