import { style } from '@vanilla-extract/css';
import { radius, space, titleSize, vars } from '../../ui/theme.css.ts';

export const page = style({ width: '100%', maxWidth: '72rem' });

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.md,
});

export const title = style({ fontSize: titleSize.page });

export const muted = style({ color: vars.color.textMuted });

export const welcome = style({ display: 'flex', alignItems: 'center', gap: space.md, minWidth: 0 });

/** The name and e-mail beside the photo: a long address wraps instead of widening a phone's page. */
export const welcomeText = style({ minWidth: 0, overflowWrap: 'anywhere' });

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
