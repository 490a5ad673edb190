import { keyframes, style } from '@vanilla-extract/css';
import { radius, space, vars } from '../../ui/theme.css.ts';

const appear = keyframes({ from: { opacity: 0, transform: 'translateY(4px)' }, to: { opacity: 1, transform: 'none' } });

export const block = style({ display: 'flex', flexDirection: 'column', gap: space.lg });

export const thankYou = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: space.sm,
  minHeight: '13rem',
  padding: space.lg,
  borderRadius: radius.md,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
  textAlign: 'center',
  animation: `${appear} 200ms ease-out`,
});

export const thankYouIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '3rem',
  height: '3rem',
  borderRadius: radius.full,
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
});

export const thankYouText = style({ fontWeight: 700, fontSize: '1.125rem' });

export const invite = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.md,
  paddingTop: space.md,
  borderTop: `1px dashed ${vars.color.border}`,
});

export const inviteToggle = style({ alignSelf: 'flex-start' });

export const invitePanel = style({
  padding: space.md,
  borderRadius: radius.md,
  backgroundColor: vars.color.surfaceMuted,
  animation: `${appear} 150ms ease-out`,
});

export const inviteHint = style({ fontSize: '0.9375rem', color: vars.color.textMuted });

/** The /provider-waitlist page: the heading above the form's card. */
