import { style } from '@vanilla-extract/css';
import { space, titleSize, vars } from '../../ui/theme.css.ts';

export const page = style({
  display: 'flex',
  justifyContent: 'center',
  padding: `${space.xxl} ${space.md}`,
});

export const card = style({ width: '100%', maxWidth: '28rem', gap: space.lg });

export const header = style({ display: 'flex', flexDirection: 'column', gap: space.sm });

export const title = style({ fontSize: titleSize.page });

export const subtitle = style({ color: vars.color.textMuted });

export const switchText = style({ color: vars.color.textMuted, fontSize: '0.9375rem', textAlign: 'center' });

