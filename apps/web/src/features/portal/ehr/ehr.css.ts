import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoint, space, titleSize, vars } from '../../../ui/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: space.lg, width: '100%', minWidth: 0, maxWidth: '64rem' });

export const titleBlock = style({ display: 'flex', flexDirection: 'column', gap: space.xs, minWidth: 0 });

export const back = style({ alignSelf: 'flex-start' });

export const records = style({ display: 'flex', flexDirection: 'column', gap: space.md, margin: 0, padding: 0, listStyle: 'none' });

export const record = style({ display: 'flex', flexDirection: 'column', gap: space.md, minWidth: 0 });

export const recordHeader = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: space.sm });

export const recordTitle = style({ fontSize: titleSize.card });

export const recordMeta = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: `${space.xs} ${space.sm}`, margin: 0, padding: 0, listStyle: 'none', color: vars.color.textMuted, fontSize: '0.9375rem' });

globalStyle(`${recordMeta} > li + li::before`, { content: '"·" / ""', marginRight: space.sm, color: vars.color.textMuted });

export const signed = style({ display: 'inline-flex', alignItems: 'center', gap: space.xs });

export const soap = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: space.md,
  margin: 0,
  '@media': { [breakpoint.md]: { gridTemplateColumns: '1fr 1fr' } },
});

export const soapPart = style({ display: 'flex', flexDirection: 'column', gap: '0.125rem', margin: 0, minWidth: 0 });

export const soapTerm = style({ fontSize: '0.8125rem', fontWeight: 700, letterSpacing: '0.04em', textTransform: 'uppercase', color: vars.color.textMuted });

export const soapText = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const addenda = style({ display: 'flex', flexDirection: 'column', gap: space.sm, borderTop: `1px solid ${vars.color.border}`, paddingTop: space.md });

export const addendaTitle = style({ fontSize: '1rem', fontFamily: 'inherit', fontWeight: 700 });

export const addendumList = style({ display: 'flex', flexDirection: 'column', gap: space.sm, margin: 0, padding: 0, listStyle: 'none' });

export const addendum = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.125rem',
  paddingLeft: space.md,
  borderLeft: `3px solid ${vars.color.accent}`,
});

export const addendumText = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const addendumByline = style({ margin: 0, fontSize: '0.875rem', color: vars.color.textMuted });

export const recordActions = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm });

export const pager = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: space.sm });

export const loading = style({ display: 'flex', flexDirection: 'column', gap: space.md });

export const failure = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: space.sm });

export const formCard = style({ display: 'flex', flexDirection: 'column', gap: space.md });

export const pair = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: space.md,
  '@media': { [breakpoint.sm]: { gridTemplateColumns: '1fr 1fr' } },
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: space.sm });

/** The patient picker, and under it the new patient's name when New Patient is chosen. */
export const patientPick = style({ display: 'flex', flexDirection: 'column', gap: space.md });
