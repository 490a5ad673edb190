import { style } from '@vanilla-extract/css';
import { radius, space, vars } from '../../ui/theme.css.ts';

export { fieldPair as pair, fieldsetLegend as legend, formActions as actions, formWarning as warning, formWarningList as warningList, formWarningTitle as warningTitle } from '../../ui/form/form.css.ts';

/** A group of fields (emergency contact, insurance) in a bordered fieldset. */
export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.md,
  margin: 0,
  padding: space.md,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
});
