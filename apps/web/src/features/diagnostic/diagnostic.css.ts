import { style } from '@vanilla-extract/css';
import { breakpoint, radius, space, titleSize, vars } from '../../ui/theme.css.ts';


export const stepHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' });

export const stepNumber = style({ fontSize: '0.875rem', fontWeight: 700, color: vars.color.primary, textTransform: 'uppercase', letterSpacing: '0.06em' });

export const quizCard = style({ gap: space.lg });

export const quizTitle = style({ fontSize: '1.5rem' });

export const browse = style({ marginTop: space.xl, flexDirection: 'column', alignItems: 'center' });

export const quiz = style({ display: 'flex', flexDirection: 'column', gap: space.lg });

export const progressRow = style({ display: 'flex', flexDirection: 'column', gap: space.sm });

export const progressText = style({ fontWeight: 600, color: vars.color.textMuted, fontSize: '0.9375rem' });

export const progressTrack = style({
  height: '0.5rem',
  borderRadius: radius.full,
  backgroundColor: vars.color.surfaceMuted,
  overflow: 'hidden',
});

export const progressFill = style({
  display: 'block',
  height: '100%',
  borderRadius: radius.full,
  backgroundColor: vars.color.primary,
  transition: 'width 200ms ease',
});

export const question = style({ fontSize: 'clamp(1.25rem, 3vw, 1.5rem)', outline: 'none' });

export const options = style({ display: 'flex', flexDirection: 'column', gap: space.sm, margin: 0, padding: 0, listStyle: 'none' });

export const option = style({
  justifyContent: 'space-between',
  textAlign: 'left',
  whiteSpace: 'normal',
  minHeight: '3.25rem',
  fontWeight: 500,
  selectors: {
    '&[aria-pressed="true"]': { borderColor: vars.color.primary, backgroundColor: vars.color.primarySoft, color: vars.color.onPrimarySoft },
  },
});

export const optionText = style({ flex: 1 });

export const optionCheck = style({ flexShrink: 0 });

export const quizNav = style({ display: 'flex', justifyContent: 'flex-start' });

export const results = style({ display: 'flex', flexDirection: 'column', gap: space.xl });

export const resultsHeader = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: space.md });

export const resultsLoading = style({ display: 'flex', flexDirection: 'column', gap: space.md });

export const resultsSection = style({ display: 'flex', flexDirection: 'column', gap: space.md });

export const resultsTitle = style({ fontSize: titleSize.card });

export const muted = style({ color: vars.color.textMuted });

export const approachList = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, margin: 0, padding: 0, listStyle: 'none' });

export const matchList = style({ display: 'flex', flexDirection: 'column', gap: space.md, margin: 0, padding: 0, listStyle: 'none' });

export const matchCard = style({
  display: 'grid',
  gap: space.sm,
  '@media': { [breakpoint.sm]: { gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'start' } },
});

/** The card's details beside its "View Profile" link on wider screens. */
export const matchBody = style({ display: 'flex', flexDirection: 'column', gap: space.sm, minWidth: 0 });

export const matchAction = style({ '@media': { [breakpoint.sm]: { alignSelf: 'center' } } });

export const matchHead = style({ display: 'flex', alignItems: 'center', gap: space.md });

export const matchIdentity = style({ minWidth: 0 });

export const matchRank = style({ fontSize: '0.8125rem', fontWeight: 700, color: vars.color.primary, textTransform: 'uppercase', letterSpacing: '0.06em' });

export const matchName = style({ margin: 0, fontSize: '1.125rem', fontFamily: 'inherit', fontWeight: 700 });

export const matchLocation = style({ display: 'flex', alignItems: 'center', gap: space.xs, color: vars.color.textMuted, fontSize: '0.9375rem' });

export const matchRating = style({ display: 'flex', alignItems: 'center', gap: space.sm, fontSize: '0.9375rem', color: vars.color.textMuted });

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs, margin: 0, padding: 0, listStyle: 'none' });

export const matchReason = style({ fontSize: '0.9375rem', color: vars.color.textMuted });
