import { style } from '@vanilla-extract/css';
import { breakpoint, radius, space, vars } from '../theme.css.ts';

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '1rem',
});

export const formAlert = style({
  padding: '0.75rem 1rem',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.danger}`,
  backgroundColor: vars.color.dangerSoft,
  color: vars.color.danger,
  fontWeight: 500,
  fontSize: '0.9375rem',
});

export const errorSummary = style([
  formAlert,
  { display: 'flex', flexDirection: 'column', gap: '0.5rem', fontWeight: 400 },
]);

export const errorSummaryTitle = style({ margin: 0, fontWeight: 700 });

export const errorSummaryList = style({ margin: 0, paddingLeft: '1.25rem', display: 'flex', flexDirection: 'column', gap: '0.25rem' });

export const errorSummaryLink = style({
  color: 'inherit',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  cursor: 'pointer',
  borderRadius: radius.sm,
  outline: 'none',
  selectors: {
    '&[data-hovered]': { textDecorationThickness: '2px' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

/** Two fields side by side from the small breakpoint up, stacked below it. */
export const fieldPair = style({
  display: 'grid',
  gap: space.md,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [breakpoint.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

/** A group of fields in a bordered fieldset (an emergency contact, insurance, billing details). */
export const fieldGroup = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.md,
  margin: 0,
  padding: space.md,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
});

/** A fieldset's legend inside a form (a group of fields: a new patient, an emergency contact). */
export const fieldsetLegend = style({ padding: `0 ${space.xs}`, fontWeight: 600 });

/**
 * A warning inside a form that does not stop it (an overlap, a possible duplicate): title, list.
 * Empty, it takes no room: a live region kept on the page for a warning still to come shows nothing.
 */
export const formWarning = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.xs,
  padding: space.md,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.accent}`,
  backgroundColor: vars.color.surfaceMuted,
  color: vars.color.text,
  selectors: { '&:empty': { padding: 0, borderWidth: 0 } },
});
export const formWarningTitle = style({ fontWeight: 600 });
export const formWarningList = style({ margin: 0, paddingLeft: space.lg, fontSize: '0.9375rem' });

/** The form's buttons, at its end. */
export const formActions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: space.sm, marginTop: space.sm });
