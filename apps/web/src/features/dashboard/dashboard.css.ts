import { style } from '@vanilla-extract/css';
import { radius, space, titleSize, vars } from '../../ui/theme.css.ts';

export const page = style({ width: '100%', maxWidth: '72rem' });

/** The note of an account whose address is not proved yet (issue 25). */
export const verifyBanner = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: space.sm,
  marginBlockEnd: space.lg,
  padding: space.md,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceTinted,
  color: vars.color.text,
});

export const verifyBannerTitle = style({ fontSize: titleSize.item });
