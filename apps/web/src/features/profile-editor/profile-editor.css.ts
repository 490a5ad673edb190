import { style } from '@vanilla-extract/css';
import { breakpoint, radius, space, vars } from '../../ui/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: space.lg, maxWidth: '48rem', minWidth: 0 });

export const muted = style({ color: vars.color.textMuted });

export const panel = style({ display: 'flex', flexDirection: 'column', gap: space.md, paddingTop: space.md });

export const pair = style({
  display: 'grid',
  gap: space.md,
  '@media': { [breakpoint.sm]: { gridTemplateColumns: '1fr 1fr' } },
});

/** A list field: the entry input and its Add button on one line, the entries below. */
export const listField = style({ display: 'flex', flexDirection: 'column', gap: space.sm });

export const addRow = style({ display: 'flex', alignItems: 'flex-start', gap: space.sm });

export const addInput = style({ flex: 1, minWidth: 0 });

/** Lines the Add button up with the input (below the label). */
export const addButton = style({ marginTop: '1.75rem', flexShrink: 0 });

export const entries = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, listStyle: 'none', margin: 0, padding: 0 });

export const entry = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xs,
  padding: `0.125rem 0.25rem 0.125rem ${space.sm}`,
  borderRadius: radius.full,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.onPrimarySoft,
  fontSize: '0.9375rem',
  maxWidth: '100%',
  overflowWrap: 'anywhere',
});

export const removeEntry = style({ minHeight: '2rem', minWidth: '2rem', padding: 0, color: 'inherit' });

export const emptyList = style({ color: vars.color.textMuted, fontSize: '0.9375rem' });

export const photo = style({ display: 'flex', alignItems: 'center', gap: space.md, flexWrap: 'wrap' });

export const photoActions = style({ display: 'flex', flexDirection: 'column', gap: space.xs, minWidth: 0 });

export const photoButtons = style({ display: 'flex', gap: space.sm, flexWrap: 'wrap' });

export const fieldLabel = style({ fontWeight: 600, fontSize: '0.9375rem' });

export const error = style({ color: vars.color.danger, fontSize: '0.875rem' });

export const hint = style({ color: vars.color.textMuted, fontSize: '0.875rem' });

export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: space.sm, flexWrap: 'wrap', marginTop: space.md });

export const loading = style({ display: 'flex', flexDirection: 'column', gap: space.md });


export { fieldGroup as group, fieldsetLegend as legend } from '../../ui/form/form.css.ts';
