import { style } from '@vanilla-extract/css';
import { radius, space, titleSize, vars } from '../../ui/theme.css.ts';

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

/** A neutral note above the form (e.g. why the user has to sign in again). */
export const notice = style({
  padding: `${space.sm} ${space.md}`,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceTinted,
  color: vars.color.text,
  fontSize: '0.9375rem',
});
