import { style } from '@vanilla-extract/css';
import { fieldGroup } from '../../ui/form/form.css.ts';
import { space, vars } from '../../ui/theme.css.ts';

export {
  fieldPair as pair,
  fieldsetLegend as legend,
  formActions as actions,
  formWarning as warning,
  formWarningList as warningList,
  formWarningTitle as warningTitle,
} from '../../ui/form/form.css.ts';

export const chosenDay = style({ marginTop: `calc(-1 * ${space.sm})`, color: vars.color.textMuted, fontWeight: 600 });

export const newPatient = style([fieldGroup, { backgroundColor: vars.color.surfaceTinted }]);
