import { style } from '@vanilla-extract/css';
import { space, vars } from '../../ui/theme.css.ts';

/** The patient form's layout: the shared form pieces under the names the form uses. */
export { fieldGroup as group, fieldPair as pair, fieldsetLegend as legend, formActions as actions, formWarning as warning, formWarningList as warningList, formWarningTitle as warningTitle } from '../../ui/form/form.css.ts';

/** One item of a health-record section: its fields side by side where there is room, and Remove. */
export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: space.sm,
  margin: 0,
  padding: `0 0 ${space.sm}`,
  border: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  minWidth: 0,
});

export const itemFields = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))', gap: space.sm, flex: '1 1 20rem', minWidth: 0 });

export const addItem = style({ alignSelf: 'flex-start' });

export const sectionError = style({ margin: 0, color: vars.color.danger, fontSize: '0.875rem' });
